package dev.querydriven.blogplatform;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.architecture.CqlTemplateException;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.AcceptedWarning;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.hostile.HostileInput;
import org.junit.jupiter.api.Order;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@BlogPlatformIntegrationTest
@Order(Integer.MAX_VALUE)
class BlogPlatformConformanceTests extends ServiceConformanceTests {

	/** The category migration of this application context (its default name). */
	private static final String MIGRATION = "posts-by-category";

	@Autowired
	private WebTestClient client;

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
	 * Four posts of one author in one category (one to edit, one to delete), two
	 * comments, and the category migration where it is: each transition asked for is
	 * refused (409), so that every hostile variant of it has a request to spoil that
	 * changes nothing.
	 */
	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		String first = publish(authorId, category);
		publish(authorId, category);
		String edited = publish(authorId, category);
		String doomed = publish(authorId, category);
		comment(first);
		comment(first);
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
		return requests.valid("POST /posts", request().body(post))
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
			.valid("POST /admin/migrations/{name}/resume", request().path("name", MIGRATION).expectStatus(409));
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
