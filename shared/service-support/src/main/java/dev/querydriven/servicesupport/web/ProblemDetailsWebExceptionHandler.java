package dev.querydriven.servicesupport.web;

import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.boot.webflux.error.ErrorWebExceptionHandler;
import org.springframework.http.MediaType;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.result.view.ViewResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * The last word on every error that no controller advice answered: an unknown route, a
 * method or media type refused before a controller was chosen, an error in a filter or in
 * a non-annotated handler. It replaces Spring Boot's default error handler, whose answer
 * is the legacy JSON error shape, with the same problem the
 * {@link ProblemDetailsExceptionHandler} gives inside a controller.
 */
public class ProblemDetailsWebExceptionHandler implements ErrorWebExceptionHandler {

	private final ProblemDetailsExceptionHandler problems;

	private final ServerResponse.Context context;

	/**
	 * @param problems the mapping from exceptions to problems
	 * @param codecs the application's codecs, which write the problem
	 */
	public ProblemDetailsWebExceptionHandler(ProblemDetailsExceptionHandler problems, ServerCodecConfigurer codecs) {
		this.problems = problems;
		List<HttpMessageWriter<?>> writers = codecs.getWriters();
		this.context = new ServerResponse.Context() {

			@Override
			public List<HttpMessageWriter<?>> messageWriters() {
				return writers;
			}

			@Override
			public List<ViewResolver> viewResolvers() {
				return List.of();
			}

		};
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
		if (exchange.getResponse().isCommitted()) {
			return Mono.error(ex);
		}
		return this.problems.resolve(ex, exchange).flatMap((entity) -> {
			Object body = entity.getBody();
			ServerResponse.BodyBuilder response = ServerResponse.status(entity.getStatusCode())
				.headers((headers) -> headers.addAll(entity.getHeaders()))
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
			Mono<ServerResponse> built = (body != null) ? response.bodyValue(body) : response.build();
			return built.flatMap((serverResponse) -> serverResponse.writeTo(exchange, this.context));
		});
	}

}
