package dev.querydriven.socialfeed;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service end to end over HTTP on a random port, against the real node: the README's
 * "done when" scenario, racing registrations, bad input that never yields a 5xx, and the
 * operational endpoints on the management port.
 */
@SocialFeedIntegrationTest
class SocialFeedApplicationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private Callers callers;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	/**
	 * A user follows another, the other posts {@code #cassandra hello}: the post is in
	 * the follower's timeline, under the hashtag, in the author's posts, likeable once
	 * (and shown as liked by its liker only), and gone from all of them when deleted.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q9", "Q17", "Q18", "Q19" })
	void userFollowsAuthorWhosePostReachesTimelineAndHashtag() {
		JsonNode alice = register();
		JsonNode bob = register();
		String aliceId = alice.get("id").asString();
		String bobId = bob.get("id").asString();
		WebTestClient asAlice = as(alice);
		WebTestClient asBob = as(bob);
		asBob.put().uri("/users/{b}/following/{a}", bobId, aliceId).exchange().expectStatus().isNoContent();
		JsonNode post = asAlice.post()
			.uri("/users/{a}/posts", aliceId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("content", "#Cassandra hello"))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(JsonNode.class)
			.returnResult()
			.getResponseBody();
		String postId = post.get("id").asString();
		assertThat(post.get("hashtags").get(0).asString()).isEqualTo("cassandra");
		asBob.get()
			.uri("/users/{b}/timeline", bobId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(postId)
			.jsonPath("$.items[0].content")
			.isEqualTo("#Cassandra hello")
			.jsonPath("$.next")
			.doesNotExist();
		this.client.get()
			.uri("/hashtags/cassandra/posts?limit=100")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[?(@.id == '" + postId + "')].authorId")
			.isEqualTo(List.of(aliceId));
		this.client.get()
			.uri("/users/{a}/posts", aliceId)
			.exchange()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(postId);
		this.client.get()
			.uri("/users/{a}/followers", aliceId)
			.exchange()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(bobId);
		this.client.get()
			.uri("/users/{b}/following", bobId)
			.exchange()
			.expectBody()
			.jsonPath("$.items[0].username")
			.isEqualTo(alice.get("username").asString());
		this.client.get()
			.uri("/users/by-username/{name}", alice.get("username").asString().toUpperCase())
			.exchange()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(aliceId);
		for (int i = 0; i < 2; i++) {
			asBob.post().uri("/posts/{p}/likes", postId).exchange().expectStatus().isNoContent();
		}
		this.client.get().uri("/posts/{p}", postId).exchange().expectBody().jsonPath("$.likes").isEqualTo(1);
		this.client.get()
			.uri("/posts/{p}/likes/{b}", postId, bobId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.userId")
			.isEqualTo(bobId);
		this.client.get().uri("/posts/{p}/likes/{a}", postId, aliceId).exchange().expectStatus().isNotFound();
		asAlice.delete().uri("/users/{a}/posts/{p}", aliceId, postId).exchange().expectStatus().isNoContent();
		this.client.get().uri("/posts/{p}", postId).exchange().expectStatus().isNotFound();
		this.client.get().uri("/posts/{p}/likes/{b}", postId, bobId).exchange().expectStatus().isNotFound();
		asBob.get().uri("/users/{b}/timeline", bobId).exchange().expectBody().jsonPath("$.items").isEmpty();
		this.client.get()
			.uri("/hashtags/cassandra/posts?limit=100")
			.exchange()
			.expectBody()
			.jsonPath("$.items[?(@.id == '" + postId + "')]")
			.doesNotExist();
	}

	/**
	 * Eight users registering one username in parallel over HTTP: one 201, seven 409s.
	 */
	@Test
	@ServesQuery("Q7")
	void parallelRegistrationsOfOneUsernameLetExactlyOneWin() {
		String name = Fixtures.uniqueName();
		WebClient web = WebClient.create("http://localhost:" + this.port);
		List<Integer> statuses = Flux.range(0, 8)
			.flatMap(
					(i) -> web.post()
						.uri("/users")
						.headers((headers) -> headers.setBearerAuth(this.callers.tokens().forUser(UUID.randomUUID())))
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue(Map.of("username", name, "email", name + i + "@example.com", "displayName",
								"Racer " + i))
						.exchangeToMono((response) -> response.releaseBody().thenReturn(response.statusCode().value())),
					8)
			.collectList()
			.block();
		assertThat(statuses).hasSize(8).containsOnlyOnce(201).containsOnly(201, 409);
	}

	/**
	 * Every kind of bad input is a 4xx problem naming the problem, never a 5xx, and
	 * leaves nothing behind.
	 */
	@Test
	void badInputIsAProblemAndWritesNothing() {
		JsonNode alice = register();
		String aliceId = alice.get("id").asString();
		WebTestClient asAlice = as(alice);
		UUID ghostId = UUID.randomUUID();
		String ghost = ghostId.toString();
		WebTestClient asGhost = this.client.mutateWith(this.callers.as(ghostId));
		expectProblem(asAlice.put().uri("/users/{u}/following/{u}", aliceId, aliceId).exchange(), 400, "targetId");
		expectProblem(asAlice.put().uri("/users/{u}/following/{g}", aliceId, ghost).exchange(), 404, null);
		expectProblem(asAlice.put().uri("/users/{u}/following/oops", aliceId).exchange(), 400, "targetId");
		expectProblem(asAlice.post()
			.uri("/users/{u}/posts", aliceId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("content", "x".repeat(501)))
			.exchange(), 400, "content");
		expectProblem(asAlice.post()
			.uri("/users/{u}/posts", aliceId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": ")
			.exchange(), 400, "body");
		expectProblem(asAlice.post()
			.uri("/users/{u}/posts", aliceId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("content", "#a #b #c #d #e #f #g #h #i #j #k"))
			.exchange(), 400, "content");
		expectProblem(asGhost.post()
			.uri("/users/{g}/posts", ghost)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("content", "from nobody"))
			.exchange(), 404, null);
		expectProblem(this.client.get().uri("/users/{u}/posts?cursor=garbage", aliceId).exchange(), 400, "cursor");
		expectProblem(asAlice.get().uri("/users/{u}/timeline?cursor=garbage", aliceId).exchange(), 400, "cursor");
		expectProblem(this.client.get().uri("/hashtags/cassandra/posts?cursor=garbage").exchange(), 400, "cursor");
		expectProblem(this.client.get().uri("/users/{u}/followers?limit=0", aliceId).exchange(), 400, "limit");
		expectProblem(asGhost.get().uri("/users/{g}/timeline", ghost).exchange(), 404, null);
		expectProblem(asAlice.post().uri("/posts/{g}/likes", ghost).exchange(), 404, null);
		this.client.get().uri("/users/{u}/posts", aliceId).exchange().expectBody().jsonPath("$.items").isEmpty();
		this.client.get().uri("/users/{u}/following", aliceId).exchange().expectBody().jsonPath("$.items").isEmpty();
	}

	/**
	 * A path that Spring Security's firewall refuses (a variable decoding to {@code ..}
	 * segments, an empty segment) is a 400 problem too, naming the path variable that
	 * holds it where the route has one.
	 */
	@Test
	void firewallRefusalsAreProblems() {
		expectProblem(this.client.get()
			.uri((builder) -> URI.create(builder.build() + "/users/..%2F..%2Fetc%2Fpasswd/posts"))
			.exchange(), 400, "userId");
		expectProblem(this.client.get().uri((builder) -> URI.create(builder.build() + "/users//posts")).exchange(), 400,
				"path");
	}

	/**
	 * A JSON string holding an unpaired surrogate escape is not text: a 400 naming the
	 * field, and no user is registered (it used to be a 500).
	 */
	@Test
	void unpairedSurrogateInARegistrationIsRefusedNamingTheField() {
		String name = Fixtures.uniqueName();
		expectProblem(this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"" + name + "\", \"email\": \"" + name
					+ "@example.com\", \"displayName\": \"Al\\uD800ice\"}")
			.exchange(), 400, "displayName").jsonPath("$.errors[0].pointer").isEqualTo("#/displayName");
		this.client.get().uri("/users/by-username/{name}", name).exchange().expectStatus().isNotFound();
	}

	/**
	 * A JSON number where the API expects a string is refused, not turned into text, and
	 * registers nobody.
	 */
	@Test
	void numberWhereAStringIsExpectedIsRefused() {
		String name = Fixtures.uniqueName();
		expectProblem(this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"" + name + "\", \"email\": \"" + name + "@example.com\", \"displayName\": 42}")
			.exchange(), 400, "displayName").jsonPath("$.errors[0].pointer").isEqualTo("#/displayName");
		this.client.get().uri("/users/by-username/{name}", name).exchange().expectStatus().isNotFound();
	}

	/** An unknown field is refused with a 400 naming it, and registers nobody. */
	@Test
	void unknownFieldIsRefusedNamingIt() {
		String name = Fixtures.uniqueName();
		expectProblem(this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"" + name + "\", \"email\": \"" + name
					+ "@example.com\", \"displayName\": \"Al\", \"displayname\": \"Al\"}")
			.exchange(), 400, "displayname").jsonPath("$.errors[0].pointer").isEqualTo("#/displayname");
		this.client.get().uri("/users/by-username/{name}", name).exchange().expectStatus().isNotFound();
	}

	/** The OpenAPI document lists the endpoints and Swagger UI is served. */
	@Test
	void openApiDocumentAndSwaggerUiAreServed() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.paths['/users/{userId}/timeline'].get")
			.exists()
			.jsonPath("$.paths['/hashtags/{tag}/posts'].get")
			.exists();
		this.client.get()
			.uri("/swagger-ui.html")
			.exchange()
			.expectStatus()
			.value((status) -> assertThat(HttpStatusCode.valueOf(status).is2xxSuccessful()
					|| HttpStatusCode.valueOf(status).is3xxRedirection())
				.isTrue());
	}

	/**
	 * On the management port, health is UP for anyone, and a fan-out shows in the
	 * {@code querydriven.fanout.*} metrics, which only an admin reads.
	 */
	@Test
	void healthAndFanOutMetricsAreExposed() {
		WebTestClient management = management();
		management.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
		var author = this.fixtures.user();
		this.fixtures.follow(this.fixtures.user(), author);
		this.fixtures.post(author, "counted");
		WebTestClient asAdmin = management.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN));
		asAdmin.get()
			.uri("/actuator/metrics/querydriven.fanout.delivered")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.measurements[0].value")
			.value((value) -> assertThat(((Number) value).doubleValue()).isGreaterThanOrEqualTo(1));
		asAdmin.get().uri("/actuator/metrics/querydriven.fanout.duration").exchange().expectStatus().isOk();
	}

	/**
	 * Metrics are an admin's: anonymous requests get a 401 problem with a
	 * {@code WWW-Authenticate: Bearer} challenge, a user's token a 403; and the
	 * application port serves no actuator at all.
	 */
	@Test
	void actuatorIsOnTheManagementPortAndMetricsAreAnAdminsOnly() {
		WebTestClient management = management();
		management.get()
			.uri("/actuator/metrics")
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		management.mutateWith(this.callers.as(UUID.randomUUID()))
			.get()
			.uri("/actuator/metrics")
			.exchange()
			.expectStatus()
			.isForbidden();
		this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isNotFound();
	}

	private WebTestClient management() {
		return WebTestClient.bindToServer().baseUrl("http://localhost:" + this.managementPort).build();
	}

	/** Requests with the token of a user this test registered. */
	private WebTestClient as(JsonNode user) {
		return this.client.mutateWith(this.callers.as(UUID.fromString(user.get("id").asString())));
	}

	/** Registers a new user, signed in as a new subject, whose id the answer carries. */
	private JsonNode register() {
		String name = Fixtures.uniqueName();
		UUID subject = UUID.randomUUID();
		JsonNode user = this.client.mutateWith(this.callers.as(subject))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", name, "email", name + "@example.com", "displayName", "User " + name))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(JsonNode.class)
			.returnResult()
			.getResponseBody();
		assertThat(user.get("id").asString()).isEqualTo(subject.toString());
		return user;
	}

	private static WebTestClient.BodyContentSpec expectProblem(WebTestClient.ResponseSpec response, int status,
			String field) {
		WebTestClient.BodyContentSpec body = response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody();
		if (field != null) {
			body.jsonPath("$.errors[?(@.field == '" + field + "')]").exists();
		}
		return body;
	}

}
