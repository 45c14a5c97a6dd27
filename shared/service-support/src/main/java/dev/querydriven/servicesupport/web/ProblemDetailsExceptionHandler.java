package dev.querydriven.servicesupport.web;

import java.math.BigInteger;
import java.net.URI;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import dev.querydriven.servicesupport.text.InvalidTextException;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import org.springframework.beans.TypeMismatchException;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.ObjectError;
import org.springframework.validation.method.MethodValidationException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.resource.NoResourceFoundException;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.server.ContentTooLargeException;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.PayloadTooLargeException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

/**
 * Maps every error of every service to an RFC 9457 problem
 * ({@code application/problem+json}); the table is in the module's README. Bad input is a
 * 4xx whose {@code errors} property names each offending parameter, or body member by
 * JSON pointer, or the body with the line and column where it stopped parsing. The domain
 * exceptions become 404, 409 and 400. A database that is overloaded, times out or is
 * unavailable becomes a 503 with {@code Retry-After} (every write in this project is
 * idempotent or guarded, so a retry is safe). Anything else, a refused query included, is
 * a 500 whose detail says nothing about the cause: the cause is logged in full, under an
 * id that the problem carries.
 *
 * <p>
 * Errors raised before a controller is chosen or outside one (an unknown route, a filter)
 * reach {@link ProblemDetailsWebExceptionHandler}, which asks {@link #resolve} for the
 * same answer.
 */
@RestControllerAdvice
public class ProblemDetailsExceptionHandler extends ResponseEntityExceptionHandler {

	/** Seconds a client should wait before retrying after a 503. */
	static final String RETRY_AFTER_SECONDS = "1";

	static final String UNEXPECTED_DETAIL = "The server could not complete the request. "
			+ "It is logged under the id in 'errorId'.";

	private static final Logger log = LoggerFactory.getLogger(ProblemDetailsExceptionHandler.class);

	private static final int MAX_QUOTED_LENGTH = 40;

	private static final URI NO_INSTANCE = URI.create("");

	/**
	 * The answer to any exception, whether a controller raised it or not.
	 * @param ex the exception
	 * @param exchange the exchange
	 * @return the problem response
	 */
	public Mono<ResponseEntity<Object>> resolve(Throwable ex, ServerWebExchange exchange) {
		if (ex instanceof NotFoundException notFound) {
			return handleNotFound(notFound, exchange);
		}
		if (ex instanceof ConflictException conflict) {
			return handleConflict(conflict, exchange);
		}
		if (ex instanceof InvalidRequestException invalid) {
			return handleInvalidRequest(invalid, exchange);
		}
		if (ex instanceof ConstraintViolationException violation) {
			return handleConstraintViolation(violation, exchange);
		}
		if (ex instanceof DriverException || ex instanceof DataAccessException) {
			return handleDatabaseError((RuntimeException) ex, exchange);
		}
		if (ex instanceof Exception exception && isSpringWebException(exception)) {
			return handleException(exception, exchange);
		}
		if (ex instanceof Exception exception) {
			return handleUnexpected(exception, exchange);
		}
		return handleUnexpected(new IllegalStateException(ex), exchange);
	}

	private static boolean isSpringWebException(Exception ex) {
		return ex instanceof ErrorResponse || ex instanceof MethodValidationException;
	}

	/**
	 * A refusal the service makes once it has read a row (the caller does not own it)
	 * goes back to the security filter, which answers it as it answers its own refusals:
	 * 403 with the bearer challenge.
	 * @param ex the refusal
	 * @return the same error, on its way out of the controller
	 */
	@ExceptionHandler(AccessDeniedException.class)
	Mono<ResponseEntity<Object>> handleAccessDenied(AccessDeniedException ex) {
		return Mono.error(ex);
	}

	@ExceptionHandler(NotFoundException.class)
	Mono<ResponseEntity<Object>> handleNotFound(NotFoundException ex, ServerWebExchange exchange) {
		return problem(ex, HttpStatus.NOT_FOUND, ex.getMessage(), List.of(), exchange);
	}

	@ExceptionHandler(ConflictException.class)
	Mono<ResponseEntity<Object>> handleConflict(ConflictException ex, ServerWebExchange exchange) {
		return problem(ex, HttpStatus.CONFLICT, ex.getMessage(), List.of(), exchange);
	}

