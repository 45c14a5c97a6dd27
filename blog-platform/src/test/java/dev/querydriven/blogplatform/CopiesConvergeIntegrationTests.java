package dev.querydriven.blogplatform;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.testsupport.StatementFailures.Hold;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.Disposable;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Whatever the client or the process does, a post's copies end up agreeing with
 * {@code posts_by_id}: every change is recorded in {@code write_intents} before its
 * transaction, runs detached from its request, and is finished by the sweeper when it was
 * cut short; a keyed create happens once however often it is sent; a 503 says whether a
 * retry is safe.
 *
 * <p>
 * A copy is lost here the way production loses one, by a failed write
 * ({@link StatementFailures}), never by deleting it: a copy deleted directly by a
 * {@code DELETE} carries a later timestamp than the post's version, and at equal or later
 * timestamps a delete wins, so a replay that rewrites the copy with the version's own
 * timestamp (as it must, so that a later version still wins over it) would rightly leave
 * it deleted.
 */
@BlogPlatformIntegrationTest
class CopiesConvergeIntegrationTests {

	private static final Duration PATIENCE = Duration.ofSeconds(20);

	@Autowired
	private WebTestClient client;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private MutableClock clock;

	@Autowired
	private IntentSweeper sweeper;

	@Autowired
	private WriteIntents intents;

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private Callers callers;

	@LocalServerPort
	private int port;

	@AfterEach
	void disarm() {
		this.failures.reset();
		this.intents.resume();
	}

	/**
	 * A publication whose copies failed for good (a refusal no retry or reconciler takes
	 * up) leaves the post without its copies and its intent unfinished; once the intent
	 * is older than the deadline, the sweeper reads the post at SERIAL, writes its copies
	 * with the version's own timestamp, marks the intent completed and moves its
	 * watermark past the minute.
	 *
	 * <p>
	 * The watermark is one row of the keyspace, which the two test classes with an
	 * application context of their own (on the wall clock, ahead of this context's test
	 * clock) move too: each pass starts from the intent's minute, as a sweeper that finds
	 * it unfinished would.
	 */
	@Test
	@ServesQuery({ "I1", "I2" })
	void aCopyLostToAFailureIsRewrittenByTheSweeper() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		Instant begun = this.clock.instant();
		this.failures.failWrites("posts_by_author", 1, Failure.INVALID_QUERY);
		this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(newPost("Lost copies", category))
			.exchange()
			.expectStatus()
			.is5xxServerError();
		BlogTables tables = new BlogTables(this.session);
		assertThat(tables.authorPosts(authorId)).as("the copy the failure lost").isEmpty();
		Row post = unfinishedPublicationOf(authorId, begun);
		UUID postId = post.getUuid("post_id");

