package dev.querydriven.servicesupport.web;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;

/**
 * What a client may do after a 503, decided per operation: repeat it (it is idempotent),
 * repeat it with the same {@code Idempotency-Key} (a keyed create), or check first (the
 * change may have been made).
 */
public enum RetryAdvice {

	/** Sending the same request again is safe. */
	SAFE("the request is safe to retry."),

	/** A create carrying an {@code Idempotency-Key}: the same key makes a retry safe. */
	SAME_KEY("retry the request with the same Idempotency-Key: it makes the request at most once."),

	/** The change may have been made: repeating it blindly could make it twice. */
	CHECK_FIRST("the change may have been made; read the resource back before sending the request again "
			+ "(or send it with an Idempotency-Key, where the operation takes one).");

	/** The header of a keyed create. */
	public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

	private static final Set<HttpMethod> IDEMPOTENT_METHODS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.PUT,
			HttpMethod.DELETE, HttpMethod.OPTIONS);

	private final String advice;

	RetryAdvice(String advice) {
		this.advice = advice;
	}

	/**
	 * The advice's sentence for a problem's detail.
	 * @return e.g. "the request is safe to retry."
	 */
	public String sentence() {
		return this.advice;
	}

	/**
	 * The advice for the request being answered.
	 * @param exchange the exchange
	 * @return the advice
	 */
	public static RetryAdvice of(ServerWebExchange exchange) {
		Object handler = exchange.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE);
		if (handler instanceof HandlerMethod method && takesIdempotencyKey(method.getMethod())
				&& exchange.getRequest().getHeaders().containsHeader(IDEMPOTENCY_KEY)) {
			return SAME_KEY;
		}
		Optional<Method> method = (handler instanceof HandlerMethod handlerMethod)
				? Optional.of(handlerMethod.getMethod()) : Optional.empty();
		return idempotent(exchange.getRequest().getMethod(), method) ? SAFE : CHECK_FIRST;
	}

	/**
	 * Whether an operation is idempotent: its handler's {@link Idempotent}, else HTTP's
	 * rule for its method.
	 * @param httpMethod the operation's method
	 * @param handler its handler method, if known
	 * @return {@code true} when a repeat is safe
	 */
	public static boolean idempotent(HttpMethod httpMethod, Optional<Method> handler) {
		return handler.map((method) -> method.getAnnotation(Idempotent.class))
			.map(Idempotent::value)
			.orElse(IDEMPOTENT_METHODS.contains(httpMethod));
	}

	/**
	 * Whether a handler reads the {@code Idempotency-Key} header.
	 * @param handler the handler method
	 * @return {@code true} for a keyed create
	 */
	public static boolean takesIdempotencyKey(Method handler) {
		return Arrays.stream(handler.getParameters())
			.map((parameter) -> parameter.getAnnotation(RequestHeader.class))
			.anyMatch((header) -> header != null && (IDEMPOTENCY_KEY.equalsIgnoreCase(header.value())
					|| IDEMPOTENCY_KEY.equalsIgnoreCase(header.name())));
	}

}
