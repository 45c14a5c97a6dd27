package dev.querydriven.testsupport.inspector;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.codec.ServerSentEvent;

import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/** The inspector answers loopback clients only, and checks its page size. */
class InspectorRoutesTests {

	private final QueryInspector inspector = new QueryInspector(Clock.systemUTC(), 10, 10);

	private final InspectorRoutes routes = new InspectorRoutes(this.inspector,
			new InspectorReport(null, new SimulatedRing(6, 3), (table) -> List.of()), null,
			new InspectorDocs(Path.of("")));

	/**
	 * A page of another site whose name resolves to this machine (DNS rebinding) gets a
	 * 404 too, though its requests come from the developer's own browser.
	 */
	@Test
	void anotherSitesNameGetsNotFound() {
		client("127.0.0.1", "http://rebound.example").get()
			.uri("/inspector/requests")
			.exchange()
			.expectStatus()
			.isNotFound();
		client("127.0.0.1", "http://127.0.0.1:8081").get().uri("/inspector/requests").exchange().expectStatus().isOk();
	}

	/** A client on another machine gets a 404, as if the inspector were not there. */
	@Test
	void aClientElsewhereGetsNotFound() {
		client("203.0.113.7").get().uri("/inspector/requests").exchange().expectStatus().isNotFound();
		client("203.0.113.7").get().uri("/inspector/requests.schema.json").exchange().expectStatus().isNotFound();
	}

	/** A loopback client gets the requests, and the schema that describes them. */
	@Test
	void aLoopbackClientGetsTheRequests() {
		this.inspector.started("request-1", "GET", "/users/1");
		this.inspector.completed("request-1", "GET /users/{userId}", 200, 10);
		client("127.0.0.1").get()
			.uri("/inspector/requests")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.requests[0].route")
			.isEqualTo("GET /users/{userId}");
		client("127.0.0.1").get()
			.uri("/inspector/requests.schema.json")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("The query inspector's latest requests");
	}

	/**
	 * The page, its script and style come from the module's own resources (nothing from a
	 * CDN), and one request reads alone by its id.
	 */
	@Test
	void thePageAndOneRequestAreServed() {
		client("127.0.0.1").get()
			.uri("/inspector")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.TEXT_HTML)
			.expectBody(String.class)
			.value((html) -> assertThat(html).contains("/inspector/inspector.js").doesNotContain("https://"));
		client("127.0.0.1").get().uri("/inspector/inspector.js").exchange().expectStatus().isOk();
		client("127.0.0.1").get().uri("/inspector/inspector.css").exchange().expectStatus().isOk();
		this.inspector.started("request-3", "GET", "/users/3");
		this.inspector.completed("request-3", "GET /users/{userId}", 200, 10);
		client("127.0.0.1").get()
			.uri("/inspector/requests/request-3")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.path")
			.isEqualTo("/users/3");
		client("127.0.0.1").get().uri("/inspector/requests/request-4").exchange().expectStatus().isNotFound();
	}

	/** The live stream sends each request as it completes, as a server-sent event. */
	@Test
	void theStreamSendsEachCompletedRequest() {
		Flux<ServerSentEvent<Map<String, Object>>> events = client("127.0.0.1").get()
			.uri("/inspector/stream")
			.accept(MediaType.TEXT_EVENT_STREAM)
			.exchange()
			.expectStatus()
			.isOk()
			.returnResult(new ParameterizedTypeReference<ServerSentEvent<Map<String, Object>>>() {
			})
			.getResponseBody();
		StepVerifier.create(events)
			.assertNext((opening) -> assertThat(opening.comment()).isEqualTo("listening"))
			.then(() -> {
				this.inspector.started("request-7", "DELETE", "/posts/7");
				this.inspector.completed("request-7", "DELETE /posts/{postId}", 204, 10);
			})
			.assertNext((event) -> {
				assertThat(event.event()).isEqualTo("request");
				assertThat(event.id()).isEqualTo("request-7");
				assertThat(event.data()).containsEntry("route", "DELETE /posts/{postId}").containsEntry("status", 204);
			})
			.thenCancel()
			.verify(Duration.ofSeconds(10));
	}

	/** A page size out of bounds or not a number is a 400 problem naming it. */
	@Test
	void aBadLimitIsAProblemNamingIt() {
		for (String limit : List.of("0", "201", "0x10", "ten")) {
			client("127.0.0.1").get()
				.uri("/inspector/requests?limit=" + limit)
				.exchange()
				.expectStatus()
				.isBadRequest()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody()
				.jsonPath("$.errors[0].field")
				.isEqualTo("limit");
		}
	}

	private WebTestClient client(String remoteAddress) {
		return client(remoteAddress, "http://localhost:8081");
	}

	private WebTestClient client(String remoteAddress, String baseUrl) {
		return WebTestClient.bindToRouterFunction(this.routes.routes())
			.webFilter((exchange,
					chain) -> chain.filter(exchange.mutate()
						.request((request) -> request.remoteAddress(new InetSocketAddress(remoteAddress, 40_000)))
						.build()))
			.configureClient()
			.baseUrl(baseUrl)
			.build();
	}

}
