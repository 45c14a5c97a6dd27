package dev.querydriven.testsupport.devrun;

import org.junit.jupiter.api.Test;

import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dev run's node starts only when it is wanted: never against a configured cluster,
 * never when switched off.
 */
class EmbeddedCassandraDevConfigurationTests {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withUserConfiguration(EmbeddedCassandraDevConfiguration.class);

	/** Contact points name a cluster: the dev configuration starts no node. */
	@Test
	void configuredContactPointsStartNoNode() {
		this.contexts.withPropertyValues("spring.cassandra.contact-points=db1.example.com:9042")
			.run((context) -> assertThat(context).doesNotHaveBean(CassandraConnectionDetails.class));
	}

	/** {@code querydriven.cassandra.embedded.enabled=false} switches the node off. */
	@Test
	void switchedOffStartsNoNode() {
		this.contexts.withPropertyValues("querydriven.cassandra.embedded.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(CassandraConnectionDetails.class));
	}

}