	@ExceptionHandler(InvalidRequestException.class)
	Mono<ResponseEntity<Object>> handleInvalidRequest(InvalidRequestException ex, ServerWebExchange exchange) {
		FieldError error = ex.toFieldError();
		HttpStatus status = (ex instanceof UnprocessableRequestException) ? HttpStatus.UNPROCESSABLE_CONTENT
				: HttpStatus.BAD_REQUEST;
		return problem(ex, status, describe(List.of(error)), List.of(error), exchange);
	}

	/**
	 * Method validation of a class annotated {@code @Validated} (Spring's AOP flavour)
	 * reports parameters this way; plain controllers get
	 * {@link HandlerMethodValidationException}. Both are a 400 naming the parameter.
	 */
	@ExceptionHandler(ConstraintViolationException.class)
	Mono<ResponseEntity<Object>> handleConstraintViolation(ConstraintViolationException ex,
			ServerWebExchange exchange) {
		List<FieldError> errors = ex.getConstraintViolations()
			.stream()
			.map((violation) -> new FieldError(lastNode(violation.getPropertyPath()), violation.getMessage()))
			.toList();
		return problem(ex, HttpStatus.BAD_REQUEST, describe(errors), errors, exchange);
	}

	private static String lastNode(Path path) {
		String name = null;
		for (Path.Node node : path) {
			name = node.getName();
		}
		return (name != null) ? name : path.toString();
	}

