package dev.querydriven.modeling.dualwrite;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.retry.Retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Dual writes against the real node: one post kept in three tables (the guide's Pattern
 * 3), written with one timestamp, retried, replayed, partially failed and repaired. Every
 * test checks every table.
 */
@CassandraTest
class DualWriterIntegrationTests {

	private static final Retry FAST_RETRY = Retry.backoff(2, Duration.ofMillis(1));

	private static final TimeSource TIME = new TimeSource(Clock.systemUTC());

	private static CqlSession session;

	private static PreparedStatement insertById;

	private static PreparedStatement insertByAuthor;

	private static PreparedStatement insertByCategory;

	private static PreparedStatement retitleById;

	private static PreparedStatement retitleByAuthor;

	private static PreparedStatement retitleByCategory;

	private static PreparedStatement selectById;

	private static PreparedStatement selectByAuthor;

	private static PreparedStatement selectByCategory;

	private static PreparedStatement insertTagged;

	private static PreparedStatement selectTagged;

	@BeforeAll
	static void createTables() {
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession("modeling");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_posts_by_id (post_id uuid PRIMARY KEY, author_id uuid, "
				+ "category text, created_at timestamp, title text, body text, tags set<text>) "
				+ "WITH comment = 'Q1: a post by its id (source of truth of the dual-write tests)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_posts_by_author (author_id uuid, created_at timestamp, "
				+ "post_id uuid, title text, PRIMARY KEY (author_id, created_at, post_id)) "
				+ "WITH CLUSTERING ORDER BY (created_at DESC, post_id DESC) "
				+ "AND comment = 'Q2: an author''s posts, newest first (a copy)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_posts_by_category (category text, created_at timestamp, "
				+ "post_id uuid, title text, PRIMARY KEY (category, created_at, post_id)) "
				+ "WITH CLUSTERING ORDER BY (created_at DESC, post_id DESC) "
				+ "AND comment = 'Q3: a category''s posts, newest first (a copy)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_post_views (post_id uuid PRIMARY KEY, views counter) "
				+ "WITH comment = 'Q4: a post''s approximate view count'");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_post_history (post_id uuid PRIMARY KEY, titles list<text>) "
				+ "WITH comment = 'Q5: a post''s former titles'");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_posts_by_tag (tag text, post_id uuid, title text, "
				+ "PRIMARY KEY (tag, post_id)) WITH comment = 'Q6: a tag''s posts (dropped and recreated by a test)'");
		migrator.close();
		session = SharedCassandra.serviceSession("modeling");
		insertById = session.prepare("INSERT INTO dual_posts_by_id (post_id, author_id, category, created_at, title) "
				+ "VALUES (?, ?, ?, ?, ?)");
		insertByAuthor = session
			.prepare("INSERT INTO dual_posts_by_author (author_id, created_at, post_id, title) VALUES (?, ?, ?, ?)");
		insertByCategory = session
			.prepare("INSERT INTO dual_posts_by_category (category, created_at, post_id, title) VALUES (?, ?, ?, ?)");
		retitleById = session.prepare("UPDATE dual_posts_by_id SET title = ? WHERE post_id = ?");
		retitleByAuthor = session.prepare(
				"UPDATE dual_posts_by_author SET title = ? WHERE author_id = ? AND created_at = ? AND post_id = ?");
		retitleByCategory = session.prepare(
				"UPDATE dual_posts_by_category SET title = ? WHERE category = ? AND created_at = ? AND post_id = ?");
		selectById = session.prepare("SELECT title, WRITETIME(title) FROM dual_posts_by_id WHERE post_id = ?");
		selectByAuthor = session.prepare("SELECT title, WRITETIME(title) FROM dual_posts_by_author "
				+ "WHERE author_id = ? AND created_at = ? AND post_id = ?");
		selectByCategory = session.prepare("SELECT title, WRITETIME(title) FROM dual_posts_by_category "
				+ "WHERE category = ? AND created_at = ? AND post_id = ?");
		insertTagged = session.prepare("INSERT INTO dual_posts_by_tag (tag, post_id, title) VALUES (?, ?, ?)");
		selectTagged = session.prepare("SELECT title FROM dual_posts_by_tag WHERE tag = ? AND post_id = ?");
	}

	@AfterAll
	static void closeSession() {
		session.close();
	}

	/** Every copy of one logical write carries the same timestamp and is idempotent. */
	@Test
	void everyCopyCarriesTheSameTimestampAndIsIdempotent() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session);
		DualWriter writer = new DualWriter(session, TIME).withExecutor(executor);

		Long timestamp = writer.execute(post.publish("Query first")).block();

		assertThat(post.copies()).containsOnly(new Copy("Query first", timestamp));
		assertThat(executor.executed()).hasSize(3)
			.allSatisfy((statement) -> assertThat(statement.isIdempotent()).isTrue())
			.allSatisfy((statement) -> assertThat(statement.getQueryTimestamp()).isEqualTo(timestamp));
	}

	/**
	 * A write that reaches the node late (a replay, a slow retry) never overwrites a
	 * later write, in any table: per cell, the highest timestamp wins.
	 */
	@Test
	void aLaterWriteNeverLosesToAnEarlierOne() {
		Post post = Post.random();
		DualWriter writer = new DualWriter(session, TIME);
		long first = TIME.nowMicros();
		long second = TIME.nowMicros();

		writer.execute(post.retitle("Second title").withTimestamp(second))
			.as(StepVerifier::create)
			.expectNext(second)
			.verifyComplete();
		writer.execute(post.publish("First title").withTimestamp(first))
			.as(StepVerifier::create)
			.expectNext(first)
			.verifyComplete();

		assertThat(post.copies()).containsOnly(new Copy("Second title", second));
	}

	/**
	 * Subscribing again to the same write replays it with the same timestamp: the copies
	 * are the same cells, not duplicates.
	 */
	@Test
	void replayingAWriteConverges() {
		Post post = Post.random();
		Mono<Long> publish = new DualWriter(session, TIME).execute(post.publish("Replayed"));

		Long first = publish.block();
		Long again = publish.block();

		assertThat(again).isEqualTo(first);
		assertThat(post.copies()).containsOnly(new Copy("Replayed", first));
		assertThat(session
			.execute(SimpleStatement.newInstance("SELECT post_id FROM dual_posts_by_author WHERE author_id = ?",
					post.author()))
			.all()).hasSize(1);
	}

	/** A logged batch writes every copy, with the batch's one timestamp. */
	@Test
	void loggedBatchWritesEveryCopyWithOneTimestamp() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session);
		DenormalizedWrite write = post.publishBuilder("Batched").strategy(WriteStrategy.LOGGED_BATCH).build();

		Long timestamp = new DualWriter(session, TIME).withExecutor(executor).execute(write).block();

		assertThat(post.copies()).containsOnly(new Copy("Batched", timestamp));
		assertThat(executor.executed()).singleElement()
			.isInstanceOf(BatchStatement.class)
			.satisfies((batch) -> assertThat(batch.getQueryTimestamp()).isEqualTo(timestamp));
	}

	/**
	 * A logged batch above batch_size_warn_threshold is refused before anything is
	 * written, with a message that explains the trade-off.
	 */
	@Test
	void loggedBatchAboveTheSizeLimitIsRefusedAndWritesNothing() {
		Post post = Post.random();
		DenormalizedWrite write = post.publishBuilder("x".repeat(2_000)).strategy(WriteStrategy.LOGGED_BATCH).build();

		new DualWriter(session, TIME).execute(write)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("batch_size_warn_threshold")
				.hasMessageContaining("eventually all-or-nothing")
				.hasMessageContaining("Nothing was written"))
			.verify();

		assertThat(post.copies()).containsOnly((Copy) null);
	}

	/**
	 * The batch limit is configurable: a smaller limit refuses what the default allows.
	 */
	@Test
	void batchSizeLimitIsConfigurable() {
		Post allowed = Post.random();
		Post refused = Post.random();
		String title = "y".repeat(300);
		DualWriter writer = new DualWriter(session, TIME);

		Long timestamp = writer.execute(allowed.publishBuilder(title).strategy(WriteStrategy.LOGGED_BATCH).build())
			.block();
		writer.withMaxBatchBytes(1024)
			.execute(refused.publishBuilder(title).strategy(WriteStrategy.LOGGED_BATCH).build())
			.as(StepVerifier::create)
			.expectError(IllegalArgumentException.class)
			.verify();

		assertThat(allowed.copies()).containsOnly(new Copy(title, timestamp));
		assertThat(refused.copies()).containsOnly((Copy) null);
	}

	/**
	 * The size estimate is conservative: across row shapes (few or many statements, small
	 * or large values, collections), every batch the guard lets through stays under
	 * Cassandra's warning threshold (a warning would fail this test).
	 */
	@Test
	void batchesTheGuardAcceptsNeverTriggerTheBatchSizeWarning() {
		DualWriter writer = new DualWriter(session, TIME);
		int accepted = 0;
		int refused = 0;
		for (int statements : new int[] { 2, 5, 10, 20, 40 }) {
			for (int titleLength : new int[] { 0, 20, 120, 450 }) {
				for (int tags : new int[] { 0, 4 }) {
					DenormalizedWrite.Builder builder = DenormalizedWrite
						.builder(statements + " x " + titleLength + " x " + tags)
						.strategy(WriteStrategy.LOGGED_BATCH);
					for (int index = 0; index < statements; index++) {
						Set<String> tagSet = new java.util.HashSet<>();
						for (int tag = 0; tag < tags; tag++) {
							tagSet.add("tag-" + tag);
						}
						builder.put(SimpleStatement.newInstance(
								"INSERT INTO dual_posts_by_id (post_id, title, tags) VALUES (?, ?, ?)",
								UUID.randomUUID(), "t".repeat(titleLength), tagSet));
					}
					DenormalizedWrite write = builder.build();
					int estimate = writer.estimateBatchBytes(write);
					if (estimate <= DualWriter.DEFAULT_MAX_BATCH_BYTES) {
						writer.execute(write).as(StepVerifier::create).expectNextCount(1).verifyComplete();
						accepted++;
					}
					else {
						writer.execute(write)
							.as(StepVerifier::create)
							.expectError(IllegalArgumentException.class)
							.verify();
						refused++;
					}
				}
			}
		}
		assertThat(accepted).isGreaterThan(10);
		assertThat(refused).isGreaterThan(5);
	}

	/**
	 * Lightweight transactions are refused, prepared or not; a value that merely contains
	 * "IF" is not mistaken for one.
	 */
	@Test
	void lightweightTransactionsAreRefused() {
		PreparedStatement insertIfNotExists = session
			.prepare("INSERT INTO dual_posts_by_id (post_id, title) VALUES (?, ?) IF NOT EXISTS");
		DenormalizedWrite.Builder builder = DenormalizedWrite.builder("lwt");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder.put(insertIfNotExists.bind(UUID.randomUUID(), "claimed")))
			.withMessageContaining("Paxos")
			.withMessageContaining("executeIfApplied");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.put(SimpleStatement.newInstance(
				"update dual_posts_by_id set title = 'b'\nwhere post_id = ?\nif title = 'a'", UUID.randomUUID())));

		UUID id = UUID.randomUUID();
		new DualWriter(session, TIME).execute(builder.put(SimpleStatement.newInstance(
				"INSERT INTO dual_posts_by_id (post_id, title) VALUES (?, 'What IF title = 1 -- not a condition')", id))
			.build()).as(StepVerifier::create).expectNextCount(1).verifyComplete();
		assertThat(session.execute(selectById.bind(id)).one().getString("title"))
			.isEqualTo("What IF title = 1 -- not a condition");
	}

	/**
	 * Counter updates are refused, detected from the driver's metadata: the bind
	 * variable's type, or the table's column types when the increment is a literal. A set
	 * union, which looks the same, is idempotent and allowed; a list append is not.
	 */
	@Test
	void counterUpdatesAndListAppendsAreRefusedUsingTheSchema() {
		UUID id = UUID.randomUUID();
		PreparedStatement countView = session.prepare("UPDATE dual_post_views SET views = views + ? WHERE post_id = ?");
		PreparedStatement appendTitle = session
			.prepare("UPDATE dual_post_history SET titles = titles + ? WHERE post_id = ?");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> DenormalizedWrite.builder("view").put(countView.bind(1L, id)))
			.withMessageContaining("not idempotent")
			.withMessageContaining("approximate");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> DenormalizedWrite.builder("history").put(appendTitle.bind(List.of("old"), id)))
			.withMessageContaining("list column titles");

		DenormalizedWrite literalIncrement = DenormalizedWrite.builder("view and tag")
			.put(SimpleStatement
				.newInstance("UPDATE dual_posts_by_id SET tags = tags + {'cassandra'} WHERE post_id = ?", id))
			.put(SimpleStatement.newInstance("UPDATE dual_post_views SET views = views + 1 WHERE post_id = ?", id))
			.build();
		new DualWriter(session, TIME).execute(literalIncrement)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("counter"))
			.verify();
		assertThat(
				session.execute(SimpleStatement.newInstance("SELECT tags FROM dual_posts_by_id WHERE post_id = ?", id))
					.one())
			.isNull();
		assertThat(
				session.execute(SimpleStatement.newInstance("SELECT views FROM dual_post_views WHERE post_id = ?", id))
					.one())
			.isNull();

		PreparedStatement tag = session.prepare("UPDATE dual_posts_by_id SET tags = tags + ? WHERE post_id = ?");
		DenormalizedWrite union = DenormalizedWrite.builder("tag").put(tag.bind(Set.of("cassandra"), id)).build();
		new DualWriter(session, TIME).execute(union).repeat(1).then().block();
		assertThat(
				session.execute(SimpleStatement.newInstance("SELECT tags FROM dual_posts_by_id WHERE post_id = ?", id))
					.one()
					.getSet("tags", String.class))
			.containsExactly("cassandra");
	}

	/**
	 * Bad input writes nothing: a missing key value in the last statement is refused
	 * before the first statement runs.
	 */
	@Test
	void badInputWritesNothing() {
		Post post = Post.random();
		DenormalizedWrite write = DenormalizedWrite.builder("publish without a category")
			.put(insertById.bind(post.id(), post.author(), null, post.createdAt(), "No category"))
			.put(insertByAuthor.bind(post.author(), post.createdAt(), post.id(), "No category"))
			.put(insertByCategory.bind(null, post.createdAt(), post.id(), "No category"))
			.build();
		ScriptedExecutor executor = new ScriptedExecutor(session);

		new DualWriter(session, TIME).withExecutor(executor)
			.execute(write)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("binds null for primary-key column category")
				.hasMessageContaining("nothing was written"))
			.verify();

		assertThat(executor.executed()).isEmpty();
		assertThat(post.copies()).containsOnly((Copy) null);
	}

	/** A transient failure of one copy is retried, and the write succeeds. */
	@Test
	void transientFailuresAreRetriedUntilTheWriteSucceeds() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("dual_posts_by_category", 2,
				() -> new DriverTimeoutException("injected timeout"));

		Long timestamp = new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.execute(post.publish("Retried"))
			.block();

		assertThat(executor.attempts("dual_posts_by_category")).isEqualTo(3);
		assertThat(post.copies()).containsOnly(new Copy("Retried", timestamp));
	}

	/**
	 * A failure that retrying cannot fix (an invalid query) is reported at once, without
	 * retries.
	 */
	@Test
	void nonTransientFailuresAreNotRetried() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("dual_posts_by_category", 1,
				() -> new InvalidQueryException(null, "injected invalid query"));

		new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.execute(post.publish("Invalid"))
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(DualWriteException.class)
				.hasCauseInstanceOf(InvalidQueryException.class))
			.verify();

		assertThat(executor.attempts("dual_posts_by_category")).isEqualTo(1);
	}

	/**
	 * One table's write fails mid-way: the caller gets an error naming the failed copy
	 * and the timestamp; retrying with that timestamp converges, and no stale copy
	 * remains.
	 */
	@Test
	void aFailedCopyIsReportedAndARetryWithTheSameTimestampConverges() {
		Post post = Post.random();
		Long published = new DualWriter(session, TIME).execute(post.publish("Old title")).block();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("UPDATE dual_posts_by_category", 3,
				() -> new DriverTimeoutException("injected timeout"));
		DenormalizedWrite retitle = post.retitle("New title");

		DualWriteException failure = catchDualWriteException(
				new DualWriter(session, TIME).withRetry(FAST_RETRY).withExecutor(executor).execute(retitle));

		assertThat(failure.failedStatements()).singleElement()
			.satisfies((statement) -> assertThat(WriteRules.cql(statement)).contains("dual_posts_by_category"));
		assertThat(failure.repairScheduled()).isFalse();
		assertThat(post.copies()).containsExactly(new Copy("New title", failure.timestamp()),
				new Copy("New title", failure.timestamp()), new Copy("Old title", published));

		new DualWriter(session, TIME).execute(retitle.withTimestamp(failure.timestamp()))
			.as(StepVerifier::create)
			.expectNext(failure.timestamp())
			.verifyComplete();
		assertThat(post.copies()).containsOnly(new Copy("New title", failure.timestamp()));
	}

	/**
	 * A real infrastructure failure: a table dropped mid-test fails its copy (not
	 * retried: it is not transient) while the others are written; once the table is back,
	 * the retry converges.
	 */
	@Test
	void aWriteToADroppedTableFailsAndConvergesOnceTheTableIsBack() {
		Post post = Post.random();
		DenormalizedWrite write = post.publishBuilder("Tagged")
			.put(SimpleStatement.newInstance("INSERT INTO dual_posts_by_tag (tag, post_id, title) VALUES (?, ?, ?)",
					"cassandra", post.id(), "Tagged"))
			.build();
		try (CqlSession migrator = SharedCassandra.migratorSession("modeling")) {
			migrator.execute("DROP TABLE dual_posts_by_tag");
		}
		try {
			DualWriteException failure = catchDualWriteException(new DualWriter(session, TIME).execute(write));

			assertThat(failure.getCause()).isInstanceOf(InvalidQueryException.class);
			assertThat(failure.failedStatements()).hasSize(1);
			assertThat(post.copies()).containsOnly(new Copy("Tagged", failure.timestamp()));
		}
		finally {
			try (CqlSession migrator = SharedCassandra.migratorSession("modeling")) {
				migrator.execute("CREATE TABLE IF NOT EXISTS dual_posts_by_tag (tag text, post_id uuid, title text, "
						+ "PRIMARY KEY (tag, post_id)) WITH comment = 'Q6: a tag''s posts (dropped and recreated by a test)'");
			}
		}

		Long timestamp = new DualWriter(session, TIME).execute(write).block();

		assertThat(post.copies()).containsOnly(new Copy("Tagged", timestamp));
		assertThat(session.execute(selectTagged.bind("cassandra", post.id())).one().getString("title"))
			.isEqualTo("Tagged");
	}

	/**
	 * A partial failure that outlives the retries is queued; the reconciler re-applies it
	 * with the original timestamp, pass after pass, until it converges.
	 */
	@Test
	void theReconcilerRepairsAPartialFailureWithTheOriginalTimestamp() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("dual_posts_by_category", 4,
				() -> new DriverTimeoutException("injected timeout"));
		Reconciler reconciler = new Reconciler(executor, TIME, 10);
		DualWriter writer = new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.withReconciler(reconciler);

		DualWriteException failure = catchDualWriteException(writer.execute(post.publish("Repaired")));

		assertThat(failure.repairScheduled()).isTrue();
		assertThat(reconciler.pendingRepairs()).singleElement()
			.satisfies((repair) -> assertThat(repair.timestamp()).isEqualTo(failure.timestamp()));
		assertThat(post.copies()).containsExactly(new Copy("Repaired", failure.timestamp()),
				new Copy("Repaired", failure.timestamp()), null);

		reconciler.reconcile().as(StepVerifier::create).expectNext(new ReconcileReport(0, 1, 0)).verifyComplete();
		reconciler.reconcile().as(StepVerifier::create).expectNext(new ReconcileReport(1, 0, 0)).verifyComplete();

		assertThat(reconciler.pending()).isZero();
		assertThat(post.copies()).containsOnly(new Copy("Repaired", failure.timestamp()));
	}

	/**
	 * A repair replayed after a newer write loses to it: the reconciler can never bring
	 * back stale data.
	 */
	@Test
	void theReconcilerNeverOverwritesANewerWrite() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("UPDATE dual_posts_by_category", 3,
				() -> new DriverTimeoutException("injected timeout"));
		Reconciler reconciler = new Reconciler(executor, TIME, 10);
		new DualWriter(session, TIME).execute(post.publish("First")).block();
		catchDualWriteException(new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.withReconciler(reconciler)
			.execute(post.retitle("Second")));
		Long third = new DualWriter(session, TIME).execute(post.retitle("Third")).block();

		reconciler.reconcile().as(StepVerifier::create).expectNext(new ReconcileReport(1, 0, 0)).verifyComplete();

		assertThat(post.copies()).containsOnly(new Copy("Third", third));
	}

	/**
	 * A repair that a replay cannot fix (an invalid statement) is dropped, not retried
	 * forever.
	 */
	@Test
	void theReconcilerAbandonsARepairThatCannotSucceed() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session)
			.fail("dual_posts_by_category", 3, () -> new DriverTimeoutException("injected timeout"))
			.fail("dual_posts_by_category", 1, () -> new InvalidQueryException(null, "injected invalid query"));
		Reconciler reconciler = new Reconciler(executor, TIME, 10);
		catchDualWriteException(new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.withReconciler(reconciler)
			.execute(post.publish("Abandoned")));

		reconciler.reconcile().as(StepVerifier::create).expectNext(new ReconcileReport(0, 0, 1)).verifyComplete();

		assertThat(reconciler.pending()).isZero();
		assertThat(post.copies().get(2)).isNull();
	}

	/** Periodic reconciliation passes repair a queued write by themselves. */
	@Test
	void periodicPassesRepairQueuedWrites() {
		Post post = Post.random();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("dual_posts_by_category", 5,
				() -> new DriverTimeoutException("injected timeout"));
		Reconciler reconciler = new Reconciler(executor, TIME, 10);
		DualWriteException failure = catchDualWriteException(new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.withReconciler(reconciler)
			.execute(post.publish("Periodic")));

		Disposable passes = reconciler.reconcileEvery(Duration.ofMillis(20));
		try {
			await().atMost(Duration.ofSeconds(10)).until(() -> reconciler.pending() == 0);
		}
		finally {
			passes.dispose();
		}

		assertThat(executor.attempts("dual_posts_by_category")).isEqualTo(6);
		assertThat(post.copies()).containsOnly(new Copy("Periodic", failure.timestamp()));
	}

	/** A full repair queue does not grow: the caller learns that no repair was queued. */
	@Test
	void aFullRepairQueueRefusesMoreRepairs() {
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("dual_posts_by_category", 6,
				() -> new DriverTimeoutException("injected timeout"));
		Reconciler reconciler = new Reconciler(executor, TIME, 1);
		DualWriter writer = new DualWriter(session, TIME).withRetry(FAST_RETRY)
			.withExecutor(executor)
			.withReconciler(reconciler);
		Post first = Post.random();
		Post second = Post.random();

		assertThat(catchDualWriteException(writer.execute(first.publish("Queued"))).repairScheduled()).isTrue();
		assertThat(catchDualWriteException(writer.execute(second.publish("Dropped"))).repairScheduled()).isFalse();

		assertThat(reconciler.pendingRepairs()).singleElement()
			.satisfies((repair) -> assertThat(repair.description()).isEqualTo("publish post " + first.id()));
		assertThat(first.copies().get(2)).isNull();
		assertThat(second.copies().get(2)).isNull();
	}

	/** A parallel write keeps at most the configured number of statements in flight. */
	@Test
	void parallelWritesBoundTheirConcurrency() {
		UUID id = UUID.randomUUID();
		ScriptedExecutor executor = new ScriptedExecutor(session).delayEach(Duration.ofMillis(20));
		DenormalizedWrite.Builder builder = DenormalizedWrite.builder("six tags");
		for (int tag = 0; tag < 6; tag++) {
			builder.put(insertTagged.bind("tag-" + tag + "-" + id, id, "Six tags"));
		}

		new DualWriter(session, TIME).withExecutor(executor)
			.withConcurrency(2)
			.execute(builder.build())
			.as(StepVerifier::create)
			.expectNextCount(1)
			.verifyComplete();

		assertThat(executor.maxInFlight()).isEqualTo(2);
		for (int tag = 0; tag < 6; tag++) {
			assertThat(session.execute(selectTagged.bind("tag-" + tag + "-" + id, id)).one()).isNotNull();
		}
	}

	/** Two timestamps taken in a row are strictly ordered, even within a microsecond. */
	@Test
	void nowMicrosIsStrictlyIncreasing() {
		List<Long> timestamps = new ArrayList<>();
		for (int index = 0; index < 1_000; index++) {
			timestamps.add(TIME.nowMicros());
		}
		assertThat(timestamps).isSorted().doesNotHaveDuplicates();
		long now = TIME.nowMicros();
		assertThat(TIME.nextTimestamp(now + 5_000_000)).isEqualTo(now + 5_000_001);
	}

	private static DualWriteException catchDualWriteException(Mono<Long> write) {
		List<Throwable> errors = new ArrayList<>();
		write.as(StepVerifier::create).expectErrorSatisfies((error) -> errors.add(error)).verify();
		assertThat(errors).singleElement().isInstanceOf(DualWriteException.class);
		return (DualWriteException) errors.get(0);
	}

	/** A copy as read back: its title and the timestamp the title was written with. */
	record Copy(String title, long writetime) {

		static Copy of(Row row) {
			return (row != null) ? new Copy(row.getString(0), row.getLong(1)) : null;
		}

	}

	/** A post and the statements that write its three copies. */
	record Post(UUID id, UUID author, String category, Instant createdAt) {

		static Post random() {
			return new Post(UUID.randomUUID(), UUID.randomUUID(), "category-" + UUID.randomUUID(),
					Instant.now().truncatedTo(ChronoUnit.MILLIS));
		}

		DenormalizedWrite.Builder publishBuilder(String title) {
			return DenormalizedWrite.builder("publish post " + this.id)
				.put(insertById.bind(this.id, this.author, this.category, this.createdAt, title))
				.put(insertByAuthor.bind(this.author, this.createdAt, this.id, title))
				.put(insertByCategory.bind(this.category, this.createdAt, this.id, title));
		}

		DenormalizedWrite publish(String title) {
			return publishBuilder(title).build();
		}

		DenormalizedWrite retitle(String title) {
			return DenormalizedWrite.builder("retitle post " + this.id)
				.put(retitleById.bind(title, this.id))
				.put(retitleByAuthor.bind(title, this.author, this.createdAt, this.id))
				.put(retitleByCategory.bind(title, this.category, this.createdAt, this.id))
				.build();
		}

		/**
		 * The copy in posts_by_id, posts_by_author and posts_by_category, in that order.
		 */
		List<Copy> copies() {
			List<Copy> copies = new ArrayList<>();
			copies.add(Copy.of(session.execute(selectById.bind(this.id)).one()));
			copies.add(Copy.of(session.execute(selectByAuthor.bind(this.author, this.createdAt, this.id)).one()));
			copies.add(Copy.of(session.execute(selectByCategory.bind(this.category, this.createdAt, this.id)).one()));
			return copies;
		}

	}

}
