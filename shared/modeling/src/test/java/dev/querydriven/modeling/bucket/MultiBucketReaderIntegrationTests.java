package dev.querydriven.modeling.bucket;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The multi-bucket reader on the real node, over a month-bucketed table written across a
 * month end, a leap day and a year end (with rows sharing a millisecond), with empty
 * months between: paging returns every row exactly once, in the table's clustering order,
 * in both directions, reading only the partitions a page needs.
 */
@CassandraTest
class MultiBucketReaderIntegrationTests {

	private static final String KEYSPACE = "modeling";

	private static final BucketGranularity MONTH = BucketGranularity.MONTH;

	/**
	 * The range the tests read: January 2024 to January 2025, thirteen month partitions.
	 */
	private static final Instant FROM = Instant.parse("2024-01-01T00:00:00Z");

	private static final Instant TO = Instant.parse("2025-02-01T00:00:00Z");

	private static CqlSession session;

	private static EventsBySource table;

	private UUID sourceId;

	private List<EventsBySourceRow> written;

	@BeforeAll
	static void createTable() {
		// The table is created as a service's migrations create it, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession(KEYSPACE);
		// Q1: a source's events in a time range, newest or oldest first. The month in the
		// partition key bounds each partition; (event_time, event_id) orders rows and
		// keeps two events of one millisecond apart.
		migrator.execute(
				"""
						CREATE TABLE IF NOT EXISTS bucketed_events_by_source (
						    source_id uuid,
						    month text,
						    event_time timestamp,
						    event_id uuid,
						    payload text,
						    PRIMARY KEY ((source_id, month), event_time, event_id)
						) WITH CLUSTERING ORDER BY (event_time DESC, event_id DESC)
						  AND comment = 'Q1: a source''s events in a time range, newest or oldest first, one partition per month'""");
		migrator.close();
		session = SharedCassandra.serviceSession(KEYSPACE);
		table = new EventsBySource(session);
	}

	@AfterAll
	static void closeSession() {
		session.close();
	}

	@BeforeEach
	void writeEvents() {
		this.sourceId = UUID.randomUUID();
		Instant tie = Instant.parse("2024-12-31T23:59:59.999Z");
		Instant midnight = Instant.parse("2025-01-01T00:00:00Z");
		this.written = Stream.of(every("2024-01-31T21:00:00Z", 45, 8), // across January's
																		// end
				every("2024-02-28T20:00:00Z", 180, 12), // across the leap day into March
				every("2024-12-31T20:00:00Z", 60, 8), // across the year end
				Stream.of(tie, tie, tie, midnight, midnight)) // same-millisecond rows
			.flatMap((times) -> times)
			.map((time) -> new EventsBySourceRow(this.sourceId, Bucket.of(MONTH, time).key(), time, UUID.randomUUID(),
					"event at " + time))
			.toList();
		table.insertAll(this.written).as(StepVerifier::create).verifyComplete();
	}

	private static Stream<Instant> every(String first, int minutes, int count) {
		Instant start = Instant.parse(first);
		return IntStream.range(0, count).mapToObj((i) -> start.plus((long) i * minutes, ChronoUnit.MINUTES));
	}

	/**
	 * Every row of a year, paged newest first and oldest first with several page sizes,
	 * comes back exactly once, in the clustering order of the partitions.
	 */
	@Test
	void pagingReturnsEveryRowOnceInOrderInBothDirections() {
		List<EventsBySourceRow> newestFirst = table.wholePartitions(this.sourceId,
				Buckets.between(MONTH, FROM, TO, ReadOrder.NEWEST_FIRST));
		assertThat(newestFirst).hasSize(this.written.size())
			.containsExactlyInAnyOrderElementsOf(this.written)
			.isSortedAccordingTo(Comparator.comparing(EventsBySourceRow::eventTime).reversed());
		List<EventsBySourceRow> oldestFirst = new ArrayList<>(newestFirst);
		Collections.reverse(oldestFirst);

		for (int limit : new int[] { 1, 3, 7, 100 }) {
			assertThat(readAllPages(ReadOrder.NEWEST_FIRST, limit)).as("newest first, pages of %d", limit)
				.containsExactlyElementsOf(newestFirst);
			assertThat(readAllPages(ReadOrder.OLDEST_FIRST, limit)).as("oldest first, pages of %d", limit)
				.containsExactlyElementsOf(oldestFirst);
		}
	}

