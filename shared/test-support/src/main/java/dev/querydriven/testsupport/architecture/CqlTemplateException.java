package dev.querydriven.testsupport.architecture;

import java.util.Objects;

/**
 * A class allowed to use the driver's raw types ({@code CqlSession}, {@code Row}, a
 * {@code RowMapper}), with the reason Spring Data's entity mapping cannot serve it (a
 * token-range scan, a counter): the list of these is the list of every place a service
 * leaves Spring Data, each with its reason.
 *
 * @param type the class
 * @param reason why it needs the driver's own types
 */
public record CqlTemplateException(Class<?> type, String reason) {

	public CqlTemplateException {
		Objects.requireNonNull(type, "type");
		if (reason == null || reason.isBlank()) {
			throw new IllegalArgumentException("Say why " + type.getSimpleName() + " cannot use Spring Data");
		}
	}

	/**
	 * An exception named by its class name, for a package-private class (a repository)
	 * that the service's root test package cannot name in code.
	 * @param className the class's fully qualified name
	 * @param reason why it needs the driver's own types
	 * @return the exception
	 */
	public static CqlTemplateException named(String className, String reason) {
		try {
			return new CqlTemplateException(Class.forName(className), reason);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalArgumentException("No class " + className + " to except from the CQL-template rule", ex);
		}
	}

}
