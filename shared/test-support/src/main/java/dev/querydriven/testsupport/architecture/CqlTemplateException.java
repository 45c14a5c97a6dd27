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

}
