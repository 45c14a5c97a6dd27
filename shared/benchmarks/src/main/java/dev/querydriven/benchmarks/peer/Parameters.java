package dev.querydriven.benchmarks.peer;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

import reactor.core.publisher.Mono;

import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Reads path and query parameters by hand, as a functional endpoint does: what the
 * services' controllers get from Spring's binding and Bean Validation, reduced to the
 * checks their parameters declare, refused in the services' words.
 */
final class Parameters {

	private static final Pattern UUID_TEXT = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private Parameters() {
	}

	/**
	 * A UUID in its canonical text.
	 * @param name the parameter
	 * @param text its text
	 * @return the UUID
	 * @throws Invalid when the text is no UUID
	 */
	static UUID uuid(String name, String text) {
		if (!UUID_TEXT.matcher(text).matches()) {
			throw Invalid.conversion(name, "'" + text + "' is not a UUID");
		}
		return UUID.fromString(text);
	}

	/**
	 * An integer query parameter within bounds.
	 * @param request the request
	 * @param name the parameter
	 * @param absent its value when the request has none
	 * @param min the smallest value accepted
	 * @param max the largest value accepted
	 * @return the value
	 * @throws Invalid when it is no integer or out of bounds
	 */
	static int intParameter(ServerRequest request, String name, int absent, int min, int max) {
		Optional<String> text = request.queryParam(name);
		if (text.isEmpty()) {
			return absent;
		}
		int value;
		try {
			value = Integer.parseInt(text.get().trim());
		}
		catch (NumberFormatException ex) {
			throw Invalid.conversion(name, "'" + text.get() + "' is not a whole number");
		}
		if (value < min) {
			throw Invalid.constraint(name, "must be greater than or equal to " + min);
		}
		if (value > max) {
			throw Invalid.constraint(name, "must be less than or equal to " + max);
		}
		return value;
	}

	/**
	 * A required ISO-8601 date-time with an offset ({@code 2026-01-01T12:00:00.250Z}),
	 * read as {@code @DateTimeFormat(iso = DATE_TIME)} reads it.
	 * @param request the request
	 * @param name the parameter
	 * @return the instant
	 * @throws Invalid when the parameter is absent or unreadable
	 */
	static Instant instantParameter(ServerRequest request, String name) {
		Optional<String> text = request.queryParam(name);
		if (text.isEmpty()) {
			throw Invalid.conversion(name, "Required query parameter '" + name + "' is not present.");
		}
		try {
			return DateTimeFormatter.ISO_DATE_TIME.parse(text.get().trim(), Instant::from);
		}
		catch (DateTimeException ex) {
			throw Invalid.conversion(name,
					"'" + text.get() + "' is not an ISO-8601 date-time such as 2026-05-03T14:00:00Z");
		}
	}

	/**
	 * Refuses a request that continues a list. The benchmarks read first pages;
	 * continuing one would take the service's second statement (and checking the cursor's
	 * signature), which no peered request runs.
	 * @param request the request
	 * @throws Invalid when it has a {@code cursor}
	 */
	static void firstPageOnly(ServerRequest request) {
		if (request.queryParam("cursor").isPresent()) {
			throw Invalid.constraint("cursor", "is not accepted: this lean peer serves first pages only");
		}
	}

	/**
	 * A parameter the request got wrong: a 400 naming it. Never thrown for the
	 * benchmarks' requests, so it carries no stack trace.
	 */
	static final class Invalid extends RuntimeException {

		private static final long serialVersionUID = 1L;

		private final String name;

		private final boolean conversion;

		private Invalid(String name, String message, boolean conversion) {
			super(message, null, false, false);
			this.name = name;
			this.conversion = conversion;
		}

		/** A value that cannot be read as its type (Spring's binding refuses it). */
		static Invalid conversion(String name, String message) {
			return new Invalid(name, message, true);
		}

		/** A value of the right type outside what the parameter allows. */
		static Invalid constraint(String name, String message) {
			return new Invalid(name, message, false);
		}

		/**
		 * The 400, worded as the services word it.
		 * @return the response
		 */
		Mono<ServerResponse> response() {
			return this.conversion ? Problem.badRequest(this.name, getMessage() + " (" + this.name + ")", getMessage())
					: Problem.badRequest(this.name, "Invalid request: " + this.name + " " + getMessage(), getMessage());
		}

	}

}
