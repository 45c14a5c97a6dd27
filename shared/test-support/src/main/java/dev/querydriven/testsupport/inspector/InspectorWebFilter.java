package dev.querydriven.testsupport.inspector;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.querydriven.testsupport.recording.RequestScope;
import dev.querydriven.testsupport.recording.StatementRecorder;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

import org.springframework.core.Ordered;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.ErrorResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Tells the inspector when each request begins and ends, under the id the statement
 * recorder gives its statements (the {@link RequestScope} that the recorder's own filter,
 * just outside this one, puts in the request's Reactor context). The inspector's own
 * routes are left out. A request the inspector was asked to trace carries the recorder's
 * trace key in its context, which has its statements traced.
 */
final class InspectorWebFilter implements WebFilter, Ordered {

	private final QueryInspector inspector;

	InspectorWebFilter(QueryInspector inspector) {
		this.inspector = inspector;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		String path = exchange.getRequest().getPath().pathWithinApplication().value();
		if (InspectorRoutes.isInspector(path)) {
			return chain.filter(exchange);
		}
		return Mono.deferContextual((context) -> {
			RequestScope scope = context.getOrDefault(RequestScope.CONTEXT_KEY, null);
			if (scope == null) {
				return chain.filter(exchange);
			}
			long start = System.nanoTime();
			this.inspector.started(scope.id(), exchange.getRequest().getMethod().name(), path);
			AtomicReference<Throwable> failure = new AtomicReference<>();
			boolean traced = this.inspector.claimTrace();
			return chain.filter(exchange)
				.contextWrite((inner) -> traced ? inner.put(StatementRecorder.TRACE_CONTEXT_KEY, true) : inner)
				.doOnError(failure::set)
				.doFinally((signal) -> {
					this.inspector.completed(scope.id(), scope.route().get(), status(exchange, signal, failure.get()),
							TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start));
				});
		});
	}

	/**
	 * The status the client gets: the response's, 200 when the handler set none, a
	 * failure's own when it carries one (the exception handlers outside the filters
	 * answer it), 500 otherwise; {@code null} when the client went away first.
	 */
	private static Integer status(ServerWebExchange exchange, SignalType signal, Throwable failure) {
		HttpStatusCode status = exchange.getResponse().getStatusCode();
		if (signal == SignalType.ON_ERROR) {
			return (failure instanceof ErrorResponse response) ? response.getStatusCode().value() : 500;
		}
		if (status != null) {
			return status.value();
		}
		return (signal == SignalType.ON_COMPLETE) ? 200 : null;
	}

	@Override
	public int getOrder() {
		// Just inside the recorder's filter, which opens the request's scope.
		return Ordered.HIGHEST_PRECEDENCE + 1;
	}

}
