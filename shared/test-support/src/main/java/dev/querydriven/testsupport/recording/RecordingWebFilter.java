package dev.querydriven.testsupport.recording;

import java.util.concurrent.atomic.AtomicLong;

import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;

/**
 * Opens one recording scope per HTTP request: every statement executed while the request
 * is processed (in its Reactor context, across whatever threads the reactive chain runs
 * on) is attributed to it, with its route pattern ({@code GET /users/{userId}/orders}).
 */
public final class RecordingWebFilter implements WebFilter, Ordered {

	private final AtomicLong requests = new AtomicLong();

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		RequestScope scope = new RequestScope("request-" + this.requests.incrementAndGet(), () -> route(exchange));
		return chain.filter(exchange).contextWrite((context) -> context.put(RequestScope.CONTEXT_KEY, scope));
	}

	private static String route(ServerWebExchange exchange) {
		Object pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
		String path = (pattern instanceof PathPattern pathPattern) ? pathPattern.getPatternString()
				: exchange.getRequest().getPath().value();
		return exchange.getRequest().getMethod().name() + " " + path;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
