package dev.querydriven.blogplatform;

import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import dev.querydriven.testsupport.hostile.HostileInput;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/**
 * Every operation of the service's OpenAPI document against hostile input: each request
 * changes one thing of a valid one and must be a 4xx problem naming it, and afterwards
 * the tables hold exactly what the valid requests wrote.
 */
@BlogPlatformIntegrationTest
class HostileInputIntegrationTests {

	/** The category migration of this application context (its default name). */
	private static final String MIGRATION = "posts-by-category";

	@Autowired
	private WebTestClient client;

	/**
	 * Generated from {@code /v3/api-docs}: a new endpoint is covered as soon as it
	 * exists.
	 */
	@TestFactory
	Stream<DynamicNode> everyOperationRefusesHostileInput() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		String first = publish(authorId, category);
		publish(authorId, category);
		String edited = publish(authorId, category);
		String doomed = publish(authorId, category);
		comment(first);
		comment(first);
		// The migration stays where it is: each transition asked for is refused (409), so
		// that every hostile variant of it has a request to spoil that changes nothing.
		this.client.get()
			.uri("/admin/migrations/{name}", MIGRATION)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.phase")
			.isEqualTo("OLD_ONLY");
		String post = "{\"authorId\": \"" + authorId + "\", \"title\": \"Query first\", \"body\": \"Model the "
				+ "queries,\\nthen the tables.\", \"category\": \"" + category + "\"}";
		return HostileInput.against(this.client)
			.keyspace("blog_platform")
			.valid("POST /posts", request().body(post))
			.valid("GET /posts/{postId}", request().path("postId", first))
			.valid("PUT /posts/{postId}", request().path("postId", edited).body("{\"title\": \"Query first, again\"}"))
			.valid("DELETE /posts/{postId}", request().path("postId", doomed))
			.valid("POST /posts/{postId}/views", request().path("postId", first))
			.valid("POST /posts/{postId}/comments",
					request().path("postId", first).body("{\"authorName\": \"Ann\", \"text\": \"Great read\"}"))
			.valid("GET /posts/{postId}/comments", request().path("postId", first))
			.valid("GET /authors/{authorId}/posts", request().path("authorId", authorId))
			.valid("GET /categories/{category}/posts", request().path("category", category))
			.valid("GET /admin/migrations", request())
			.valid("GET /admin/migrations/{name}", request().path("name", MIGRATION))
			.valid("POST /admin/migrations/{name}/advance",
					request().path("name", MIGRATION).query("to", "OLD_ONLY").expectStatus(409))
			.valid("POST /admin/migrations/{name}/rollback", request().path("name", MIGRATION).expectStatus(409))
			.valid("POST /admin/migrations/{name}/resume", request().path("name", MIGRATION).expectStatus(409))
			.tests();
	}

	private String publish(UUID authorId, String category) {
		return this.client.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("authorId", authorId, "title", "Hostile input", "body", "Every endpoint, every field.",
					"category", category))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString();
	}

	private void comment(String postId) {
		this.client.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("authorName", "Ann", "text", "Great read"))
			.exchange()
			.expectStatus()
			.isCreated();
	}

}
