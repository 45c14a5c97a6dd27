package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hybrid fan-out end to end on the real node: regular authors are fanned out into the
 * reader's timeline, high-follower authors are not, and the merged pages come out in
 * exactly the order Cassandra's clustering gives, ties included.
 */
@CassandraTest
class HybridTimelineIntegrationTests {

	private static final FanOutPolicy POLICY = new FanOutPolicy(100);

	private static CqlSession session;

	private static PreparedStatement insertTimeline;

	private static PreparedStatement insertByAuthor;

	private static PreparedStatement firstPage;

	private static PreparedStatement nextPage;

	private static PreparedStatement firstPageByAuthor;

	private static PreparedStatement nextPageByAuthor;

	@BeforeAll
	static void createTables() {
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession("timeline_fanout");
		migrator.execute("CREATE TABLE IF NOT EXISTS hybrid_timeline (user_id uuid, post_time timestamp, post_id uuid, "
				+ "author_id uuid, PRIMARY KEY (user_id, post_time, post_id)) "
				+ "WITH CLUSTERING ORDER BY (post_time DESC, post_id DESC) "
				+ "AND comment = 'Q1: a reader''s fanned-out timeline, newest first'");
		migrator.execute("CREATE TABLE IF NOT EXISTS hybrid_posts_by_author (author_id uuid, post_time timestamp, "
				+ "post_id uuid, PRIMARY KEY (author_id, post_time, post_id)) "
				+ "WITH CLUSTERING ORDER BY (post_time DESC, post_id DESC) "
				+ "AND comment = 'Q2: an author''s posts, newest first (merged at read time for big authors)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS hybrid_uuid_order (k uuid, id uuid, PRIMARY KEY (k, id)) "
				+ "WITH comment = 'Q3: how Cassandra orders a uuid clustering column'");
		migrator.execute("CREATE TABLE IF NOT EXISTS hybrid_timeuuid_order (k uuid, id timeuuid, PRIMARY KEY (k, id)) "
				+ "WITH comment = 'Q4: how Cassandra orders a timeuuid clustering column'");
		migrator.close();
		session = SharedCassandra.serviceSession("timeline_fanout");
		insertTimeline = session
			.prepare("INSERT INTO hybrid_timeline (user_id, post_time, post_id, author_id) VALUES (?, ?, ?, ?)");
		insertByAuthor = session
			.prepare("INSERT INTO hybrid_posts_by_author (author_id, post_time, post_id) VALUES (?, ?, ?)");
		firstPage = session.prepare("SELECT post_time, post_id FROM hybrid_timeline WHERE user_id = ? LIMIT ?");
		nextPage = session.prepare("SELECT post_time, post_id FROM hybrid_timeline WHERE user_id = ? "
				+ "AND (post_time, post_id) < (?, ?) LIMIT ?");
		firstPageByAuthor = session
			.prepare("SELECT post_time, post_id FROM hybrid_posts_by_author WHERE author_id = ? LIMIT ?");
		nextPageByAuthor = session.prepare("SELECT post_time, post_id FROM hybrid_posts_by_author WHERE author_id = ? "
				+ "AND (post_time, post_id) < (?, ?) LIMIT ?");
	}

	@AfterAll
	static void closeSession() {
		session.close();
	}

