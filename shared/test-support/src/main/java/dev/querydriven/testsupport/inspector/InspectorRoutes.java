package dev.querydriven.testsupport.inspector;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The inspector's routes, for loopback clients asking for a loopback host only (anyone
 * else gets a 404, as if they did not exist): the latest requests as JSON, their JSON
 * Schema, and a live stream of requests as they complete (server-sent events), tracing on
 * demand, and the partition view.
 */
final class InspectorRoutes {

	static final String PREFIX = "/inspector";

	static final int MAX_LIMIT = 200;

	static final int MAX_TRACED = 20;

	private static final String STATIC = "dev/querydriven/testsupport/inspector/static/";

	private static final MediaType JAVASCRIPT = MediaType.parseMediaType("text/javascript;charset=UTF-8");

	private static final MediaType CSS = MediaType.parseMediaType("text/css;charset=UTF-8");

	private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "[::1]", "::1");

	private static final Resource SCHEMA = new ClassPathResource(
			"dev/querydriven/testsupport/inspector/requests.schema.json");

	private final QueryInspector inspector;

	private final InspectorReport report;

	private final PartitionView partitions;

	private final InspectorDocs docs;

	InspectorRoutes(QueryInspector inspector, InspectorReport report, PartitionView partitions, InspectorDocs docs) {
		this.inspector = inspector;
		this.report = report;
		this.partitions = partitions;
		this.docs = docs;
	}

	static boolean isInspector(String path) {
		return path.equals(PREFIX) || path.startsWith(PREFIX + "/");
	}

	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route()
			.GET(PREFIX, (request) -> asset("index.html", MediaType.TEXT_HTML))
			.GET(PREFIX + "/inspector.js", (request) -> asset("inspector.js", JAVASCRIPT))
			.GET(PREFIX + "/inspector.css", (request) -> asset("inspector.css", CSS))
			.GET(PREFIX + "/requests", this::requests)
			.GET(PREFIX + "/requests/{id}", this::request)
			.GET(PREFIX + "/docs/**", this::doc)
			.GET(PREFIX + "/requests.schema.json",
					(request) -> ServerResponse.ok()
						.contentType(MediaType.parseMediaType("application/schema+json"))
						.body(BodyInserters.fromResource(SCHEMA)))
			.GET(PREFIX + "/stream", this::stream)
			.POST(PREFIX + "/trace", this::trace)
			.GET(PREFIX + "/partitions/{table}", this::partition)
			.filter((request, next) -> loopback(request) ? next.handle(request) : ServerResponse.notFound().build())
			.build();
	}

	/**
	 * Traces the statements of the next {@code next} requests (1 to 20): each statement
	 * runs once, as it would anyway, with Cassandra's tracing on.
	 */
	private Mono<ServerResponse> trace(ServerRequest request) {
		int next = request.queryParam("next").map(InspectorRoutes::number).orElse(-1);
		if (next < 1 || next > MAX_TRACED) {
			return problem("next", "must be a whole number from 1 to " + MAX_TRACED);
		}
		this.inspector.traceNext(next);
		return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("next", next));
	}

	/** One partition, as HTML or, for {@code Accept: application/json}, as JSON. */
	private Mono<ServerResponse> partition(ServerRequest request) {
		String table = request.pathVariable("table");
		if (this.partitions == null) {
			return notFound(table);
		}
		boolean json = request.headers()
			.accept()
			.stream()
			.findFirst()
			.map((type) -> type.isCompatibleWith(MediaType.APPLICATION_JSON) && !type.isWildcardType())
			.orElse(false);
		return this.partitions.read(table, request.queryParams())
			.flatMap((page) -> json ? ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(page)
					: ServerResponse.ok().contentType(MediaType.TEXT_HTML).bodyValue(PartitionPage.render(page)))
			.onErrorResume(PartitionView.BadKey.class, (bad) -> problem(bad.field(), bad.reason()))
			.onErrorResume(PartitionView.UnknownTable.class, (unknown) -> notFound(table));
	}

	private static Mono<ServerResponse> notFound(String table) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND,
				"No table " + table + " in the service's keyspace");
		return ServerResponse.status(HttpStatus.NOT_FOUND)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyValue(problem);
	}

	private Mono<ServerResponse> request(ServerRequest request) {
		return this.inspector.find(request.pathVariable("id"))
			.map((found) -> ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(this.report.request(found)))
			.orElseGet(() -> ServerResponse.notFound().build());
	}

	private Mono<ServerResponse> doc(ServerRequest request) {
		String file = request.path().substring((PREFIX + "/docs/").length());
		return this.docs.render(file)
			.map((html) -> ServerResponse.ok().contentType(MediaType.TEXT_HTML).bodyValue(html))
			.orElseGet(() -> ServerResponse.notFound().build());
	}

	private static Mono<ServerResponse> asset(String name, MediaType type) {
		return ServerResponse.ok()
			.contentType(type)
			.body(BodyInserters.fromResource(new ClassPathResource(STATIC + name)));
	}

	private static int number(String text) {
		try {
			return Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private Mono<ServerResponse> requests(ServerRequest request) {
		int limit = request.queryParam("limit").map(InspectorRoutes::number).orElse(50);
		if (limit < 1 || limit > MAX_LIMIT) {
			return problem("limit", "must be a whole number from 1 to " + MAX_LIMIT);
		}
		String route = request.queryParam("route").filter((text) -> !text.isBlank()).orElse(null);
		return ServerResponse.ok()
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(this.report.requests(this.inspector.latest(route, limit)));
	}

	/**
	 * Each request as it completes. The stream opens with a comment, which answers the
	 * client at once (a browser's {@code EventSource} ignores it): the inspector is
	 * listening from then on.
	 */
	private Mono<ServerResponse> stream(ServerRequest request) {
		Flux<ServerSentEvent<Object>> requests = this.inspector.completions()
			.map((completed) -> ServerSentEvent.builder((Object) this.report.request(completed))
				.id(completed.id())
				.event("request")
				.build());
		return ServerResponse.ok()
			.contentType(MediaType.TEXT_EVENT_STREAM)
			.body(BodyInserters
				.fromServerSentEvents(requests.startWith(ServerSentEvent.builder().comment("listening").build())));
	}

	/** A 400 problem naming the field, shaped as the services' own. */
	private static Mono<ServerResponse> problem(String field, String message) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"Invalid request: " + field + " " + message);
		problem.setProperty("errors", List.of(Map.of("field", field, "message", message)));
		return ServerResponse.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).bodyValue(problem);
	}

	/**
	 * A client on this machine, asking for this machine by name: the host it asked for
	 * matters too, or a web page whose name resolves to 127.0.0.1 (DNS rebinding) could
	 * read the inspector through the developer's own browser.
	 */
	private static boolean loopback(ServerRequest request) {
		boolean local = request.remoteAddress()
			.map(InetSocketAddress::getAddress)
			.map((address) -> address.isLoopbackAddress())
			.orElse(false);
		String host = request.uri().getHost();
		return local && host != null && (LOOPBACK_NAMES.contains(host) || host.startsWith("127."));
	}

}
