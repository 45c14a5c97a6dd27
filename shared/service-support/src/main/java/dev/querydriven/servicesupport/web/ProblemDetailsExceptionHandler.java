package dev.querydriven.servicesupport.web;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;

import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataAccessException;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.ObjectError;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;

/**
 * Maps every error of every service to an RFC 9457 problem
 * ({@code application/problem+json}). Bad input becomes a 400 whose {@code errors}
 * property names each offending field; the domain exceptions become 404 and 409; a
 * Cassandra timeout or unavailability becomes a 503 that says the request may be retried
 * (every write in this project is idempotent or guarded), whether it arrives as the
 * driver's exception or as Spring Data's translation of it (a {@link DataAccessException}
 * whose cause is the driver's); any other database failure is a 500 that reveals nothing
 * of the statement.
 */
@RestControllerAdvice
public class ProblemDetailsExceptionHandler extends ResponseEntityExceptionHandler {

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
		return problem(ex, HttpStatus.BAD_REQUEST, ex.getMessage(),
				List.of(new FieldError(ex.getField(), ex.getMessage())), exchange);
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

	@ExceptionHandler({ DriverTimeoutException.class, AllNodesFailedException.class, UnavailableException.class,
			QueryConsistencyException.class })
	Mono<ResponseEntity<Object>> handleCassandraUnavailable(RuntimeException ex, ServerWebExchange exchange) {
		this.logger.warn("Cassandra did not complete a request: " + ex.getMessage());
		return problem(ex, HttpStatus.SERVICE_UNAVAILABLE,
				"The database did not answer in time; the request is safe to retry.", List.of(), exchange);
	}

	/**
	 * Spring Data's translation of a driver failure: the same answer as the driver's own
	 * exception would get (a timeout or unavailability is a 503), decided on the driver's
	 * exception in the cause chain.
	 */
	@ExceptionHandler(DataAccessException.class)
	Mono<ResponseEntity<Object>> handleDataAccess(DataAccessException ex, ServerWebExchange exchange) {
		if (databaseUnavailable(ex)) {
			return handleCassandraUnavailable(ex, exchange);
		}
		this.logger.error("Cassandra refused a request", ex);
		return problem(ex, HttpStatus.INTERNAL_SERVER_ERROR, "The request could not be completed.", List.of(),
				exchange);
	}

	private static boolean databaseUnavailable(Throwable failure) {
		for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
			if (cause instanceof DriverException) {
				return cause instanceof DriverTimeoutException || cause instanceof AllNodesFailedException
						|| cause instanceof UnavailableException || cause instanceof QueryConsistencyException
						|| cause instanceof OverloadedException;
			}
		}
		return false;
	}

	@Override
	protected Mono<ResponseEntity<Object>> handleWebExchangeBindException(WebExchangeBindException ex,
			HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
		List<FieldError> errors = new ArrayList<>();
		for (ObjectError error : ex.getAllErrors()) {
			String field = (error instanceof org.springframework.validation.FieldError fieldError)
					? fieldError.getField() : error.getObjectName();
			errors.add(new FieldError(field, error.getDefaultMessage()));
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
				String field = (error instanceof org.springframework.validation.FieldError fieldError)
						? fieldError.getField() : parameter;
				errors.add(new FieldError(field, error.getDefaultMessage()));
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

	private static FieldError describeInputError(ServerWebInputException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof JacksonException json) {
				return describeJsonError(json);
			}
			if (cause instanceof TypeMismatchException mismatch && ex.getMethodParameter() != null) {
				String type = (mismatch.getRequiredType() != null) ? mismatch.getRequiredType().getSimpleName()
						: "the expected type";
				return new FieldError(ex.getMethodParameter().getParameterName(),
						"'" + mismatch.getValue() + "' is not a valid " + type);
			}
		}
		if (ex.getMethodParameter() != null && ex.getMethodParameter().getParameterName() != null) {
			String reason = (ex.getReason() != null) ? ex.getReason() : "Invalid value";
			return new FieldError(ex.getMethodParameter().getParameterName(), reason);
		}
		return new FieldError("body", (ex.getReason() != null) ? ex.getReason() : "Invalid request body");
	}

	private static FieldError describeJsonError(JacksonException json) {
		String path = jsonPath(json);
		if (json instanceof InvalidFormatException format) {
			return new FieldError(path,
					"'" + format.getValue() + "' is not a valid " + format.getTargetType().getSimpleName());
		}
		if (json instanceof MismatchedInputException mismatch && !path.isEmpty()) {
			String type = (mismatch.getTargetType() != null) ? mismatch.getTargetType().getSimpleName() : "value";
			return new FieldError(path, "must be a valid " + type);
		}
		if (json instanceof StreamReadException) {
			return new FieldError(path.isEmpty() ? "body" : path, "Malformed JSON");
		}
		return new FieldError(path.isEmpty() ? "body" : path, "Unreadable value");
	}

	private static String jsonPath(JacksonException json) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : json.getPath()) {
			if (reference.getPropertyName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.toString();
	}

	private static String describe(List<FieldError> errors) {
		return "Invalid request: " + errors.stream()
			.map((error) -> error.field() + " " + error.message())
			.distinct()
			.collect(Collectors.joining("; "));
	}

	private Mono<ResponseEntity<Object>> problem(Exception ex, HttpStatusCode status, String detail,
			List<FieldError> errors, ServerWebExchange exchange) {
		ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
		if (!errors.isEmpty()) {
			body.setProperty("errors", errors);
		}
		return handleExceptionInternal(ex, body, null, status, exchange);
	}

}