	/**
	 * A reader follows two regular authors (fanned out) and two high-follower authors
	 * (not fanned out). Walking the merged timeline page by page gives exactly the order
	 * in which Cassandra clusters all the posts in one partition: interleaved times,
	 * equal times broken by id, page boundaries inside ties.
	 */
	@Test
	void mergedPagesFollowTheClusteringOrderOfTheTables() {
		UUID reader = UUID.randomUUID();
		UUID control = UUID.randomUUID();
		Map<UUID, Long> followerCounts = Map.of(UUID.randomUUID(), 3L, UUID.randomUUID(), 40L, UUID.randomUUID(),
				5_000L, UUID.randomUUID(), 2_000_000L);
		List<UUID> authors = List.copyOf(followerCounts.keySet());
		FanOut fanOut = new FanOut(session, 8, new SimpleMeterRegistry(), POLICY);
		Random random = new Random(7);
		Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		int skipped = 0;
		for (int index = 0; index < 60; index++) {
			UUID author = authors.get(random.nextInt(authors.size()));
			// Sixty posts in six distinct milliseconds: many ties, within and
			// across the authors' partitions.
			Instant time = start.minusMillis(random.nextInt(6));
			UUID post = UUID.randomUUID();
			session.execute(insertByAuthor.bind(author, time, post));
			// The control partition holds every post: Cassandra's own order
			// there is the expected result.
			session.execute(insertTimeline.bind(control, time, post, author));
			FanOutResult result = fanOut
				.deliver(followerCounts.get(author), Flux.just(reader),
						(follower) -> insertTimeline.bind(follower, time, post, author), TestTime.SOURCE.nowMicros())
				.block();
			skipped += result.skipped() ? 1 : 0;
		}
		List<TimelinePosition> expected = read(firstPage, nextPage, control, null, 1_000).collectList().block();
		List<TimelineSource<TimelinePosition>> bigAuthors = authors.stream()
			.filter((author) -> POLICY.mergedAtRead(followerCounts.get(author)))
			.<TimelineSource<TimelinePosition>>map(
					(author) -> (after, limit) -> read(firstPageByAuthor, nextPageByAuthor, author, after, limit))
			.toList();
		HybridTimeline<TimelinePosition> timeline = new HybridTimeline<>((position) -> position,
				UuidClusteringOrder.UUID_TYPE);

		List<TimelinePosition> walked = new ArrayList<>();
		TimelinePosition after = null;
		do {
			TimelinePage<TimelinePosition> page = timeline
				.page((from, limit) -> read(firstPage, nextPage, reader, from, limit), bigAuthors, after, 4)
				.block();
			walked.addAll(page.items());
			after = page.next();
		}
		while (after != null);

		assertThat(bigAuthors).hasSize(2);
		assertThat(skipped).isBetween(1, 59);
		assertThat(expected).hasSize(60);
		assertThat(walked).containsExactlyElementsOf(expected);
	}

	/**
	 * UuidClusteringOrder sorts uuid and timeuuid values exactly as Cassandra's
	 * clustering does (which UUID.compareTo does not), including ids that share a
	 * timestamp.
	 */
	@Test
	void uuidClusteringOrderAgreesWithCassandra() {
		List<UUID> uuids = new ArrayList<>();
		List<UUID> timeuuids = new ArrayList<>();
		long sharedTime = Uuids.timeBased().getMostSignificantBits();
		Random random = new Random(11);
		for (int index = 0; index < 100; index++) {
			uuids.add(UUID.randomUUID());
			UUID timeBased = Uuids.timeBased();
			// Version 1 ids sharing one timestamp differ only in their low bits.
			UUID sameTime = new UUID(sharedTime, (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L);
			uuids.add(timeBased);
			uuids.add(sameTime);
			timeuuids.add(timeBased);
			timeuuids.add(sameTime);
		}

		assertThat(clustered("hybrid_uuid_order", uuids))
			.containsExactlyElementsOf(uuids.stream().sorted(UuidClusteringOrder.UUID_TYPE).toList())
			.isNotEqualTo(uuids.stream().sorted().toList());
		assertThat(clustered("hybrid_timeuuid_order", timeuuids))
			.containsExactlyElementsOf(timeuuids.stream().sorted(UuidClusteringOrder.TIMEUUID_TYPE).toList());
	}

	/** Writes the ids into one partition and reads them back in clustering order. */
	private static List<UUID> clustered(String table, List<UUID> ids) {
		UUID partition = UUID.randomUUID();
		PreparedStatement insert = session.prepare("INSERT INTO " + table + " (k, id) VALUES (?, ?)");
		for (UUID id : ids) {
			session.execute(insert.bind(partition, id));
		}
		return session.execute(session.prepare("SELECT id FROM " + table + " WHERE k = ?").bind(partition))
			.all()
			.stream()
			.map((row) -> row.getUuid("id"))
			.toList();
	}

	/**
	 * One partition, newest first, strictly after the position: the query a service would
	 * run.
	 */
	private static Flux<TimelinePosition> read(PreparedStatement first, PreparedStatement next, UUID key,
			TimelinePosition after, int limit) {
		return Flux
			.from(session.executeReactive(
					(after == null) ? first.bind(key, limit) : next.bind(key, after.time(), after.id(), limit)))
			.map((row) -> new TimelinePosition(row.getInstant("post_time"), row.getUuid("post_id")));
	}

}
