package dev.querydriven.blogplatform;

import java.util.Map;
import java.util.UUID;

import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end over HTTP on the real node: a post's life through every endpoint, each
 * request as the caller the rules ask for, and bad input that leaves nothing behind.
 */
@BlogPlatformIntegrationTest
class BlogPlatformApplicationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@LocalManagementPort
	private int managementPort;

	/**
	 * Publish, read, view, comment, list by author and category, edit, move, delete:
	 * every endpoint answers as documented, the reads and the view without a token, the
	 * writes with the author's (or, for the comment, a reader's).
	 */
	@Test
	void postLifeOverHttp() {
		UUID authorId = UUID.randomUUID();
		UUID readerId = UUID.randomUUID();
		WebTestClient author = this.client.mutateWith(this.callers.as(authorId));
		String category = BlogTables.randomCategory();
		String target = BlogTables.randomCategory();

		String postId = author.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Hello Cassandra", "body", "Query first.", "category", category))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString();

		this.client.post().uri("/posts/{id}/views", postId).exchange().expectStatus().isNoContent();
		this.client.get()
			.uri("/posts/{id}", postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Hello Cassandra")
			.jsonPath("$.views")
			.isEqualTo(1);

		this.client.mutateWith(this.callers.as(readerId))
			.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("text", "Great read"))
			.exchange()
			.expectStatus()
			.isCreated();
		this.client.get()
			.uri("/posts/{id}/comments", postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].text")
			.isEqualTo("Great read")
			.jsonPath("$.next")
			.isEmpty();

		this.client.get()
			.uri("/authors/{id}/posts", authorId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(postId);
		this.client.get()
			.uri("/categories/{category}/posts", category)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].title")
			.isEqualTo("Hello Cassandra");

		author.put()
			.uri("/posts/{id}", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Hello again", "category", target))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Hello again")
			.jsonPath("$.category")
			.isEqualTo(target);
		this.client.get()
			.uri("/categories/{category}/posts", category)
			.exchange()
			.expectBody()
			.jsonPath("$.items")
			.isEmpty();
		this.client.get()
			.uri("/categories/{category}/posts", target)
			.exchange()
			.expectBody()
			.jsonPath("$.items[0].title")
			.isEqualTo("Hello again");

		author.delete().uri("/posts/{id}", postId).exchange().expectStatus().isNoContent();
		this.client.get().uri("/posts/{id}", postId).exchange().expectStatus().isNotFound();
		this.client.get().uri("/authors/{id}/posts", authorId).exchange().expectBody().jsonPath("$.items").isEmpty();
	}

	/**
	 * A post with an oversized title is refused with a problem, and no copy of it appears
	 * anywhere.
	 */
	@Test
	void badInputWritesNothing() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();

		this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "t".repeat(201), "body", "b", "category", category))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);

		this.client.get().uri("/authors/{id}/posts", authorId).exchange().expectBody().jsonPath("$.items").isEmpty();
		this.client.get()
			.uri("/categories/{category}/posts", category)
			.exchange()
			.expectBody()
			.jsonPath("$.items")
			.isEmpty();
	}

	/**
	 * The OpenAPI document is served on the application's port, the health check on the
	 * management port (to anyone), and actuator not at all on the application's port.
	 */
	@Test
	void openApiAndHealthAreServed() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.value((json) -> assertThat(json).contains("/posts/{postId}", "/categories/{category}/posts"));
		ManagementPort.client(this.managementPort)
			.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), "admin"))
			.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isNotFound();
	}

}
