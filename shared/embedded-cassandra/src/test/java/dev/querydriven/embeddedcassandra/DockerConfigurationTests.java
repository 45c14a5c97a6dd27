package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Docker Compose node runs the same configuration as the embedded one.
 */
class DockerConfigurationTests {

	private static final Path COMMITTED = Path.of("../../docker/cassandra.yaml");

	/**
	 * {@code docker/cassandra.yaml} is what {@link CassandraYaml#container()} generates.
	 * To update it, run this test with {@code -Dquerydriven.update-generated=true}.
	 */
	@Test
	void committedDockerConfigurationIsUpToDate() throws IOException {
		String generated = CassandraYaml.container().render();
		if (Boolean.getBoolean("querydriven.update-generated")) {
			Files.writeString(COMMITTED, generated);
		}
		assertThat(COMMITTED).as("docker/cassandra.yaml (regenerate with -Dquerydriven.update-generated=true)")
			.hasContent(generated);
	}

}
