package dev.querydriven.socialfeed;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.devrun.DevTokens.TokenRequest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The service's access rules ({@link AccessConfiguration}) with real signed tokens: what
 * is public answers anyone, what acts for a user answers that user only (a 403 for
 * another, a 401 with a bearer challenge for no token), the acting user is always the
 * token's subject, and the OpenAPI document states each rule.
 */
@SocialFeedIntegrationTest
class AccessIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private Fixtures fixtures;

	/** Profiles, posts, hashtags, follow lists and likes are read without a token. */
	@Test
	void whatASocialNetworkShowsIsPublic() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.fixtures.follow(bob, alice);
		String tag = "public" + UUID.randomUUID().toString().substring(0, 8);
		PostsByIdRow post = this.fixtures.post(alice, "Hello #" + tag);
		this.fixtures.like(post, bob);
		for (String path : new String[] { "/users/" + alice.userId(), "/users/by-username/" + alice.username(),
				"/users/" + alice.userId() + "/posts", "/hashtags/" + tag + "/posts", "/posts/" + post.postId(),
				"/posts/" + post.postId() + "/likes/" + bob.userId(), "/users/" + alice.userId() + "/followers",
				"/users/" + bob.userId() + "/following" }) {
			this.client.get().uri(path).exchange().expectStatus().isOk();
		}
	}

	/**
	 * Every route that acts for a user, or reads what is theirs, is a 401 problem with a
	 * {@code WWW-Authenticate: Bearer} challenge without a token, and writes nothing.
	 */
	@Test
	void actingTakesAToken() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(alice, "Mine");
		for (ActingRequest request : actingRequests(alice, bob, post)) {
			expectUnauthorized(request.by(this.client));
		}
		expectUnauthorized(this.client.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", Fixtures.uniqueName(), "email", "anonymous@example.com", "displayName",
					"Anonymous")));
		expectUnauthorized(this.client.post().uri("/posts/{p}/likes", post.postId()));
		expectUnauthorized(this.client.get().uri("/users/by-email/{e}", alice.email()));
		this.client.get().uri("/posts/{p}", post.postId()).exchange().expectBody().jsonPath("$.likes").isEqualTo(0);
		this.client.get()
			.uri("/users/{a}/posts", alice.userId())
			.exchange()
			.expectBody()
			.jsonPath("$.items.length()")
			.isEqualTo(1);
	}

	/**
	 * Another user's valid token is a 403 problem on every route whose owner is the
	 * path's user: nobody posts, deletes, follows or reads a home timeline in someone
	 * else's name.
	 */
	@Test
	void ownersRoutesRefuseEveryoneElse() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(alice, "Still mine");
		WebTestClient asBob = this.client.mutateWith(this.callers.as(bob.userId()));
		for (ActingRequest request : actingRequests(alice, bob, post)) {
			request.by(asBob)
				.exchange()
				.expectStatus()
				.isForbidden()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
		this.client.get().uri("/posts/{p}", post.postId()).exchange().expectStatus().isOk();
	}

	/**
	 * The owner does what the others may not; deleting keeps its own check, so a post of
	 * someone else's, named under one's own id, is a 404.
	 */
	@Test
	void ownersActForThemselves() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		PostsByIdRow bobsPost = this.fixtures.post(bob, "Bob's");
		WebTestClient asAlice = this.client.mutateWith(this.callers.as(alice.userId()));
		asAlice.put()
			.uri("/users/{a}/following/{b}", alice.userId(), bob.userId())
			.exchange()
			.expectStatus()
			.isNoContent();
		asAlice.get().uri("/users/{a}/timeline", alice.userId()).exchange().expectStatus().isOk();
		asAlice.delete()
			.uri("/users/{a}/posts/{p}", alice.userId(), bobsPost.postId())
			.exchange()
			.expectStatus()
			.isNotFound();
		this.client.get().uri("/posts/{p}", bobsPost.postId()).exchange().expectStatus().isOk();
		asAlice.delete()
			.uri("/users/{a}/following/{b}", alice.userId(), bob.userId())
			.exchange()
			.expectStatus()
			.isNoContent();
	}

	/** A like is the caller's, the token's subject: no body names anyone. */
	@Test
	void aLikeIsTheCallers() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(alice, "Like it");
		this.client.mutateWith(this.callers.as(bob.userId()))
			.post()
			.uri("/posts/{p}/likes", post.postId())
			.exchange()
			.expectStatus()
			.isNoContent();
		this.client.get().uri("/posts/{p}/likes/{b}", post.postId(), bob.userId()).exchange().expectStatus().isOk();
		this.client.get()
			.uri("/posts/{p}/likes/{a}", post.postId(), alice.userId())
			.exchange()
			.expectStatus()
			.isNotFound();
	}

	/**
	 * A registration creates the caller's profile, whose id is the token's subject; a
	 * subject that is no UUID gets the id derived from it, the same every time.
	 */
	@Test
	void registrationCreatesTheCallersProfile() {
		String subject = "auth0|" + Fixtures.uniqueName();
		String name = Fixtures.uniqueName();
		UUID id = Caller.idOf(subject);
		this.client
			.mutateWith(Callers.bearer(this.callers.tokens().mint(new TokenRequest(subject, null, null, null, null))))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", name, "email", name + "@example.com", "displayName", "Not a UUID"))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.location("/users/" + id)
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(id.toString());
	}

	/**
	 * An email is its owner's: the owner and an admin look a user up by it; another user
	 * gets a 403, for a registered email and an unknown one alike.
	 */
	@Test
	void lookupByEmailIsTheOwnersOrAnAdmins() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		this.client.mutateWith(this.callers.as(alice.userId()))
			.get()
			.uri("/users/by-email/{e}", alice.email())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(alice.userId().toString());
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/users/by-email/{e}", alice.email())
			.exchange()
			.expectStatus()
			.isOk();
		WebTestClient asBob = this.client.mutateWith(this.callers.as(bob.userId()));
		for (String email : new String[] { alice.email(), Fixtures.uniqueName() + "@example.com" }) {
			asBob.get()
				.uri("/users/by-email/{e}", email)
				.exchange()
				.expectStatus()
				.isForbidden()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
	}

	/**
	 * The OpenAPI document states every operation's rule ({@code x-access}), and asks a
	 * bearer token of every operation that is not public.
	 */
	@Test
	void theDocumentStatesEveryRule() {
		Map<String, String> rules = Map.ofEntries(Map.entry("post /users", "signed-in"),
				Map.entry("get /users/{userId}", "public"), Map.entry("get /users/by-username/{username}", "public"),
				Map.entry("get /users/by-email/{email}", "owner or admin"),
				Map.entry("get /users/{userId}/account", "owner or admin"),
				Map.entry("delete /users/{userId}", "owner or admin"), Map.entry("get /users/{userId}/posts", "public"),
				Map.entry("post /users/{userId}/posts", "owner"),
				Map.entry("delete /users/{userId}/posts/{postId}", "owner"),
				Map.entry("get /users/{userId}/followers", "public"),
				Map.entry("get /users/{userId}/following", "public"),
				Map.entry("put /users/{userId}/following/{targetId}", "owner"),
				Map.entry("delete /users/{userId}/following/{targetId}", "owner"),
				Map.entry("get /users/{userId}/timeline", "owner"), Map.entry("get /hashtags/{tag}/posts", "public"),
				Map.entry("get /posts/{postId}", "public"), Map.entry("post /posts/{postId}/likes", "signed-in"),
				Map.entry("delete /posts/{postId}/likes", "signed-in"),
				Map.entry("get /posts/{postId}/likes/{userId}", "public"));
		WebTestClient.BodyContentSpec document = this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody();
		rules.forEach((operation, rule) -> {
			String method = operation.substring(0, operation.indexOf(' '));
			String path = operation.substring(operation.indexOf(' ') + 1);
			String at = "$.paths['" + path + "']." + method;
			document.jsonPath(at + "['x-access']").isEqualTo(rule);
			if (rule.equals("public")) {
				document.jsonPath(at + ".security").isEmpty();
			}
			else {
				document.jsonPath(at + ".security[0].bearer").exists();
			}
		});
		document.jsonPath("$.paths['/posts/{postId}/likes'].post.requestBody").doesNotExist();
	}

	/**
	 * The requests that act for Alice, or read what is hers, with Bob as the other user.
	 */
	private static List<ActingRequest> actingRequests(UsersByIdRow alice, UsersByIdRow bob, PostsByIdRow post) {
		return List.of(
				(client) -> client.post()
					.uri("/users/{a}/posts", alice.userId())
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue(Map.of("content", "Not written")),
				(client) -> client.delete().uri("/users/{a}/posts/{p}", alice.userId(), post.postId()),
				(client) -> client.put().uri("/users/{a}/following/{b}", alice.userId(), bob.userId()),
				(client) -> client.delete().uri("/users/{a}/following/{b}", alice.userId(), bob.userId()),
				(client) -> client.get().uri("/users/{a}/timeline", alice.userId()));
	}

	private static void expectUnauthorized(WebTestClient.RequestHeadersSpec<?> request) {
		request.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/** One request, sent by a given client (with or without a token). */
	@FunctionalInterface
	private interface ActingRequest {

		WebTestClient.RequestHeadersSpec<?> by(WebTestClient client);

	}

}
