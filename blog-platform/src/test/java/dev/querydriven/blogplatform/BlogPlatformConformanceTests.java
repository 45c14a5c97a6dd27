package dev.querydriven.blogplatform;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.architecture.CqlTemplateException;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.AcceptedWarning;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.hostile.HostileInput;
import org.junit.jupiter.api.Order;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@BlogPlatformIntegrationTest
@Order(Integer.MAX_VALUE)
class BlogPlatformConformanceTests extends ServiceConformanceTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Override
	protected QueryCatalog catalog() {
		return new BlogPlatformQueryCatalog();
	}

	/**
	 * The two classes of the table migration are the CQL-template exceptions: every table
	 * the features own is read and written through Spring Data entities (the counters
	 * included: read as entities, incremented with {@code Update.increment}).
	 */
	@Override
	protected ServiceArchitectureRules architecture() {
		return ServiceArchitectureRules.forService("blog-platform", "dev.querydriven.blogplatform",
				CqlTemplateException.named("dev.querydriven.blogplatform.migration.MigrationConfiguration",
						"constructs the migration engine on the driver session (infrastructure: its state tables, "
								+ "job leases and token-range scans have no entity)"),
				CqlTemplateException.named("dev.querydriven.blogplatform.migration.PostsByCategoryMigration",
						"the engine's TableMigration contract is driver-level: it scans token ranges and hands the "
								+ "engine driver rows and statements, which Spring Data's entity API cannot express"));
	}

	/**
	 * The warnings the README defends: a deleted or moved post leaves a tombstone in
	 * partitions that pages read by slices.
	 */
	@Override
	protected List<AcceptedWarning> acceptedWarnings() {
		String reason = "deletes are rare (about one post in a hundred) and each partition is bounded, so a slice "
				+ "meets a few hundred tombstones at most; a deleted flag would leave dead rows every page skips";
		return List.of(new AcceptedWarning("posts_by_author", "tombstones", reason),
				new AcceptedWarning("posts_by_category", "tombstones", reason));
	}

	/**
	 * Five posts of one author in one category (one to edit, one to delete, one to spare)
	 * and two comments. The writes carry the token of the caller they act for (the
	 * author's, to edit and delete; a reader's, to comment); the reads and the view carry
	 * none. The migrations endpoint is actuator's, on the management port: it is in no
	 * OpenAPI document, and its hostile cases are in {@code AccessIntegrationTests}.
	 */
	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		UUID authorId = UUID.randomUUID();
		String author = bearer(authorId);
		String reader = bearer(UUID.randomUUID());
		String category = BlogTables.randomCategory();
		String first = publish(authorId, category);
		publish(authorId, category);
		String edited = publish(authorId, category);
		String doomed = publish(authorId, category);
		String spare = publish(authorId, category);
		comment(first);
		comment(first);
		String post = "{\"title\": \"Query first\", \"body\": \"Model the queries,\\nthen the tables.\", "
				+ "\"category\": \"" + category + "\"}";
		return requests.valid("POST /posts", request().header(HttpHeaders.AUTHORIZATION, author).body(post))
			.valid("GET /posts/{postId}", request().path("postId", first))
			.valid("PUT /posts/{postId}",
					request().header(HttpHeaders.AUTHORIZATION, author)
						.path("postId", edited)
						.body("{\"title\": \"Query first, again\"}"))
			// The valid deletion removes the doomed post; the hostile variants
			// after it are sent against a post that must survive them all (another
			// user's token is refused on the post's row, so the row must be there).
			.valid("DELETE /posts/{postId}",
					() -> request().header(HttpHeaders.AUTHORIZATION, author)
						.path("postId", exists(doomed) ? doomed : spare))
			.valid("POST /posts/{postId}/views", request().path("postId", first))
			.valid("POST /posts/{postId}/comments",
					request().header(HttpHeaders.AUTHORIZATION, reader)
						.path("postId", first)
						.body("{\"text\": \"Great read\"}"))
			.valid("GET /posts/{postId}/comments", request().path("postId", first))
			.valid("GET /authors/{authorId}/posts", request().path("authorId", authorId))
			.valid("GET /categories/{category}/posts", request().path("category", category));
	}

	private boolean exists(String postId) {
		return this.client.get()
			.uri("/posts/{id}", postId)
			.exchange()
			.returnResult(Void.class)
			.getStatus()
			.is2xxSuccessful();
	}

	private String bearer(UUID userId) {
		return "Bearer " + this.callers.tokens().forUser(userId);
	}

	private String publish(UUID authorId, String category) {
		return this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Hostile input", "body", "Every endpoint, every field.", "category", category))
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
		this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("text", "Great read"))
			.exchange()
			.expectStatus()
			.isCreated();
	}

}
