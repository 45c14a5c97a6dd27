package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Docker images and the Compose stack run the same Cassandra, with the same
 * configuration, as the embedded node.
 */
class DockerConfigurationTests {

	private static final Path DOCKER = Path.of("../../docker");

	private static final Path COMMITTED_YAML = DOCKER.resolve("cassandra.yaml");

	private static final Path COMMITTED_JVM_OPTIONS = DOCKER.resolve("cassandra/conf/jvm17-server.options");

	/**
	 * {@code docker/cassandra.yaml} is what {@link CassandraYaml#container()} generates.
	 * To update it, run this test with {@code -Dquerydriven.update-generated=true}.
	 */
	@Test
	void committedDockerConfigurationIsUpToDate() throws IOException {
		String generated = CassandraYaml.container().render();
		if (Boolean.getBoolean("querydriven.update-generated")) {
			Files.writeString(COMMITTED_YAML, generated);
		}
		assertThat(COMMITTED_YAML).as("docker/cassandra.yaml (regenerate with -Dquerydriven.update-generated=true)")
			.hasContent(generated);
	}

	/**
	 * The image built from the project's jars starts its node with the embedded node's
	 * JVM flags ({@code docker/cassandra/conf/jvm17-server.options}, regenerated the same
	 * way).
	 */
	@Test
	void committedJvmOptionsAreUpToDate() throws IOException {
		String generated = EmbeddedCassandra.jvmServerOptions();
		if (Boolean.getBoolean("querydriven.update-generated")) {
			Files.writeString(COMMITTED_JVM_OPTIONS, generated);
		}
		assertThat(COMMITTED_JVM_OPTIONS)
			.as("docker/cassandra/conf/jvm17-server.options (regenerate with -Dquerydriven.update-generated=true)")
			.hasContent(generated);
		assertThat(generated).contains("\n--add-exports java.base/jdk.internal.misc=ALL-UNNAMED\n")
			.contains("\n-XX:+UseG1GC\n");
	}

	/**
	 * The official image the Compose stack names and the version the image built from the
	 * project's jars carries are the bundled Cassandra version.
	 */
	@Test
	void dockerFilesNameTheBundledVersion() throws IOException {
		String version = CassandraDistribution.bundledVersion();
		assertThat(Files.readString(DOCKER.resolve("../docker-compose.yml"))).contains("cassandra:" + version);
		assertThat(Files.readString(DOCKER.resolve("cassandra/Dockerfile")))
			.contains("ARG CASSANDRA_VERSION=" + version);
	}

}
