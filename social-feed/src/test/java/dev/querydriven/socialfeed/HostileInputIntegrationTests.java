package dev.querydriven.socialfeed;

import java.util.UUID;
import java.util.stream.Stream;

import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.hostile.HostileInput;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/**
 * Every operation of the service's OpenAPI document against hostile input: each request
 * changes one thing of a valid one and must be a 4xx problem naming it, and afterwards
 * the tables hold exactly what the valid requests wrote.
 */
@SocialFeedIntegrationTest
class HostileInputIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Fixtures fixtures;

	/**
	 * Generated from {@code /v3/api-docs}: a new endpoint is covered as soon as it
	 * exists.
	 */
	@TestFactory
	Stream<DynamicNode> everyOperationRefusesHostileInput() {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		UsersByIdRow carol = this.fixtures.user();
		UsersByIdRow dave = this.fixtures.user();
		this.fixtures.follow(bob, alice);
		this.fixtures.follow(carol, alice);
		this.fixtures.follow(alice, bob);
		this.fixtures.follow(alice, carol);
		this.fixtures.follow(dave, alice);
		String tag = "hostile" + UUID.randomUUID().toString().substring(0, 8);
		PostsByIdRow first = this.fixtures.post(alice, "first #" + tag);
		this.fixtures.post(alice, "second #" + tag);
		PostsByIdRow doomed = this.fixtures.post(alice, "to be deleted");
		this.fixtures.like(first, bob);
		return HostileInput.against(this.client).keyspace("social_feed").valid("POST /users", () -> {
			String name = Fixtures.uniqueName();
			return request().body("{\"username\": \"" + name + "\", \"email\": \"" + name
					+ "@example.com\", \"displayName\": \"Hostile Input\"}");
		})
			.valid("GET /users/{userId}", request().path("userId", alice.userId()))
			.valid("GET /users/by-username/{username}", request().path("username", alice.username()))
			.valid("GET /users/by-email/{email}", request().path("email", alice.email()))
			.valid("PUT /users/{userId}/following/{targetId}",
					request().path("userId", carol.userId()).path("targetId", bob.userId()))
			.valid("DELETE /users/{userId}/following/{targetId}",
					request().path("userId", dave.userId()).path("targetId", alice.userId()))
			.valid("GET /users/{userId}/followers", request().path("userId", alice.userId()))
			.valid("GET /users/{userId}/following", request().path("userId", alice.userId()))
			.valid("POST /users/{userId}/posts",
					request().path("userId", alice.userId()).body("{\"content\": \"Hello #" + tag + "\"}"))
			.valid("GET /users/{userId}/posts", request().path("userId", alice.userId()))
			.valid("GET /posts/{postId}", request().path("postId", first.postId()))
			.valid("DELETE /users/{userId}/posts/{postId}",
					request().path("userId", alice.userId()).path("postId", doomed.postId()))
			.valid("GET /hashtags/{tag}/posts", request().path("tag", tag))
			.valid("GET /users/{userId}/timeline", request().path("userId", bob.userId()))
			.valid("POST /posts/{postId}/likes",
					request().path("postId", first.postId()).body("{\"userId\": \"" + carol.userId() + "\"}"))
			.valid("GET /posts/{postId}/likes/{userId}",
					request().path("postId", first.postId()).path("userId", bob.userId()))
			.tests();
	}

}
