package dev.querydriven.blogplatform.post;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.blogplatform.BlogPlatformIntegrationTest;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database failing in the middle of a request, injected into the running service
 * ({@link StatementFailures}): copies that cannot be written are repaired by the
 * reconciler without any client retry, only transient failures are retried, a transaction
 * whose answer was lost is recognised as the request's own, and a database that does not
 * answer is a 503 that is safe to retry.
 */
@BlogPlatformIntegrationTest
class PostCopiesIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private Reconciler reconciler;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	@Qualifier("reconcilerHealthIndicator")
	private HealthIndicator reconcilerHealth;

	@Autowired
	private CqlSession session;

	@Autowired
	private Callers callers;

	private BlogTables tables;

	@BeforeEach
	void tables() {
		this.tables = new BlogTables(this.session);
		this.failures.reset();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
	}

	/**
	 * Copies that outlive the writer's retries (here: the author's list while its
	 * replicas time out, which fails the version's logged batch) fail the request with a
	 * server-error problem, are queued for the reconciler (backlog 1, in the metric and
	 * the health), and once the database answers again the reconciler's scheduled pass
	 * writes them, with the version's timestamp: the copies agree with the source of
	 * truth without any client retry.
	 */
	@Test
	void failedCopyIsRepairedByTheReconcilerWithoutAClientRetry() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		UUID postId = UUID.fromString(publish(authorId, category).expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());

		this.failures.failWrites("posts_by_author", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		edit(authorId, postId, "After the outage").expectStatus()
			.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		Row decided = this.tables.post(postId);
		assertThat(decided.getString("title")).as("the transaction on the source of truth applied")
			.isEqualTo("After the outage");
		assertThat(this.tables.authorPosts(authorId)).singleElement()
			.satisfies((row) -> assertThat(row.getString("title")).isEqualTo("Query first"));
		assertThat(this.reconciler.pending()).isEqualTo(1);
		assertThat(this.meters.get("querydriven.dualwrite.backlog").gauge().value()).isEqualTo(1);
		assertThat(this.reconcilerHealth.health().getDetails()).containsEntry("backlog", 1);

		this.failures.reset();
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertCopiesAgree(postId));
		await().atMost(Duration.ofSeconds(20)).until(() -> this.reconciler.pending() == 0);
		assertThat(this.reconcilerHealth.health().getStatus()).isEqualTo(Status.UP);
	}

	/**
	 * A transient failure of the copies (a write timeout) is retried and the request
	 * succeeds; a failure no retry can fix (the node refusing the statement) is not
	 * retried, and not queued for the reconciler either: a 500 that says nothing of the
	 * statement.
	 */
	@Test
	void onlyTransientFailuresAreRetried() {
		this.failures.failWrites("posts_by_author", 2, Failure.WRITE_TIMEOUT);
		UUID postId = UUID.fromString(publish(UUID.randomUUID(), BlogTables.randomCategory()).expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());
		assertThat(this.failures.attempts("posts_by_author")).as("the copies failed twice, then written").isEqualTo(3);
		assertCopiesAgree(postId);

		this.failures.reset();
		this.failures.failWrites("posts_by_author", 1, Failure.INVALID_QUERY);
		publish(UUID.randomUUID(), BlogTables.randomCategory()).expectStatus()
			.isEqualTo(500)
			.expectBody()
			.jsonPath("$.errorId")
			.exists()
			.jsonPath("$.detail")
			.<String>value((detail) -> assertThat(detail).doesNotContainIgnoringCase("insert"));
		assertThat(this.failures.attempts("posts_by_author")).as("refused copies are not retried").isEqualTo(1);
		assertThat(this.reconciler.pending()).as("nor queued for the reconciler").isZero();
	}

	/**
	 * An edit and a publication whose transaction applied but whose answer was lost (a
	 * Paxos write timeout) are retried; the retry does not apply, and the request finds
	 * its own version (the edit re-reads the post and finds nothing left to change; the
	 * publication reads the post at LOCAL_SERIAL and recognises its own write timestamp):
	 * a 200 and a 201, not a 409, and every copy written.
	 */
	@Test
	void lostAnswerOfATransactionIsRecognisedAsItsOwnSuccess() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		this.failures.loseAnswers("posts_by_id", 1);
		UUID postId = UUID.fromString(publish(authorId, category).expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());
		assertCopiesAgree(postId);

		this.failures.reset();
		this.failures.loseAnswers("posts_by_id", 1);
		edit(authorId, postId, "Edited once").expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Edited once");
		assertThat(this.tables.post(postId).getInt("version")).isEqualTo(2);
		assertCopiesAgree(postId);
	}

	/**
	 * A database that does not answer (a client timeout, too few replicas) is a 503
	 * problem: the request may be retried, every write being idempotent or guarded.
	 */
	@Test
	void unansweredReadIsA503() {
		UUID postId = UUID.fromString(publish(UUID.randomUUID(), BlogTables.randomCategory()).expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());
		for (Failure failure : new Failure[] { Failure.CLIENT_TIMEOUT, Failure.UNAVAILABLE, Failure.READ_TIMEOUT }) {
			this.failures.failReads("posts_by_id", 1, failure);
			this.client.get()
				.uri("/posts/{id}", postId)
				.exchange()
				.expectStatus()
				.isEqualTo(503)
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
		this.client.get().uri("/posts/{id}", postId).exchange().expectStatus().isOk();
	}

	/** Every copy agrees with the post's current version, written with its timestamp. */
	private void assertCopiesAgree(UUID postId) {
		Row post = this.tables.post(postId);
		this.tables.assertCopies(postId, post.getUuid("author_id"), post.getString("title"), post.getString("category"),
				post.getInstant("created_at"), post.getLong("write_time"));
	}

	private WebTestClient.ResponseSpec publish(UUID authorId, String category) {
		return this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Query first", "body", "Model the queries.", "category", category))
			.exchange();
	}

	private WebTestClient.ResponseSpec edit(UUID authorId, UUID postId, String title) {
		return this.client.mutateWith(this.callers.as(authorId))
			.put()
			.uri("/posts/{id}", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", title))
			.exchange();
	}

}
