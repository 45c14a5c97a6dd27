package dev.querydriven.testcassandra;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;

import org.testcontainers.utility.DockerImageName;

/**
 * Chooses how tests get Cassandra: {@code auto} (the default) takes Testcontainers when a
 * Docker engine answers and the embedded node otherwise, so tests never fail because
 * Docker is missing; {@code -Dquerydriven.cassandra.backend} or
 * {@code QUERYDRIVEN_CASSANDRA_BACKEND} set to {@code docker} or {@code embedded} forces
 * one. The container's image is the official {@code cassandra} image of the bundled
 * version unless {@code -Dquerydriven.cassandra.image} or
 * {@code QUERYDRIVEN_CASSANDRA_IMAGE} names another that behaves like it (such as the
 * image CI builds from the project's own jars, {@code docker/cassandra}).
 */
public final class BackendSelection {

	static final String PROPERTY = "querydriven.cassandra.backend";

	static final String ENVIRONMENT_VARIABLE = "QUERYDRIVEN_CASSANDRA_BACKEND";

	static final String IMAGE_PROPERTY = "querydriven.cassandra.image";

	static final String IMAGE_ENVIRONMENT_VARIABLE = "QUERYDRIVEN_CASSANDRA_IMAGE";

	/** What the user asked for. */
	public enum Mode {

		AUTO, DOCKER, EMBEDDED

	}

	/** What tests get. */
	public enum Backend {

		CONTAINER, EMBEDDED

	}

	private BackendSelection() {
	}

	/**
	 * Reads the requested mode.
	 * @param systemProperties the system properties
	 * @param environment the environment variables
	 * @return the mode, {@code AUTO} when nothing is set
	 */
	public static Mode mode(Properties systemProperties, Map<String, String> environment) {
		String value = systemProperties.getProperty(PROPERTY, environment.get(ENVIRONMENT_VARIABLE));
		if (value == null || value.isBlank()) {
			return Mode.AUTO;
		}
		try {
			return Mode.valueOf(value.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(PROPERTY + " must be auto, docker or embedded, not '" + value + "'", ex);
		}
	}

	/**
	 * Decides the backend.
	 * @param mode the requested mode
	 * @param dockerAvailable asked only when the mode needs to know
	 * @return the backend
	 * @throws IllegalStateException when Docker is forced but no engine answers
	 */
	public static Backend choose(Mode mode, BooleanSupplier dockerAvailable) {
		return switch (mode) {
			case EMBEDDED -> Backend.EMBEDDED;
			case AUTO -> dockerAvailable.getAsBoolean() ? Backend.CONTAINER : Backend.EMBEDDED;
			case DOCKER -> {
				if (!dockerAvailable.getAsBoolean()) {
					throw new IllegalStateException(PROPERTY + "=docker, but no Docker engine answers; "
							+ "start Docker or use " + PROPERTY + "=embedded (or auto)");
				}
				yield Backend.CONTAINER;
			}
		};
	}

	/**
	 * The image of the container backend: the official {@code cassandra} image of the
	 * bundled version, or the one named by the property or environment variable, which is
	 * declared a compatible substitute (it must honour the official image's contract:
	 * {@code /etc/cassandra}, the {@code CASSANDRA_*} and heap variables,
	 * {@code cassandra -f}).
	 * @param systemProperties the system properties
	 * @param environment the environment variables
	 * @param bundledVersion the Cassandra version the embedded node runs
	 * @return the image
	 */
	public static DockerImageName image(Properties systemProperties, Map<String, String> environment,
			String bundledVersion) {
		String value = systemProperties.getProperty(IMAGE_PROPERTY, environment.get(IMAGE_ENVIRONMENT_VARIABLE));
		String name = (value == null || value.isBlank()) ? "cassandra:" + bundledVersion : value.trim();
		return DockerImageName.parse(name).asCompatibleSubstituteFor("cassandra");
	}

}