	/**
	 * The database's own errors and Spring Data's translations of them (which wrap the
	 * driver's exception, or stand for it): an overloaded, slow or unavailable database
	 * is a 503 to retry; anything else (a guardrail refusal, an invalid query, a missing
	 * permission) is a server defect, a 500.
	 */
	@ExceptionHandler({ DriverException.class, DataAccessException.class })
	Mono<ResponseEntity<Object>> handleDatabaseError(RuntimeException ex, ServerWebExchange exchange) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof NothingWritten) {
				log.warn("Nothing written: {}", cause.getMessage());
				return serviceUnavailable(ex, cause.getMessage() + "; the request is safe to retry.", exchange);
			}
			if (isOverload(cause)) {
				log.warn("Cassandra is overloaded: {}", cause.toString());
				return serviceUnavailable(ex,
						"The database is overloaded; " + RetryAdvice.of(exchange).sentence() + " Wait a moment first.",
						exchange);
			}
			if (isUnavailable(cause)) {
				log.warn("Cassandra did not complete a request: {}", cause.toString());
				return serviceUnavailable(ex,
						"The database did not answer in time; " + RetryAdvice.of(exchange).sentence(), exchange);
			}
		}
		if (ex instanceof TransientDataAccessException || ex instanceof DataAccessResourceFailureException) {
			log.warn("Cassandra did not complete a request: {}", ex.toString());
			return serviceUnavailable(ex, "The database did not answer in time; " + RetryAdvice.of(exchange).sentence(),
					exchange);
		}
		return internalError(ex, exchange);
	}

	private static boolean isOverload(Throwable ex) {
		return ex instanceof RequestThrottlingException || ex instanceof OverloadedException
				|| ex instanceof BusyConnectionException || ex instanceof BootstrappingException
				|| ex instanceof NodeUnavailableException;
	}

	private static boolean isUnavailable(Throwable ex) {
		return ex instanceof DriverTimeoutException || ex instanceof AllNodesFailedException
				|| ex instanceof UnavailableException || ex instanceof QueryConsistencyException
				|| ex instanceof ClosedConnectionException || ex instanceof HeartbeatException;
	}

	private Mono<ResponseEntity<Object>> serviceUnavailable(Exception ex, String detail, ServerWebExchange exchange) {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
		ProblemDetail body = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, detail);
		return handleExceptionInternal(ex, body, headers, HttpStatus.SERVICE_UNAVAILABLE, exchange);
	}

	/**
	 * Anything not mapped above: a 500 whose detail reveals nothing (no message, no
	 * class, no stack trace); the exception is logged in full under the id the problem
	 * carries.
	 */
	@ExceptionHandler(Exception.class)
	Mono<ResponseEntity<Object>> handleUnexpected(Exception ex, ServerWebExchange exchange) {
		if (ex instanceof NothingWritten) {
			return serviceUnavailable(ex, ex.getMessage() + "; the request is safe to retry.", exchange);
		}
		if (ex instanceof java.util.concurrent.TimeoutException) {
			// A change that outlived its deadline: stopped, and left to finish from its
			// durable record.
			return serviceUnavailable(ex, "The change did not finish in time and will be finished in the "
					+ "background; " + RetryAdvice.of(exchange).sentence(), exchange);
		}
		if (ex instanceof RuntimeException wrapper && causedByTheDatabase(wrapper)) {
			// e.g. a dual write whose copies failed: answered like the database's failure
			return handleDatabaseError(wrapper, exchange);
		}
		return internalError(ex, exchange);
	}

	private Mono<ResponseEntity<Object>> internalError(Exception ex, ServerWebExchange exchange) {
		return handleExceptionInternal(ex, null, null, HttpStatus.INTERNAL_SERVER_ERROR, exchange);
	}

	/**
	 * Whether an exception of the application wraps a failure of the database (its cause
	 * chain holds the driver's or Spring Data's exception).
	 */
	private static boolean causedByTheDatabase(Throwable ex) {
		for (Throwable cause = ex.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
			if (cause instanceof DriverException || cause instanceof DataAccessException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Every 5xx but the 503s above passes here without a body of its own (or with one
	 * Spring made from the exception): it gets the generic one, and the exception goes to
	 * the log. The log line names the route's pattern ({@code /users/by-email/{email}}),
	 * never the path the client sent, nor its query: a path or a query can hold an email
	 * address or a name, and personal data stays out of the logs.
	 */
	@Override
	protected Mono<ResponseEntity<Object>> handleExceptionInternal(Exception ex, Object body, HttpHeaders headers,
			HttpStatusCode status, ServerWebExchange exchange) {
		if (status.is5xxServerError() && status.value() != HttpStatus.SERVICE_UNAVAILABLE.value()) {
			String errorId = UUID.randomUUID().toString();
			log.error("Request {} {} failed (error id {})", exchange.getRequest().getMethod(), route(exchange), errorId,
					ex);
			ProblemDetail generic = ProblemDetail.forStatusAndDetail(status, UNEXPECTED_DETAIL);
			generic.setProperty("errorId", errorId);
			return withoutInstance(super.handleExceptionInternal(ex, generic, null, status, exchange));
		}
		return withoutInstance(super.handleExceptionInternal(ex, body, headers, status, exchange));
	}

	/**
	 * The route that answered a request, as its pattern, e.g.
	 * {@code /users/by-email/{email}}; {@code (no route)} when none matched (an unknown
	 * path, a failure in a filter, before any route is chosen).
	 * @param exchange the exchange
	 * @return the pattern
	 */
	static String route(ServerWebExchange exchange) {
		Object pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
		return (pattern != null) ? pattern.toString() : "(no route)";
	}

	/**
	 * A problem carries no {@code instance}. Spring fills a missing one with the
	 * request's path, which can hold personal data ({@code /users/by-email/{email}}), and
	 * the client knows the path it sent; a 500's {@code errorId} is what identifies an
	 * occurrence. An empty reference keeps Spring from filling it, and Jackson leaves an
	 * empty member out of a problem.
	 */
	private static Mono<ResponseEntity<Object>> withoutInstance(Mono<ResponseEntity<Object>> response) {
		return response.doOnNext((entity) -> {
			if (entity.getBody() instanceof ProblemDetail problem) {
				problem.setInstance(NO_INSTANCE);
			}
		});
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleWebExchangeBindException(WebExchangeBindException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		// Only a @RequestBody is validated this way here, so every field is a body
		// member.
		List<FieldError> errors = new ArrayList<>();
		for (ObjectError error : ex.getAllErrors()) {
			String field = (error instanceof org.springframework.validation.FieldError fieldError)
					? fieldError.getField() : "";
			errors.add(FieldError.bodyMember(field, error.getDefaultMessage()));
		}
		return problem(ex, status, describe(errors), errors, exchange);
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		List<FieldError> errors = new ArrayList<>();
		ex.getParameterValidationResults().forEach((result) -> {
			String parameter = result.getMethodParameter().getParameterName();
			for (MessageSourceResolvable error : result.getResolvableErrors()) {
				if (error instanceof org.springframework.validation.FieldError fieldError) {
					errors.add(FieldError.bodyMember(fieldError.getField(), fieldError.getDefaultMessage()));
				}
				else {
					errors.add(new FieldError(parameter, error.getDefaultMessage()));
				}
			}
		});
		return problem(ex, HttpStatus.BAD_REQUEST, describe(errors), errors, exchange);
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleMissingRequestValueException(MissingRequestValueException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		// A missing required parameter names it in the errors list, like every other bad
		// input.
		return handleServerWebInputException(ex, headers, status, exchange);
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleServerWebInputException(ServerWebInputException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		FieldError error = describeInputError(ex);
		return problem(ex, status, error.message() + " (" + error.field() + ")", List.of(error), exchange);
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleUnsupportedMediaTypeStatusException(
			UnsupportedMediaTypeStatusException ex, HttpHeaders headers, HttpStatusCode status,
			ServerWebExchange exchange) {
		String supported = ex.getSupportedMediaTypes().isEmpty() ? "application/json"
				: ex.getSupportedMediaTypes()
					.stream()
					.map(Object::toString)
					.filter((type) -> !type.contains("*"))
					.distinct()
					.collect(Collectors.joining(", "));
		FieldError error = new FieldError(HttpHeaders.CONTENT_TYPE, "must be " + supported);
		return problem(ex, status, "The request body must be " + supported + ".", List.of(error), headers, exchange);
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleNotAcceptableStatusException(NotAcceptableStatusException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		FieldError error = new FieldError(HttpHeaders.ACCEPT, "must accept application/json");
		return problem(ex, status, "This API answers in JSON only.", List.of(error), headers, exchange);
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleResponseStatusException(ResponseStatusException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		if (ex instanceof ContentTooLargeException || ex instanceof PayloadTooLargeException
				|| status.value() == HttpStatus.CONTENT_TOO_LARGE.value()) {
			FieldError error = new FieldError("body", "is larger than this API accepts");
			return problem(ex, status, "The request body is larger than this API accepts.", List.of(error), headers,
					exchange);
		}
		if (ex instanceof NoResourceFoundException) {
			// Spring's detail repeats the path, which can hold personal data.
			return problem(ex, status, "No resource of this API matches the request's path.", List.of(), headers,
					exchange);
		}
		if (status.value() == HttpStatus.UNSUPPORTED_MEDIA_TYPE.value()) {
			// Form data is refused this way, before any reader is chosen.
			FieldError error = new FieldError(HttpHeaders.CONTENT_TYPE, "must be application/json");
			return problem(ex, status, "The request body must be application/json.", List.of(error), headers, exchange);
		}
		return super.handleResponseStatusException(ex, headers, status, exchange);
	}

	private static FieldError describeInputError(ServerWebInputException ex) {
		InvalidTextException invalidText = findCause(ex, InvalidTextException.class);
		JacksonException json = findCause(ex, JacksonException.class);
		if (json != null) {
			return describeJsonError(json, invalidText);
		}
		String parameter = (ex.getMethodParameter() != null) ? ex.getMethodParameter().getParameterName() : null;
		TypeMismatchException mismatch = findCause(ex, TypeMismatchException.class);
		if (mismatch != null && parameter != null) {
			if (invalidText != null) {
				return new FieldError(parameter, invalidText.getMessage());
			}
			return new FieldError(parameter, quote(mismatch.getValue()) + " is not "
					+ describeType((mismatch.getRequiredType() != null) ? mismatch.getRequiredType() : Object.class));
		}
		if (parameter != null && !isBody(ex)) {
			String reason = (ex.getReason() != null) ? ex.getReason() : "Invalid value";
			return new FieldError(parameter, reason);
		}
		return new FieldError("body", "is required and must be a JSON document", "#", null, null);
	}

	private static boolean isBody(ServerWebInputException ex) {
		return ex.getMethodParameter() != null && ex.getMethodParameter().hasParameterAnnotation(RequestBody.class);
	}

	private static FieldError describeJsonError(JacksonException json, InvalidTextException invalidText) {
		List<Object> segments = new ArrayList<>();
		StringBuilder dotted = new StringBuilder();
		for (JacksonException.Reference reference : json.getPath()) {
			if (reference.getPropertyName() != null) {
				if (!dotted.isEmpty()) {
					dotted.append('.');
				}
				dotted.append(reference.getPropertyName());
				segments.add(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				dotted.append('[').append(reference.getIndex()).append(']');
				segments.add(reference.getIndex());
			}
		}
		String path = dotted.toString();
		String pointer = JsonPointers.fromSegments(segments);
		String field = path.isEmpty() ? "body" : path;
		if (invalidText != null) {
			return new FieldError(field, invalidText.getMessage(), pointer, null, null);
		}
		if (json instanceof StreamConstraintsException) {
			return new FieldError(field, "exceeds this API's limits for JSON (nesting, number, name or string length)",
					pointer, null, null);
		}
		if (json instanceof InputCoercionException coercion) {
			return new FieldError(field, "is out of range for " + describeType(coercion.getTargetType()), pointer, null,
					null);
		}
		if (json instanceof StreamReadException) {
			TokenStreamLocation location = json.getLocation();
			Integer line = (location != null && location.getLineNr() > 0) ? location.getLineNr() : null;
			Integer column = (location != null && location.getColumnNr() > 0) ? location.getColumnNr() : null;
			return new FieldError("body", "Malformed JSON: not a well-formed JSON document", null, line, column);
		}
		if (json instanceof UnrecognizedPropertyException unknown) {
			return new FieldError(field,
					"is not a field of this request (known: " + unknown.getKnownPropertyIds()
						.stream()
						.map(String::valueOf)
						.sorted()
						.collect(Collectors.joining(", ")) + ")",
					pointer, null, null);
		}
		if (json instanceof InvalidNullException) {
			return new FieldError(field, "must not be null", pointer, null, null);
		}
		if (json instanceof InvalidFormatException format) {
			return new FieldError(field, quote(format.getValue()) + " is not " + describeType(format.getTargetType()),
					pointer, null, null);
		}
		if (json instanceof MismatchedInputException mismatch) {
			String type = (mismatch.getTargetType() != null) ? describeType(mismatch.getTargetType())
					: "of the expected type";
			return new FieldError(field, "must be " + type, pointer, null, null);
		}
		return new FieldError(field, "Unreadable value", pointer, null, null);
	}

	/**
	 * How a message names a type: "a UUID", "one of PENDING, PAID".
	 */
	private static String describeType(Class<?> type) {
		if (type == null) {
			return "of the expected type";
		}
		if (type.isEnum()) {
			return "one of " + Arrays.stream(type.getEnumConstants())
				.map((constant) -> ((Enum<?>) constant).name())
				.collect(Collectors.joining(", "));
		}
		if (type == String.class || CharSequence.class.isAssignableFrom(type)) {
			return "a JSON string";
		}
		if (type == UUID.class) {
			return "a UUID";
		}
		if (type == PageLimit.class) {
			return "a whole number from " + PageLimit.MIN + " to " + PageLimit.MAX;
		}
		if (type == Integer.class || type == int.class || type == Long.class || type == long.class
				|| type == Short.class || type == short.class || type == BigInteger.class) {
			return "a whole number";
		}
		if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
			return "a number";
		}
		if (type == Boolean.class || type == boolean.class) {
			return "true or false";
		}
		if (Temporal.class.isAssignableFrom(type)) {
			return "an ISO-8601 date-time such as 2026-05-03T14:00:00Z";
		}
		if (Collection.class.isAssignableFrom(type) || type.isArray()) {
			return "a JSON array";
		}
		if (Map.class.isAssignableFrom(type) || type.isRecord() || !type.getName().startsWith("java.")) {
			return "a JSON object";
		}
		return "a valid " + type.getSimpleName();
	}

	/**
	 * A short, escaped quote of a client's value: never more than a few dozen characters,
	 * and invisible or invalid characters shown as {@code \\uXXXX}, so that the answer
	 * can neither be flooded nor corrupted by what it quotes.
	 */
	static String quote(Object value) {
		if (value == null) {
			return "null";
		}
		String text = String.valueOf(value);
		StringBuilder quoted = new StringBuilder("'");
		int length = Math.min(text.length(), MAX_QUOTED_LENGTH);
		for (int i = 0; i < length; i++) {
			char c = text.charAt(i);
			if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || Character.isSurrogate(c)
					|| Character.getType(c) == Character.FORMAT || c == '\'' || c == '\\') {
				quoted.append(String.format("\\u%04X", (int) c));
			}
			else {
				quoted.append(c);
			}
		}
		if (text.length() > MAX_QUOTED_LENGTH) {
			quoted.append("…");
		}
		return quoted.append('\'').toString();
	}

	private static <T extends Throwable> T findCause(Throwable ex, Class<T> type) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return null;
	}

	private static String describe(List<FieldError> errors) {
		return "Invalid request: " + errors.stream()
			.map((error) -> error.field() + " " + error.message())
			.distinct()
			.collect(Collectors.joining("; "));
	}

	private Mono<ResponseEntity<Object>> problem(Exception ex, HttpStatusCode status, String detail,
			List<FieldError> errors, ServerWebExchange exchange) {
		return problem(ex, status, detail, errors, null, exchange);
	}

	private Mono<ResponseEntity<Object>> problem(Exception ex, HttpStatusCode status, String detail,
			List<FieldError> errors, HttpHeaders headers, ServerWebExchange exchange) {
		ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
		if (!errors.isEmpty()) {
			body.setProperty("errors", errors);
		}
		return handleExceptionInternal(ex, body, headers, status, exchange);
	}

}
