package dev.querydriven.socialfeed.timeline;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import reactor.util.retry.Retry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fan-out on write against the real node (the guide's "Social Media Feed"): a post is
 * written into every follower's timeline partition, with bounded concurrency,
 * backpressure, one timestamp, metrics and an upper bound per item.
 */
@CassandraTest
class FanOutIntegrationTests {

	private static CqlSession session;

	private static PreparedStatement insertFollower;

	private static PreparedStatement selectFollowers;

	private static PreparedStatement deliverToTimeline;

	private static PreparedStatement selectFromTimeline;

	@BeforeAll
	static void createTables() {
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession("timeline_fanout");
		migrator.execute("CREATE TABLE IF NOT EXISTS fanout_followers_by_user (user_id uuid, follower_id uuid, "
				+ "PRIMARY KEY (user_id, follower_id)) WITH comment = 'Q1: a user''s followers (the fan-out recipients)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS fanout_timeline (user_id uuid, post_time timestamp, post_id uuid, "
				+ "author_id uuid, content text, PRIMARY KEY (user_id, post_time, post_id)) "
				+ "WITH CLUSTERING ORDER BY (post_time DESC, post_id DESC) "
				+ "AND comment = 'Q2: a reader''s timeline, newest first (written by fan-out)'");
		migrator.close();
		session = SharedCassandra.serviceSession("timeline_fanout");
		insertFollower = session.prepare("INSERT INTO fanout_followers_by_user (user_id, follower_id) VALUES (?, ?)");
		selectFollowers = session.prepare("SELECT follower_id FROM fanout_followers_by_user WHERE user_id = ?");
		deliverToTimeline = session.prepare("INSERT INTO fanout_timeline (user_id, post_time, post_id, author_id, "
				+ "content) VALUES (?, ?, ?, ?, ?)");
		selectFromTimeline = session.prepare("SELECT content, WRITETIME(content) FROM fanout_timeline "
				+ "WHERE user_id = ? AND post_time = ? AND post_id = ?");
	}

	@AfterAll
	static void closeSession() {
		session.close();
	}

	/**
	 * A post by an author with 5,000 followers reaches all 5,000 timeline partitions,
	 * streamed from the followers partition, every copy with the same timestamp; the
	 * metrics count every delivery.
	 */
	@Test
	void aPostReachesEveryTimelineOfThousandsOfFollowers() {
		UUID author = UUID.randomUUID();
		List<UUID> followers = IntStream.range(0, 5_000).mapToObj((index) -> UUID.randomUUID()).toList();
		Flux.fromIterable(followers)
			.flatMap((follower) -> session.executeReactive(insertFollower.bind(author, follower)), 32)
			.then()
			.block();
		Post post = Post.by(author);
		MeterRegistry registry = new SimpleMeterRegistry();
		FanOut fanOut = new FanOut(session, 32, registry);
		long timestamp = TestTime.SOURCE.nowMicros();
		// The follower count comes with the author (a counter, say): the recipients are
		// streamed from their partition, a page at a time, as writes complete.
		Flux<UUID> recipients = Flux.from(session.executeReactive(selectFollowers.bind(author).setPageSize(500)))
			.map((row) -> row.getUuid("follower_id"));

		fanOut.deliver(followers.size(), recipients, post::into, timestamp)
			.as(StepVerifier::create)
			.expectNext(new FanOutResult(5_000, false))
			.verifyComplete();

		List<UUID> missing = Flux.fromIterable(followers)
			.flatMap((follower) -> Flux.from(session.executeReactive(post.select(follower)))
				.filter((row) -> row.getString(0).equals(post.content()) && row.getLong(1) == timestamp)
				.hasElements()
				.filter((found) -> !found)
				.map((found) -> follower), 32)
			.collectList()
			.block();
		assertThat(missing).isEmpty();
		assertThat(registry.get("querydriven.fanout.delivered").counter().count()).isEqualTo(5_000);
		assertThat(registry.get("querydriven.fanout.duration").timer().count()).isEqualTo(1);
		assertThat(registry.get("querydriven.fanout.in.flight").longTaskTimer().activeTasks()).isZero();
		assertThat(registry.get("querydriven.fanout.failed").counter().count()).isZero();
		assertThat(registry.get("querydriven.fanout.skipped").counter().count()).isZero();
	}

	/**
	 * At most {@code concurrency} writes are in flight, and recipients are pulled only as
	 * writes complete: the source never runs more than {@code concurrency} ahead.
	 */
	@Test
	void concurrencyIsBoundedAndRecipientsArePulledAsWritesComplete() {
		CountingExecutor executor = new CountingExecutor(session).delayEach(Duration.ofMillis(2));
		FanOut fanOut = new FanOut(session, 4, new SimpleMeterRegistry()).withExecutor(executor);
		Post post = Post.by(UUID.randomUUID());
		AtomicInteger emitted = new AtomicInteger();
		AtomicInteger mostAhead = new AtomicInteger();
		AtomicLong largestRequest = new AtomicLong();
		Flux<UUID> recipients = Flux.range(0, 200)
			.doOnRequest((requested) -> largestRequest.accumulateAndGet(requested, Math::max))
			.map((index) -> UUID.randomUUID())
			.doOnNext((recipient) -> mostAhead.accumulateAndGet(emitted.incrementAndGet() - executor.completed(),
					Math::max));

		fanOut.deliver(200, recipients, post::into, TestTime.SOURCE.nowMicros())
			.as(StepVerifier::create)
			.expectNext(new FanOutResult(200, false))
			.verifyComplete();

		assertThat(executor.executed()).isEqualTo(200);
		assertThat(executor.maxInFlight()).isEqualTo(4);
		assertThat(mostAhead.get()).isBetween(1, 4);
		assertThat(largestRequest.get()).isLessThanOrEqualTo(4);
	}

	/**
	 * An author above the follower threshold is not fanned out, whether the count is
	 * known or found by reading one recipient past the threshold; nothing is written.
	 */
	@Test
	void authorsAboveTheThresholdAreNotFannedOut() {
		CountingExecutor executor = new CountingExecutor(session);
		MeterRegistry registry = new SimpleMeterRegistry();
		FanOut fanOut = new FanOut(session, 8, registry, new FanOutPolicy(50)).withExecutor(executor);
		Post post = Post.by(UUID.randomUUID());
		AtomicLong pulled = new AtomicLong();
		Flux<UUID> manyFollowers = Flux.range(0, 1_000)
			.map((index) -> UUID.randomUUID())
			.doOnNext((recipient) -> pulled.incrementAndGet());
		long timestamp = TestTime.SOURCE.nowMicros();

		fanOut.deliver(1_000, manyFollowers, post::into, timestamp)
			.as(StepVerifier::create)
			.expectNext(new FanOutResult(0, true))
			.verifyComplete();
		fanOut.deliver(manyFollowers, post::into, timestamp)
			.as(StepVerifier::create)
			.expectNext(new FanOutResult(0, true))
			.verifyComplete();
		fanOut.deliver(manyFollowers.take(50), post::into, timestamp)
			.as(StepVerifier::create)
			.expectNext(new FanOutResult(50, false))
			.verifyComplete();

		assertThat(pulled.get()).isEqualTo(51 + 50);
		assertThat(executor.executed()).isEqualTo(50);
		assertThat(registry.get("querydriven.fanout.skipped").counter().count()).isEqualTo(2);
		assertThat(registry.get("querydriven.fanout.delivered").counter().count()).isEqualTo(50);
		assertThat(fanOut.policy().mergedAtRead(51)).isTrue();
	}

	/**
	 * Writes that still fail after their retries do not stop the others; the fan-out
	 * reports them, and delivering again with the same timestamp converges.
	 */
	@Test
	void failedDeliveriesAreReportedAndRedeliveringConverges() {
		List<UUID> followers = IntStream.range(0, 20).mapToObj((index) -> UUID.randomUUID()).toList();
		Set<UUID> unreachable = Set.copyOf(followers.subList(0, 3));
		CountingExecutor executor = new CountingExecutor(session).failRecipients(unreachable,
				() -> new DriverTimeoutException("injected timeout"));
		MeterRegistry registry = new SimpleMeterRegistry();
		FanOut fanOut = new FanOut(session, 4, registry).withExecutor(executor)
			.withRetry(Retry.backoff(2, Duration.ofMillis(1)));
		Post post = Post.by(UUID.randomUUID());
		long timestamp = TestTime.SOURCE.nowMicros();

		fanOut.deliver(followers.size(), Flux.fromIterable(followers), post::into, timestamp)
			.as(StepVerifier::create)
			.expectErrorSatisfies(
					(error) -> assertThat(error).isInstanceOfSatisfying(FanOutException.class, (failure) -> {
						assertThat(failure.delivered()).isEqualTo(17);
						assertThat(failure.failed()).isEqualTo(3);
						assertThat(failure.timestamp()).isEqualTo(timestamp);
					}))
			.verify();
		assertThat(executor.executed()).isEqualTo(17 + 3 * 3);
		assertThat(registry.get("querydriven.fanout.failed").counter().count()).isEqualTo(3);
		assertThat(followers).filteredOn(post::deliveredTo).hasSize(17).doesNotContainAnyElementsOf(unreachable);

		executor.heal();
		fanOut.deliver(followers.size(), Flux.fromIterable(followers), post::into, timestamp)
			.as(StepVerifier::create)
			.expectNext(new FanOutResult(20, false))
			.verifyComplete();

		assertThat(followers).allMatch((follower) -> post.deliveredAt(follower) == timestamp);
	}

	/**
	 * A statement that cannot be a copy (a lightweight transaction) is refused before it
	 * runs, and ends the fan-out: every recipient would be refused the same way.
	 */
	@Test
	void statementsThatCannotBeCopiesAreRefusedBeforeAnyWrite() {
		CountingExecutor executor = new CountingExecutor(session);
		FanOut fanOut = new FanOut(session, 4, new SimpleMeterRegistry()).withExecutor(executor);
		PreparedStatement claim = session
			.prepare("INSERT INTO fanout_timeline (user_id, post_time, post_id) " + "VALUES (?, ?, ?) IF NOT EXISTS");

		fanOut
			.deliver(10, Flux.range(0, 10).map((index) -> UUID.randomUUID()),
					(follower) -> claim.bind(follower, Instant.now(), UUID.randomUUID()), TestTime.SOURCE.nowMicros())
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("lightweight transaction"))
			.verify();

		assertThat(executor.executed()).isZero();
	}

	/** A post and the statement writing it into one follower's timeline. */
	record Post(UUID id, UUID author, Instant time, String content) {

		static Post by(UUID author) {
			UUID id = UUID.randomUUID();
			return new Post(id, author, Instant.now().truncatedTo(ChronoUnit.MILLIS), "post " + id);
		}

		Statement<?> into(UUID follower) {
			return deliverToTimeline.bind(follower, this.time, this.id, this.author, this.content);
		}

		com.datastax.oss.driver.api.core.cql.BoundStatement select(UUID follower) {
			return selectFromTimeline.bind(follower, this.time, this.id);
		}

		boolean deliveredTo(UUID follower) {
			return session.execute(select(follower)).one() != null;
		}

		long deliveredAt(UUID follower) {
			Row row = session.execute(select(follower)).one();
			return (row != null) ? row.getLong(1) : -1;
		}

	}

}
