package dev.querydriven.testcassandra;

import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.testcontainers.utility.DockerImageName;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests never fail because Docker is missing, and either backend can be forced.
 */
class BackendSelectionTests {

	/**
	 * Without a setting, Docker decides: container when it answers, embedded node when
	 * not.
	 */
	@Test
	void autoModeFollowsDockerAvailability() {
		BackendSelection.Mode mode = BackendSelection.mode(new Properties(), Map.of());
		assertThat(mode).isEqualTo(BackendSelection.Mode.AUTO);
		assertThat(BackendSelection.choose(mode, () -> true)).isEqualTo(BackendSelection.Backend.CONTAINER);
		assertThat(BackendSelection.choose(mode, () -> false)).isEqualTo(BackendSelection.Backend.EMBEDDED);
	}

	/** Forcing embedded never even asks Docker. */
	@Test
	void embeddedModeIgnoresDocker() {
		Properties properties = new Properties();
		properties.setProperty("querydriven.cassandra.backend", "embedded");
		BackendSelection.Mode mode = BackendSelection.mode(properties, Map.of());
		assertThat(BackendSelection.choose(mode, () -> {
			throw new AssertionError("Docker must not be probed");
		})).isEqualTo(BackendSelection.Backend.EMBEDDED);
	}

	/** Forcing Docker uses the container, and says clearly when Docker is missing. */
	@Test
	void dockerModeRequiresDocker() {
		BackendSelection.Mode mode = BackendSelection.mode(new Properties(),
				Map.of("QUERYDRIVEN_CASSANDRA_BACKEND", "Docker"));
		assertThat(mode).isEqualTo(BackendSelection.Mode.DOCKER);
		assertThat(BackendSelection.choose(mode, () -> true)).isEqualTo(BackendSelection.Backend.CONTAINER);
		assertThatIllegalStateException().isThrownBy(() -> BackendSelection.choose(mode, () -> false))
			.withMessageContaining("no Docker engine answers");
	}

	/** The system property wins over the environment, and nonsense is rejected. */
	@Test
	void systemPropertyWinsAndValuesAreChecked() {
		Properties properties = new Properties();
		properties.setProperty("querydriven.cassandra.backend", "embedded");
		assertThat(BackendSelection.mode(properties, Map.of("QUERYDRIVEN_CASSANDRA_BACKEND", "docker")))
			.isEqualTo(BackendSelection.Mode.EMBEDDED);
		properties.setProperty("querydriven.cassandra.backend", "podman");
		assertThatIllegalArgumentException().isThrownBy(() -> BackendSelection.mode(properties, Map.of()))
			.withMessageContaining("auto, docker or embedded");
	}

	/**
	 * The container runs the official image of the bundled version unless another image,
	 * declared a substitute for it, is named (CI names the one it builds from the
	 * project's jars).
	 */
	@Test
	void imageDefaultsToTheOfficialOneOfTheBundledVersion() {
		DockerImageName official = BackendSelection.image(new Properties(), Map.of(), "5.0.6");
		assertThat(official.asCanonicalNameString()).isEqualTo("cassandra:5.0.6");

		Properties properties = new Properties();
		properties.setProperty("querydriven.cassandra.image", "query-driven/cassandra:5.0.6");
		DockerImageName configured = BackendSelection.image(properties,
				Map.of("QUERYDRIVEN_CASSANDRA_IMAGE", "elsewhere/cassandra:1"), "5.0.6");
		assertThat(configured.asCanonicalNameString()).isEqualTo("query-driven/cassandra:5.0.6");
		assertThat(configured.isCompatibleWith(DockerImageName.parse("cassandra"))).isTrue();

		DockerImageName fromEnvironment = BackendSelection.image(new Properties(),
				Map.of("QUERYDRIVEN_CASSANDRA_IMAGE", "elsewhere/cassandra:1"), "5.0.6");
		assertThat(fromEnvironment.asCanonicalNameString()).isEqualTo("elsewhere/cassandra:1");
	}

}
