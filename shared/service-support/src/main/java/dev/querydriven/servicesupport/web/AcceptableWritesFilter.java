package dev.querydriven.servicesupport.web;

import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Refuses a request that changes something ({@code POST}, {@code PUT}, {@code PATCH},
 * {@code DELETE}) when its {@code Accept} header rules out JSON, before any handler runs.
 * Spring chooses the response's media type only after the controller has returned, so
 * such a request would be carried out and only then answered 406: the client, told it
 * failed, could retry and do it twice.
 */
public class AcceptableWritesFilter implements WebFilter {

	private static final List<MediaType> PRODUCED = List.of(MediaType.APPLICATION_JSON,
			MediaType.APPLICATION_PROBLEM_JSON);

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		HttpMethod method = exchange.getRequest().getMethod();
		boolean write = HttpMethod.POST.equals(method) || HttpMethod.PUT.equals(method)
				|| HttpMethod.PATCH.equals(method) || HttpMethod.DELETE.equals(method);
		if (write && !acceptsJson(exchange)) {
			return Mono.error(new NotAcceptableStatusException(PRODUCED));
		}
		return chain.filter(exchange);
	}

	private static boolean acceptsJson(ServerWebExchange exchange) {
		List<MediaType> accepted;
		try {
			accepted = exchange.getRequest().getHeaders().getAccept();
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
		if (accepted.isEmpty()) {
			return true;
		}
		return accepted.stream().anyMatch((type) -> PRODUCED.stream().anyMatch(type::isCompatibleWith));
	}

}
