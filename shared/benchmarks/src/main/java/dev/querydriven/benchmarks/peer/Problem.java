package dev.querydriven.benchmarks.peer;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * An error answer in the shape the services give it: an RFC 9457 problem
 * ({@code application/problem+json}) as Spring's {@code ProblemDetail} writes it (empty
 * members left out, the default type {@code about:blank} and the {@code instance} too,
 * the members in alphabetical order), with the {@code errors} the services add to a 400
 * after them.
 *
 * @param detail what went wrong
 * @param status the status code
 * @param title the status's reason phrase
 * @param errors for a 400, the offending parameters
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
record Problem(String detail, int status, String title, List<FieldError> errors) {

	/**
	 * One offending parameter.
	 *
	 * @param field the parameter's name
	 * @param message what is wrong with it
	 */
	record FieldError(String field, String message) {

	}

	/**
	 * A 400 naming one parameter.
	 * @param field the parameter
	 * @param detail the whole story, e.g. {@code Invalid request: limit must be ...}
	 * @param message what is wrong with the parameter
	 * @return the response
	 */
	static Mono<ServerResponse> badRequest(String field, String detail, String message) {
		return respond(HttpStatus.BAD_REQUEST, detail, List.of(new FieldError(field, message)), null);
	}

	/**
	 * A 404.
	 * @param detail what was not found
	 * @return the response
	 */
	static Mono<ServerResponse> notFound(String detail) {
		return respond(HttpStatus.NOT_FOUND, detail, List.of(), null);
	}

	/**
	 * A 409: the request contradicts what is stored.
	 * @param detail what it contradicts
	 * @return the response
	 */
	static Mono<ServerResponse> conflict(String detail) {
		return respond(HttpStatus.CONFLICT, detail, List.of(), null);
	}

	/**
	 * A 503 for a request refused before anything was written, with the services'
	 * {@code Retry-After} of one second.
	 * @param detail why, e.g. too many changes in flight
	 * @return the response
	 */
	static Mono<ServerResponse> unavailable(String detail) {
		HttpStatus status = HttpStatus.SERVICE_UNAVAILABLE;
		return ServerResponse.status(status)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.header(HttpHeaders.RETRY_AFTER, "1")
			.bodyValue(new Problem(detail + "; the request is safe to retry.", status.value(), status.getReasonPhrase(),
					List.of()));
	}

	/**
	 * A 401 with the bearer challenge of RFC 6750.
	 * @param detail what is wrong with the token
	 * @param challenge the {@code WWW-Authenticate} value, e.g. {@code Bearer}
	 * @return the response
	 */
	static Mono<ServerResponse> unauthorized(String detail, String challenge) {
		return respond(HttpStatus.UNAUTHORIZED, detail, List.of(), challenge);
	}

	/**
	 * A 403 for a valid token whose subject may not do this.
	 * @return the response
	 */
	static Mono<ServerResponse> forbidden() {
		String detail = "The token's subject may not do this";
		return respond(HttpStatus.FORBIDDEN, detail, List.of(),
				"Bearer error=\"insufficient_scope\", error_description=\"" + detail + "\"");
	}

	private static Mono<ServerResponse> respond(HttpStatus status, String detail, List<FieldError> errors,
			String challenge) {
		ServerResponse.BodyBuilder response = ServerResponse.status(status)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		if (challenge != null) {
			response.header(HttpHeaders.WWW_AUTHENTICATE, challenge);
		}
		return response.bodyValue(new Problem(detail, status.value(), status.getReasonPhrase(), errors));
	}

}