		// Past the deadline, and past the intent's minute, so that a clean pass moves the
		// watermark beyond it.
		this.clock.add(this.intents.settings().deadline().plus(Duration.ofMinutes(1)));
		await().atMost(PATIENCE).untilAsserted(() -> {
			this.session.execute("UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?",
					begun.truncatedTo(ChronoUnit.MINUTES), this.clock.instant().truncatedTo(ChronoUnit.MINUTES));
			this.sweeper.sweep().block(PATIENCE);
			tables.assertCopies(postId, authorId, "Lost copies", category, post.getInstant("created_at"),
					post.getLong("write_time"));
			assertThat(intentOf(postId, begun).getInstant("completed_at")).isNotNull();
			assertThat(this.sweeper.lastReport()).hasValueSatisfying(
					(report) -> assertThat(report.sweptUntil()).isAfter(begun.truncatedTo(ChronoUnit.MINUTES)));
		});
	}

	/**
	 * A client that disconnects while an edit's copies are being written (its copy in the
	 * author's list held back after the transaction decided the new version) does not
	 * stop them: once that write is released, the author's list and the category tables
	 * hold the new version, and the category it moved away from no longer lists it.
	 */
	@Test
	void aCancelDuringTheCopiesLeavesEveryTableAgreeing() {
		UUID authorId = UUID.randomUUID();
		String from = BlogTables.randomCategory();
		String to = BlogTables.randomCategory();
		UUID postId = publish(authorId, "Before", from);
		Hold hold = this.failures.holdWrite("posts_by_author");
		Disposable request = WebClient.create("http://localhost:" + this.port)
			.put()
			.uri("/posts/{id}", postId)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + this.callers.tokens().forUser(authorId))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "After", "category", to))
			.retrieve()
			.toBodilessEntity()
			.subscribe();
		hold.reached().as(StepVerifier::create).expectComplete().verify(PATIENCE);
		request.dispose();
		hold.release();

		BlogTables tables = new BlogTables(this.session);
		await().atMost(PATIENCE).untilAsserted(() -> {
			Row post = tables.post(postId);
			assertThat(post.getString("title")).isEqualTo("After");
			tables.assertCopies(postId, authorId, "After", to, post.getInstant("created_at"),
					post.getLong("write_time"));
			assertThat(tables.legacyCategoryPosts(from)).noneMatch((row) -> row.getUuid("post_id").equals(postId));
		});
	}

	/**
	 * A publication sent again with the same Idempotency-Key answers 201 with the same
	 * post (same id, same body) and publishes nothing more; the same key with another
	 * post is a 422 naming the header. A key is its caller's own: another author's
	 * request with the same key publishes their own post.
	 */
	@Test
	@ServesQuery("K1")
	void aKeyedPublicationHappensOnce() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		String key = UUID.randomUUID().toString();
		EntityExchangeResult<Map> first = keyedPublish(authorId, key, newPost("Once", category), HttpStatus.CREATED);
		EntityExchangeResult<Map> again = keyedPublish(authorId, key, newPost("Once", category), HttpStatus.CREATED);

		assertThat(again.getResponseBody()).isEqualTo(first.getResponseBody());
		assertThat(again.getResponseHeaders().getLocation()).isEqualTo(first.getResponseHeaders().getLocation());
		assertThat(new BlogTables(this.session).authorPosts(authorId)).singleElement()
			.satisfies((row) -> assertThat(row.getUuid("post_id").toString())
				.isEqualTo(first.getResponseBody().get("id")));

		this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.header("Idempotency-Key", key)
			.bodyValue(newPost("Another", category))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("Idempotency-Key");
		assertThat(new BlogTables(this.session).authorPosts(authorId)).hasSize(1);

		UUID otherAuthor = UUID.randomUUID();
		EntityExchangeResult<Map> theirs = keyedPublish(otherAuthor, key, newPost("Once", category),
				HttpStatus.CREATED);
		assertThat(theirs.getResponseBody().get("id")).isNotEqualTo(first.getResponseBody().get("id"));
		assertThat(theirs.getResponseBody().get("authorId")).isEqualTo(otherAuthor.toString());
	}

	/**
	 * A comment sent again with the same Idempotency-Key answers 201 with the same
	 * comment (same id, same time) and adds neither a row nor a count; the same key with
	 * another comment is a 422 naming the header.
	 */
	@Test
	@ServesQuery("K1")
	void aKeyedCommentHappensOnce() {
		UUID postId = publish(UUID.randomUUID(), "Commented", BlogTables.randomCategory());
		UUID reader = UUID.randomUUID();
		String key = UUID.randomUUID().toString();
		Map<?, ?> first = keyedComment(reader, postId, key, "Great read", HttpStatus.CREATED);
		Map<?, ?> again = keyedComment(reader, postId, key, "Great read", HttpStatus.CREATED);

		assertThat(again).isEqualTo(first);
		BlogTables tables = new BlogTables(this.session);
		assertThat(tables.comments(postId)).singleElement()
			.satisfies((row) -> assertThat(row.getUuid("comment_id").toString()).isEqualTo(first.get("id")));
		assertThat(tables.commentCount(postId).getLong("comments")).isEqualTo(1);

		this.client.mutateWith(this.callers.as(reader))
			.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.header("Idempotency-Key", key)
			.bodyValue(Map.of("text", "Changed my mind"))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("Idempotency-Key");
		assertThat(tables.comments(postId)).hasSize(1);
	}

	/**
	 * When the post's transaction fails, the 503 says what a client may do: an edit (PUT,
	 * idempotent) is safe to retry; a publication without a key may have happened, so the
	 * client is told to read back first, or to send a key; with a key, to retry with the
	 * same key.
	 */
	@Test
	void a503SaysWhetherARetryIsSafe() {
		UUID authorId = UUID.randomUUID();
		WebTestClient author = this.client.mutateWith(this.callers.as(authorId));
		UUID postId = publish(authorId, "Unavailable", BlogTables.randomCategory());
		this.failures.failWrites("posts_by_id", 1, Failure.UNAVAILABLE);
		author.put()
			.uri("/posts/{id}", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Edited"))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).endsWith("the request is safe to retry."));

		this.failures.failWrites("posts_by_id", 1, Failure.UNAVAILABLE);
		author.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(newPost("Maybe", BlogTables.randomCategory()))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).contains("the change may have been made")
				.doesNotContain("safe to retry"));

		this.failures.failWrites("posts_by_id", 1, Failure.UNAVAILABLE);
		author.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.header("Idempotency-Key", UUID.randomUUID().toString())
			.bodyValue(newPost("Keyed", BlogTables.randomCategory()))
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).contains("with the same Idempotency-Key"));
	}

	/**
	 * Closing the service with an edit in flight (its copy in the author's list held
	 * back) loses none of it: the graceful shutdown's drain refuses new changes with a
	 * 503 that says nothing was written, waits for the edit, and returns once its copies
	 * are written.
	 */
	@Test
	void closingWithAChangeInFlightLosesNone() {
		UUID authorId = UUID.randomUUID();
		String category = BlogTables.randomCategory();
		UUID postId = publish(authorId, "Draining", category);
		Hold hold = this.failures.holdWrite("posts_by_author");
		Disposable request = WebClient.create("http://localhost:" + this.port)
			.put()
			.uri("/posts/{id}", postId)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + this.callers.tokens().forUser(authorId))
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Drained"))
			.retrieve()
			.toBodilessEntity()
			.subscribe();
		try {
			hold.reached().as(StepVerifier::create).expectComplete().verify(PATIENCE);
			CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> this.intents.drain(PATIENCE));
			await().atMost(PATIENCE).until(() -> this.intents.rejected() > 0 || refusedWhileDraining());
			assertThat(drained).isNotDone();
			hold.release();

			assertThat(drained).succeedsWithin(PATIENCE).isEqualTo(true);
			BlogTables tables = new BlogTables(this.session);
			Row post = tables.post(postId);
			assertThat(post.getString("title")).isEqualTo("Drained");
			tables.assertCopies(postId, authorId, "Drained", category, post.getInstant("created_at"),
					post.getLong("write_time"));
		}
		finally {
			request.dispose();
			this.intents.resume();
		}
	}

	/** A publication refused with a 503 saying nothing was written, while draining. */
	private boolean refusedWhileDraining() {
		EntityExchangeResult<Map> answer = this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(newPost("Refused", BlogTables.randomCategory()))
			.exchange()
			.expectBody(Map.class)
			.returnResult();
		return answer.getStatus().value() == 503
				&& String.valueOf(answer.getResponseBody().get("detail")).contains("nothing was written");
	}

	private UUID publish(UUID authorId, String title, String category) {
		this.clock.add(Duration.ofMillis(1));
		return UUID.fromString(this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(newPost(title, category))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());
	}

	private EntityExchangeResult<Map> keyedPublish(UUID authorId, String key, Map<String, Object> post,
			HttpStatus status) {
		return this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.header("Idempotency-Key", key)
			.bodyValue(post)
			.exchange()
			.expectStatus()
			.isEqualTo(status)
			.expectBody(Map.class)
			.returnResult();
	}

	private Map<?, ?> keyedComment(UUID reader, UUID postId, String key, String text, HttpStatus status) {
		return this.client.mutateWith(this.callers.as(reader))
			.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.header("Idempotency-Key", key)
			.bodyValue(Map.of("text", text))
			.exchange()
			.expectStatus()
			.isEqualTo(status)
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody();
	}

	private static Map<String, Object> newPost(String title, String category) {
		return Map.of("title", title, "body", "Model the queries first.", "category", category);
	}

	/**
	 * The post of an author whose publication answered an error: the one an unfinished
	 * publication intent of the minute names.
	 */
	private Row unfinishedPublicationOf(UUID authorId, Instant begun) {
		return intentsOfMinute(begun).stream()
			.filter((intent) -> "blog-post-created".equals(intent.getString("kind"))
					&& intent.getInstant("completed_at") == null)
			.map((intent) -> new BlogTables(this.session)
				.post(UUID.fromString(intent.getMap("source_key", String.class, String.class).get("post_id"))))
			.filter((post) -> post != null && authorId.equals(post.getUuid("author_id")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No unfinished publication of " + authorId));
	}

	/** The intent of a change of a post begun in the given minute. */
	private Row intentOf(UUID postId, Instant begun) {
		return intentsOfMinute(begun).stream()
			.filter((row) -> postId.toString()
				.equals(row.getMap("source_key", String.class, String.class).get("post_id")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No intent for post " + postId + " in the minute of " + begun));
	}

	/** Every intent begun in the minute of an instant: its partitions, one per shard. */
	private List<Row> intentsOfMinute(Instant instant) {
		return this.session
			.execute("SELECT kind, source_key, completed_at FROM write_intents WHERE bucket = ? AND shard IN ?",
					instant.truncatedTo(ChronoUnit.MINUTES), List.of((byte) 0, (byte) 1, (byte) 2, (byte) 3))
			.all();
	}

}