	/**
	 * The latest page that January 2025 fills reads that one partition; a larger one
	 * reads back into December, and no further.
	 */
	@Test
	void latestReadsOnlyThePartitionsThePageNeeds() {
		Instant now = Instant.parse("2025-01-20T09:00:00Z");
		List<Bucket> reads = new CopyOnWriteArrayList<>();
		BucketQuery<EventsBySourceRow, EventPosition> query = table.query(this.sourceId, ReadOrder.NEWEST_FIRST, reads);

		MultiBucketReader.latest(query, EventsBySourceRow::position, MONTH, now, FROM, 5, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).hasSize(5).allMatch((row) -> row.month().equals("2025-01"));
				assertThat(page.partitionsRead()).isEqualTo(1);
			})
			.verifyComplete();
		assertThat(reads).extracting(Bucket::key).containsExactly("2025-01");
		reads.clear();

		MultiBucketReader.latest(query, EventsBySourceRow::position, MONTH, now, FROM, 12, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).extracting(EventsBySourceRow::month).containsOnly("2025-01", "2024-12");
				assertThat(page.partitionsRead()).isEqualTo(2);
				assertThat(page.next().bucket().key()).isEqualTo("2024-12");
			})
			.verifyComplete();
		assertThat(reads).extracting(Bucket::key).containsExactly("2025-01", "2024-12");
	}

	/**
	 * Eight empty months between the leap-day rows and December do not stop the walk: it
	 * reads each of them once, then March and February, where the page fills up.
	 */
	@Test
	void latestWalksThroughEmptyMonthsToOlderRows() {
		List<Bucket> reads = new CopyOnWriteArrayList<>();
		BucketQuery<EventsBySourceRow, EventPosition> query = table.query(this.sourceId, ReadOrder.NEWEST_FIRST, reads);
		Instant december = Instant.parse("2024-12-31T21:30:00Z");

		MultiBucketReader.latest(query, EventsBySourceRow::position, MONTH, december, FROM, 6, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).extracting(EventsBySourceRow::month)
					.containsExactly("2024-12", "2024-12", "2024-03", "2024-03", "2024-02", "2024-02");
				assertThat(page.partitionsRead()).isEqualTo(11);
			})
			.verifyComplete();
		assertThat(reads).extracting(Bucket::key)
			.containsExactly("2024-12", "2024-11", "2024-10", "2024-09", "2024-08", "2024-07", "2024-06", "2024-05",
					"2024-04", "2024-03", "2024-02");
	}

	/**
	 * A CQL timestamp holds milliseconds: with "now" half a millisecond after three rows
	 * of one millisecond, latest still reads them (the driver would truncate a bound of
	 * now + 1 ns to that very millisecond and exclude them), and nothing after now.
	 */
	@Test
	void latestIncludesRowsInNowsMillisecond() {
		Instant tie = Instant.parse("2024-12-31T23:59:59.999Z");
		BucketQuery<EventsBySourceRow, EventPosition> query = table.query(this.sourceId, ReadOrder.NEWEST_FIRST,
				new ArrayList<>());

		MultiBucketReader.latest(query, EventsBySourceRow::position, MONTH, tie.plusNanos(500_000), FROM, 4, null)
			.as(StepVerifier::create)
			.assertNext((page) -> assertThat(page.items()).extracting(EventsBySourceRow::eventTime)
				.containsExactly(tie, tie, tie, Instant.parse("2024-12-31T23:00:00Z")))
			.verifyComplete();
	}

	private List<EventsBySourceRow> readAllPages(ReadOrder order, int limit) {
		BucketQuery<EventsBySourceRow, EventPosition> query = table.query(this.sourceId, order, new ArrayList<>());
		List<EventsBySourceRow> read = new ArrayList<>();
		BucketCursor<EventPosition> cursor = null;
		do {
			BucketPage<EventsBySourceRow, EventPosition> page = MultiBucketReader
				.range(query, EventsBySourceRow::position, MONTH, FROM, TO, order, limit, cursor)
				.block(Duration.ofSeconds(30));
			assertThat(page.items()).hasSizeLessThanOrEqualTo(limit);
			read.addAll(page.items());
			cursor = page.next();
		}
		while (cursor != null && read.size() <= this.written.size());
		return read;
	}

	/** A row of {@code bucketed_events_by_source}. */
	record EventsBySourceRow(UUID sourceId, String month, Instant eventTime, UUID eventId, String payload) {

		EventPosition position() {
			return new EventPosition(this.eventTime, this.eventId);
		}

	}

	/** The clustering position a page resumes after. */
	record EventPosition(Instant eventTime, UUID eventId) {

	}

	/**
	 * The table's statements, prepared once. Each read restricts the full partition key
	 * (source and month), bounds the clustering column by the slice, and continues
	 * strictly after a (time, id) position with a tuple comparison, so a page boundary
	 * between two rows of the same millisecond loses nothing.
	 */
	static final class EventsBySource {

		private static final String COLUMNS = "SELECT source_id, month, event_time, event_id, payload "
				+ "FROM bucketed_events_by_source WHERE source_id = ? AND month = ? ";

		private static final String ASCENDING = "ORDER BY event_time ASC, event_id ASC ";

		private final CqlSession session;

		private final PreparedStatement insert;

		private final PreparedStatement newestFirst;

		private final PreparedStatement newestFirstAfter;

		private final PreparedStatement oldestFirst;

		private final PreparedStatement oldestFirstAfter;

		private final PreparedStatement wholePartition;

		EventsBySource(CqlSession session) {
			this.session = session;
			this.insert = session.prepare("INSERT INTO bucketed_events_by_source "
					+ "(source_id, month, event_time, event_id, payload) VALUES (?, ?, ?, ?, ?)");
			this.newestFirst = session.prepare(COLUMNS + "AND event_time >= ? AND event_time < ? LIMIT ?");
			this.newestFirstAfter = session
				.prepare(COLUMNS + "AND (event_time, event_id) < (?, ?) AND event_time >= ? LIMIT ?");
			this.oldestFirst = session
				.prepare(COLUMNS + "AND event_time >= ? AND event_time < ? " + ASCENDING + "LIMIT ?");
			this.oldestFirstAfter = session
				.prepare(COLUMNS + "AND (event_time, event_id) > (?, ?) AND event_time < ? " + ASCENDING + "LIMIT ?");
			this.wholePartition = session.prepare(COLUMNS);
		}

		Mono<Void> insertAll(List<EventsBySourceRow> rows) {
			return Flux.fromIterable(rows)
				.flatMap((row) -> Flux.from(this.session.executeReactive(consistent(
						this.insert.bind(row.sourceId(), row.month(), row.eventTime(), row.eventId(), row.payload()))
					.setIdempotent(true))), 8)
				.then();
		}

		/** The partition reads, in one order, recording each bucket read. */
		BucketQuery<EventsBySourceRow, EventPosition> query(UUID sourceId, ReadOrder order, List<Bucket> reads) {
			return (slice, after, limit) -> {
				reads.add(slice.bucket());
				String month = slice.bucket().key();
				BoundStatement statement;
				if (order == ReadOrder.NEWEST_FIRST) {
					statement = (after == null)
							? this.newestFirst.bind(sourceId, month, slice.from(), slice.to(), limit)
							: this.newestFirstAfter.bind(sourceId, month, after.eventTime(), after.eventId(),
									slice.from(), limit);
				}
				else {
					statement = (after == null)
							? this.oldestFirst.bind(sourceId, month, slice.from(), slice.to(), limit)
							: this.oldestFirstAfter.bind(sourceId, month, after.eventTime(), after.eventId(),
									slice.to(), limit);
				}
				return Flux.from(this.session.executeReactive(consistent(statement))).map(EventsBySource::toRow);
			};
		}

		/**
		 * Every row of the given partitions, in clustering order: the oracle for paging.
		 */
		List<EventsBySourceRow> wholePartitions(UUID sourceId, List<Bucket> buckets) {
			return buckets.stream()
				.flatMap((bucket) -> this.session.execute(consistent(this.wholePartition.bind(sourceId, bucket.key())))
					.all()
					.stream())
				.map(EventsBySource::toRow)
				.toList();
		}

		/**
		 * LOCAL_QUORUM for writes and reads: a page read right after a write sees it
		 * (quorum overlap), which a test of "every row exactly once" relies on.
		 */
		private static BoundStatement consistent(BoundStatement statement) {
			return statement.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
		}

		private static EventsBySourceRow toRow(Row row) {
			return new EventsBySourceRow(row.getUuid("source_id"), row.getString("month"), row.getInstant("event_time"),
					row.getUuid("event_id"), row.getString("payload"));
		}

	}

}
