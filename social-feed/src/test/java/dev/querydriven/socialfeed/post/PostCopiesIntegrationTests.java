package dev.querydriven.socialfeed.post;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.user.UsersByIdRow;
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
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database failing in the middle of a request, injected into the running service
 * ({@link StatementFailures}): a copy of a post that cannot be written is repaired by the
 * reconciler without any client retry, only transient failures are retried, a claim whose
 * answer was lost is recognised as the request's own, and a database that does not answer
 * is a 503 that is safe to retry.
 */
@SocialFeedIntegrationTest
class PostCopiesIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

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
	private Fixtures fixtures;

	@BeforeEach
	void databaseAnswers() {
		this.failures.reset();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
	}

	/**
	 * A copy write that outlives the writer's retries (here: the author's list of posts
	 * while its replicas time out) fails the request with a 503, is queued for the
	 * reconciler (backlog 1, in the metric and the health), and once the database answers
	 * again the reconciler's scheduled pass writes it, with the post's timestamp: the
	 * copies agree with the source of truth without any client retry.
	 */
	@Test
	void failedCopyIsRepairedByTheReconcilerWithoutAClientRetry() {
		UsersByIdRow author = this.fixtures.user();
		this.failures.failWrites("posts_by_user", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		String tag = Fixtures.uniqueName();
		publish(author.userId(), "Eventually #" + tag).expectStatus()
			.isEqualTo(503)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		UUID postId = this.fixtures.uuid("SELECT post_id FROM posts_by_hashtag WHERE hashtag = ? AND day = ?", tag,
				this.fixtures.now().atZone(ZoneOffset.UTC).toLocalDate());
		assertThat(postId).as("the post's other copies were written").isNotNull();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_user WHERE user_id = ? AND month = ?",
				author.userId(), Fixtures.month(this.fixtures.now())))
			.isEmpty();
		assertThat(this.reconciler.pending()).isEqualTo(1);
		assertThat(this.meters.get("querydriven.dualwrite.backlog").gauge().value()).isEqualTo(1);
		assertThat(this.reconcilerHealth.health().getDetails()).containsEntry("backlog", 1);

		this.failures.reset();
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> this.fixtures.assertPostCopiesAgree(postId));
		await().atMost(Duration.ofSeconds(20)).until(() -> this.reconciler.pending() == 0);
		assertThat(this.reconcilerHealth.health().getStatus()).isEqualTo(Status.UP);
	}

	/**
	 * A transient failure of a copy (a write timeout) is retried and the request
	 * succeeds; a failure no retry can fix (the node refusing the statement) is not
	 * retried, and not queued for the reconciler either: a 500 that says nothing of the
	 * statement.
	 */
	@Test
	void onlyTransientFailuresAreRetried() {
		UsersByIdRow author = this.fixtures.user();
		this.failures.failWrites("posts_by_hashtag", 2, Failure.WRITE_TIMEOUT);
		UUID postId = id(publish(author.userId(), "Retried #once").expectStatus().isCreated());
		assertThat(this.failures.attempts("posts_by_hashtag")).as("a copy failed twice, then written").isEqualTo(3);
		this.fixtures.assertPostCopiesAgree(postId);

		this.failures.reset();
		this.failures.failWrites("posts_by_hashtag", 1, Failure.INVALID_QUERY);
		publish(author.userId(), "Refused #once").expectStatus()
			.isEqualTo(500)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The server could not complete the request. It is logged under the id in 'errorId'.");
		assertThat(this.failures.attempts("posts_by_hashtag")).as("a refused copy is not retried").isEqualTo(1);
		assertThat(this.reconciler.pending()).as("nor queued for the reconciler").isZero();
	}

	/**
	 * A registration whose username claim applied but whose answer was lost (a Paxos
	 * write timeout) is retried; the retry does not apply, and the linearizable read
	 * finds the request's own claim: a 201, not a 409.
	 */
	@Test
	void lostAnswerOfATransactionIsRecognisedAsItsOwnSuccess() {
		String name = Fixtures.uniqueName();
		this.failures.loseAnswers("users_by_username", 1);
		this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"%s\", \"email\": \"%s@example.com\", \"displayName\": \"Lost\"}"
				.formatted(name, name))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.username")
			.isEqualTo(name);
		assertThat(this.failures.attempts("users_by_username"))
			.as("the claim, its retry, and the linearizable read of the claim")
			.isEqualTo(3);
	}

	/**
	 * A database that does not answer (a client timeout, too few replicas) is a 503
	 * problem: the request may be retried, every write being idempotent or guarded.
	 */
	@Test
	void unansweredReadIsA503() {
		UsersByIdRow author = this.fixtures.user();
		UUID postId = this.fixtures.post(author, "Read me").postId();
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

	private WebTestClient.ResponseSpec publish(UUID author, String content) {
		this.fixtures.tick();
		return this.client.mutateWith(this.callers.as(author))
			.post()
			.uri("/users/{id}/posts", author)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"" + content + "\"}")
			.exchange();
	}

	private static UUID id(WebTestClient.ResponseSpec response) {
		Map<?, ?> body = response.expectBody(Map.class).returnResult().getResponseBody();
		assertThat(body).isNotNull();
		return UUID.fromString((String) body.get("id"));
	}

}
