package dev.querydriven.testsupport;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;

/**
 * Chooses how tests get Cassandra: {@code auto} (the default) takes Testcontainers when a
 * Docker engine answers and the embedded node otherwise, so tests never fail because
 * Docker is missing; {@code -Dquerydriven.cassandra.backend} or
 * {@code QUERYDRIVEN_CASSANDRA_BACKEND} set to {@code docker} or {@code embedded} forces
 * one.
 */
public final class BackendSelection {

	static final String PROPERTY = "querydriven.cassandra.backend";

	static final String ENVIRONMENT_VARIABLE = "QUERYDRIVEN_CASSANDRA_BACKEND";

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

}
