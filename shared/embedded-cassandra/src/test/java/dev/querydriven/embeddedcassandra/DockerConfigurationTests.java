package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
	 * {@code docker/cassandra.yaml} is what {@link CassandraYaml#docker()} generates. To
	 * update it, run this test with {@code -Dquerydriven.update-generated=true}.
	 */
	@Test
	void committedDockerConfigurationIsUpToDate() throws IOException {
		String generated = CassandraYaml.docker().render();
		if (Boolean.getBoolean("querydriven.update-generated")) {
			Files.writeString(COMMITTED_YAML, generated);
		}
		assertThat(COMMITTED_YAML).as("docker/cassandra.yaml (regenerate with -Dquerydriven.update-generated=true)")
			.hasContent(generated);
	}

	/**
	 * The Compose stack's node runs the tests' container configuration, masking included,
	 * and differs only in keeping a snapshot of what a {@code DROP} or {@code TRUNCATE}
	 * removes.
	 */
	@Test
	void dockerNodeDiffersFromTheTestContainerOnlyInSnapshots() {
		List<String> docker = CassandraYaml.docker().render().lines().toList();
		List<String> container = CassandraYaml.container().render().lines().toList();
		assertThat(docker).contains("auto_snapshot: true", "dynamic_data_masking_enabled: true");
		assertThat(container).contains("auto_snapshot: false", "dynamic_data_masking_enabled: true");
		assertThat(docker.stream().filter((line) -> !container.contains(line)))
			.allMatch((line) -> line.startsWith("auto_snapshot:") || line.startsWith("#"));
		assertThat(container.stream().filter((line) -> !docker.contains(line)))
			.allMatch((line) -> line.startsWith("auto_snapshot:") || line.startsWith("#"));
		assertThat(docker).hasSameSizeAs(container);
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
