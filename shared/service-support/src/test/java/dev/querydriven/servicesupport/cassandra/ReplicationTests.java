package dev.querydriven.servicesupport.cassandra;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Keyspace replication comes from configuration and never lets configuration inject CQL.
 */
class ReplicationTests {

	/**
	 * One embedded node uses SimpleStrategy; a cluster uses NetworkTopologyStrategy per
	 * datacenter.
	 */
	@Test
	void rendersBothStrategies() {
		assertThat(new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1).toCql("dc1"))
			.isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 1}");
		assertThat(new QueryDrivenCassandraProperties.Replication("NetworkTopologyStrategy", 3).toCql("eu-west"))
			.isEqualTo("{'class': 'NetworkTopologyStrategy', 'eu-west': 3}");
	}

	/** Unknown strategies, bad factors and suspicious names are refused. */
	@Test
	void refusesNonsense() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new QueryDrivenCassandraProperties.Replication("Everywhere", 1).toCql("dc1"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 0).toCql("dc1"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new QueryDrivenCassandraProperties.Replication("NetworkTopologyStrategy", 3)
				.toCql("dc1': 1}; DROP KEYSPACE x; --"));
		assertThatIllegalArgumentException().isThrownBy(() -> CqlNames.requireIdentifier("keyspace", "Bad-Name"));
	}

}
