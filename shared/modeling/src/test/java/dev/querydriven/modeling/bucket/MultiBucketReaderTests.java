package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import dev.querydriven.modeling.bucket.InMemoryEventTable.Event;
import dev.querydriven.modeling.bucket.InMemoryEventTable.Position;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The multi-bucket reader against an in-memory bucketed table: one partition at a time,
 * in order, stopping when the page is full, resuming from a cursor, and bounded by a
 * known oldest instant or an explicit bucket list, never by a run of empty buckets.
 */
class MultiBucketReaderTests {

	private static final BucketGranularity MONTH = BucketGranularity.MONTH;

	private static final Instant NOW = Instant.parse("2026-05-20T12:00:00Z");

	private static final Instant CREATED = Instant.parse("2024-01-10T08:00:00Z");

	private final InMemoryEventTable table = new InMemoryEventTable(MONTH);

	private long nextId = 1;

	/** Inserts {@code count} events, one an hour, from {@code first}. */
	private List<Event> insertHourly(String first, int count) {
		Instant start = Instant.parse(first);
		List<Event> events = IntStream.range(0, count)
			.mapToObj((i) -> new Event(start.plus(i, ChronoUnit.HOURS), this.nextId++))
			.toList();
		this.table.insertAll(events);
		return events;
	}

	private Mono<BucketPage<Event, Position>> latest(int limit, BucketCursor<Position> cursor) {
		return MultiBucketReader.latest(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW, CREATED,
				limit, cursor);
	}

	private static <T> List<T> reversed(List<T> list) {
		List<T> copy = new ArrayList<>(list);
		Collections.reverse(copy);
		return copy;
	}

	private static List<String> keys(List<Bucket> buckets) {
		return buckets.stream().map(Bucket::key).toList();
	}

	/** A page the newest month can fill reads that one partition and nothing older. */
	@Test
	void latestReadsOnlyTheNewestPartitionWhenItFillsThePage() {
		insertHourly("2026-04-01T00:00:00Z", 10);
		List<Event> may = insertHourly("2026-05-01T00:00:00Z", 30);

		latest(20, null).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).containsExactlyElementsOf(reversed(may).subList(0, 20));
			assertThat(page.partitionsRead()).isEqualTo(1);
			assertThat(page.next())
				.isEqualTo(new BucketCursor<>(Bucket.parse(MONTH, "2026-05"), may.get(10).position()));
		}).verifyComplete();
		assertThat(keys(this.table.bucketsRead())).containsExactly("2026-05");
	}

	/**
	 * An emptier recent past makes the walk go back one partition at a time, empty ones
	 * included, and stop at the partition that fills the page.
	 */
	@Test
	void latestWalksBackOnePartitionAtATimeUntilThePageIsFull() {
		List<Event> january = insertHourly("2026-01-31T20:00:00Z", 8);
		List<Event> march = insertHourly("2026-03-31T22:00:00Z", 4);
		List<Event> may = insertHourly("2026-05-01T00:00:00Z", 3);

		latest(10, null).as(StepVerifier::create).assertNext((page) -> {
			List<Event> expected = new ArrayList<>(reversed(may));
			expected.addAll(reversed(march));
			expected.addAll(reversed(january).subList(0, 3));
			assertThat(page.items()).containsExactlyElementsOf(expected);
			assertThat(page.partitionsRead()).isEqualTo(4);
		}).verifyComplete();
		// The "january" hours run into February and the "march" ones into April.
		assertThat(keys(this.table.bucketsRead())).containsExactly("2026-05", "2026-04", "2026-03", "2026-02");
	}

	/**
	 * Paging with a small page returns every row exactly once, newest first, across
	 * buckets.
	 */
	@Test
	void pagesCrossBucketBoundariesWithoutSkippingOrRepeating() {
		List<Event> all = new ArrayList<>();
		all.addAll(insertHourly("2024-02-28T22:00:00Z", 5));
		all.addAll(insertHourly("2024-12-31T21:00:00Z", 6));
		all.addAll(insertHourly("2026-04-30T23:00:00Z", 3));
		List<Event> read = new ArrayList<>();
		BucketCursor<Position> cursor = null;
		int pages = 0;
		do {
			BucketPage<Event, Position> page = latest(4, cursor).block();
			read.addAll(page.items());
			cursor = page.next();
			pages++;
		}
		while (cursor != null && pages < 10);

		assertThat(read).containsExactlyElementsOf(reversed(all));
		assertThat(pages).isEqualTo(4);
	}

	/**
	 * A cursor resumes inside its bucket strictly after its (time, id) position, so rows
	 * sharing a millisecond are split across pages without loss or repetition.
	 */
	@Test
	void cursorResumesStrictlyAfterItsPositionAmongSameMillisecondRows() {
		Instant sameMillisecond = Instant.parse("2026-05-10T10:00:00.123Z");
		List<Event> tied = List.of(new Event(sameMillisecond, 7), new Event(sameMillisecond, 8),
				new Event(sameMillisecond, 9));
		this.table.insertAll(tied);
		BucketCursor<Position> afterFirst = new BucketCursor<>(Bucket.parse(MONTH, "2026-05"), tied.get(2).position());

		latest(1, afterFirst).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).containsExactly(tied.get(1));
			assertThat(page.next().after()).isEqualTo(tied.get(1).position());
		}).verifyComplete();
		assertThat(this.table.reads().get(0).from()).isEqualTo(Bucket.parse(MONTH, "2026-05").start());
	}

	/**
	 * A page that ends at the last row of a bucket resumes in that bucket (reading it
	 * once more, empty), then moves on to the next one.
	 */
	@Test
	void pageEndingAtABucketsLastRowResumesAcrossTheBoundary() {
		List<Event> april = insertHourly("2026-04-30T21:00:00Z", 3);
		List<Event> may = insertHourly("2026-05-01T00:00:00Z", 2);

		BucketPage<Event, Position> first = latest(2, null).block();
		assertThat(first.items()).containsExactlyElementsOf(reversed(may));
		this.table.forgetReads();

		latest(2, first.next()).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).containsExactly(april.get(2), april.get(1));
			assertThat(page.partitionsRead()).isEqualTo(2);
		}).verifyComplete();
		assertThat(keys(this.table.bucketsRead())).containsExactly("2026-05", "2026-04");
	}

	/**
	 * Years of silence cost partition reads, never data: the walk reaches the oldest
	 * bucket however many empty buckets lie between (a day-bucketed sensor, 860 empty
	 * days).
	 */
	@Test
	void quietPeriodLongerThanAnyHeuristicStillFindsOlderData() {
		InMemoryEventTable days = new InMemoryEventTable(BucketGranularity.DAY);
		Event lonely = new Event(Instant.parse("2024-03-01T00:00:00Z"), 1);
		days.insert(lonely);

		MultiBucketReader
			.latest(days.query(ReadOrder.NEWEST_FIRST), Event::position, BucketGranularity.DAY, NOW, CREATED, 20, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).containsExactly(lonely);
				assertThat(page.next()).isNull();
				int daysSinceCreation = Buckets
					.between(BucketGranularity.DAY, CREATED, NOW.plusMillis(1), ReadOrder.NEWEST_FIRST)
					.size();
				assertThat(page.partitionsRead()).isEqualTo(daysSinceCreation).isEqualTo(862);
			})
			.verifyComplete();
		assertThat(days.bucketsRead().get(days.bucketsRead().size() - 1))
			.isEqualTo(Bucket.of(BucketGranularity.DAY, CREATED));
	}

	/**
	 * The walk stops at the bucket of the known oldest instant: nothing older is queried.
	 */
	@Test
	void oldestInstantBoundsTheWalk() {
		insertHourly("2024-03-05T00:00:00Z", 2);

		MultiBucketReader
			.latest(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW,
					Instant.parse("2025-11-15T00:00:00Z"), 20, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).isEmpty();
				assertThat(page.next()).isNull();
				assertThat(page.partitionsRead()).isEqualTo(7);
			})
			.verifyComplete();
		assertThat(keys(this.table.bucketsRead())).containsExactly("2026-05", "2026-04", "2026-03", "2026-02",
				"2026-01", "2025-12", "2025-11");
		assertThat(this.table.reads().get(6).from()).isEqualTo(Instant.parse("2025-11-15T00:00:00Z"));
	}

	/**
	 * "Now" is inclusive to the millisecond, a CQL timestamp's precision: a row stored in
	 * now's millisecond is read, one a millisecond later is not.
	 */
	@Test
	void newestIsInclusiveToTheMillisecond() {
		Event atNow = new Event(Instant.parse("2026-05-20T12:00:00.000Z"), 1);
		Event later = new Event(Instant.parse("2026-05-20T12:00:00.001Z"), 2);
		this.table.insertAll(List.of(atNow, later));

		MultiBucketReader
			.latest(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW.plusNanos(500_000), CREATED,
					20, null)
			.as(StepVerifier::create)
			.assertNext((page) -> assertThat(page.items()).containsExactly(atNow))
			.verifyComplete();
		assertThat(this.table.reads().get(0).to()).isEqualTo(Instant.parse("2026-05-20T12:00:00.001Z"));
	}

	/**
	 * A cursor from a bucket newer than "now" (a first page answered by an instance whose
	 * clock runs ahead) resumes in its bucket instead of failing.
	 */
	@Test
	void cursorNewerThanNowResumesInItsBucket() {
		List<Event> june = insertHourly("2026-06-01T00:00:00Z", 3);
		BucketCursor<Position> fromFastClock = new BucketCursor<>(Bucket.parse(MONTH, "2026-06"),
				june.get(2).position());

		latest(5, fromFastClock).as(StepVerifier::create)
			.assertNext((page) -> assertThat(page.items()).containsExactly(june.get(1), june.get(0)))
			.verifyComplete();
	}

	/** A range read oldest first clips its first and last partitions to [from, to). */
	@Test
	void rangeOldestFirstClipsTheEdgeBuckets() {
		List<Event> events = insertHourly("2024-02-28T00:00:00Z", 72);
		Instant from = Instant.parse("2024-02-28T12:00:00Z");
		Instant to = Instant.parse("2024-03-01T06:00:00Z");

		MultiBucketReader
			.range(this.table.query(ReadOrder.OLDEST_FIRST), Event::position, MONTH, from, to, ReadOrder.OLDEST_FIRST,
					100, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).containsExactlyElementsOf(events.subList(12, 54));
				assertThat(page.next()).isNull();
			})
			.verifyComplete();
		assertThat(this.table.reads()).containsExactly(
				new BucketSlice(Bucket.parse(MONTH, "2024-02"), from, Instant.parse("2024-03-01T00:00:00Z")),
				new BucketSlice(Bucket.parse(MONTH, "2024-03"), Instant.parse("2024-03-01T00:00:00Z"), to));
	}

	/**
	 * With a per-key bucket index, the walk reads exactly the listed buckets, in order.
	 */
	@Test
	void walkReadsOnlyTheListedBuckets() {
		List<Event> january = insertHourly("2025-01-05T00:00:00Z", 2);
		List<Event> october = insertHourly("2025-10-05T00:00:00Z", 2);
		List<BucketSlice> index = List.of(BucketSlice.of(Bucket.parse(MONTH, "2025-10")),
				BucketSlice.of(Bucket.parse(MONTH, "2025-01")));

		MultiBucketReader.walk(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, index, 3, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).containsExactly(october.get(1), october.get(0), january.get(1));
				assertThat(page.partitionsRead()).isEqualTo(2);
				assertThat(page.next().bucket().key()).isEqualTo("2025-01");
			})
			.verifyComplete();
		assertThat(keys(this.table.bucketsRead())).containsExactly("2025-10", "2025-01");
	}

	/**
	 * A cursor must name a bucket of the read: older than the oldest, outside the range
	 * or another size.
	 */
	@Test
	void cursorFromABucketOutsideTheReadIsRejected() {
		Position position = new Position(Instant.parse("2023-12-01T00:00:00Z"), 1);
		BucketCursor<Position> beforeCreation = new BucketCursor<>(Bucket.parse(MONTH, "2023-12"), position);
		BucketCursor<Position> otherSize = new BucketCursor<>(Bucket.parse(BucketGranularity.DAY, "2026-05-01"),
				position);

		latest(10, beforeCreation).as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(IllegalArgumentException.class)
				.hasMessageContaining("MONTH[2023-12] is not part of this read"))
			.verify();
		latest(10, otherSize).as(StepVerifier::create).expectError(IllegalArgumentException.class).verify();
		MultiBucketReader
			.range(this.table.query(ReadOrder.OLDEST_FIRST), Event::position, MONTH,
					Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-12-01T00:00:00Z"),
					ReadOrder.OLDEST_FIRST, 10, new BucketCursor<>(Bucket.parse(MONTH, "2024-12"), position))
			.as(StepVerifier::create)
			.expectError(IllegalArgumentException.class)
			.verify();
		MultiBucketReader
			.walk(this.table.query(ReadOrder.NEWEST_FIRST), Event::position,
					List.of(BucketSlice.of(Bucket.parse(MONTH, "2025-10"))), 10,
					new BucketCursor<>(Bucket.parse(MONTH, "2025-09"), position))
			.as(StepVerifier::create)
			.expectError(IllegalArgumentException.class)
			.verify();
		assertThat(this.table.reads()).isEmpty();
	}

	/** Slices must be buckets of one size in one strict direction. */
	@Test
	void walkRejectsSlicesOutOfOrder() {
		BucketSlice may = BucketSlice.of(Bucket.parse(MONTH, "2026-05"));
		BucketSlice april = BucketSlice.of(Bucket.parse(MONTH, "2026-04"));
		BucketSlice june = BucketSlice.of(Bucket.parse(MONTH, "2026-06"));
		BucketSlice day = BucketSlice.of(Bucket.parse(BucketGranularity.DAY, "2026-03-01"));

		for (List<BucketSlice> slices : List.of(List.of(may, april, june), List.of(may, may), List.of(may, day))) {
			MultiBucketReader.walk(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, slices, 10, null)
				.as(StepVerifier::create)
				.expectError(IllegalArgumentException.class)
				.verify();
		}
		assertThat(this.table.reads()).isEmpty();
	}

	/**
	 * A page capped at three partitions over a quiet stretch stops after three empty
	 * months with the rows it found and a cursor to the start of the next month; paging
	 * on from it returns every row exactly once, each page reading at most three
	 * partitions.
	 */
	@Test
	void cappedPageStopsAtItsPartitionsAndResumesAtTheNextBucket() {
		List<Event> older = insertHourly("2025-06-10T00:00:00Z", 2);
		List<Event> newer = insertHourly("2026-05-10T00:00:00Z", 1);

		BucketPage<Event, Position> first = MultiBucketReader
			.latest(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW, CREATED, 10, 3, null)
			.block();
		assertThat(first.items()).containsExactlyElementsOf(newer);
		assertThat(first.partitionsRead()).isEqualTo(3);
		assertThat(first.next().bucket().key()).isEqualTo("2026-02");
		assertThat(first.next().atStart()).isTrue();
		assertThat(keys(this.table.bucketsRead())).containsExactly("2026-05", "2026-04", "2026-03");

		List<Event> read = new ArrayList<>(first.items());
		BucketCursor<Position> cursor = first.next();
		int pages = 1;
		while (cursor != null && pages < 20) {
			BucketPage<Event, Position> page = MultiBucketReader
				.latest(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW, CREATED, 10, 3, cursor)
				.block();
			assertThat(page.partitionsRead()).isLessThanOrEqualTo(3);
			read.addAll(page.items());
			cursor = page.next();
			pages++;
		}
		List<Event> expected = new ArrayList<>(newer);
		expected.addAll(reversed(older));
		assertThat(read).containsExactlyElementsOf(expected);
		// 2024-01 to 2026-05 is 29 months, three a page.
		assertThat(pages).isEqualTo(10);
	}

	/**
	 * A capped walk over a bucket index ends without a cursor when its last partition is
	 * the index's last: the cap only continues a walk that has buckets left.
	 */
	@Test
	void cappedWalkEndingOnTheLastBucketHasNoCursor() {
		List<Event> january = insertHourly("2025-01-05T00:00:00Z", 1);
		List<Event> october = insertHourly("2025-10-05T00:00:00Z", 1);
		List<BucketSlice> index = List.of(BucketSlice.of(Bucket.parse(MONTH, "2025-10")),
				BucketSlice.of(Bucket.parse(MONTH, "2025-01")));

		BucketPage<Event, Position> first = MultiBucketReader
			.walk(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, index, 5, 1, null)
			.block();
		assertThat(first.items()).containsExactlyElementsOf(october);
		assertThat(first.next()).isEqualTo(BucketCursor.startOf(Bucket.parse(MONTH, "2025-01")));
		BucketPage<Event, Position> second = MultiBucketReader
			.walk(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, index, 5, 1, first.next())
			.block();
		assertThat(second.items()).containsExactlyElementsOf(january);
		assertThat(second.next()).isNull();
	}

	/** A cap below one partition is refused before any read. */
	@Test
	void partitionCapBelowOneIsRejected() {
		MultiBucketReader
			.latest(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW, CREATED, 10, 0, null)
			.as(StepVerifier::create)
			.expectErrorMessage("A page must be allowed at least 1 partition, not 0")
			.verify();
		assertThat(this.table.reads()).isEmpty();
	}

	/** A page size below one is refused before any read. */
	@Test
	void pageSizeBelowOneIsRejected() {
		latest(0, null).as(StepVerifier::create).expectErrorMessage("The page size must be at least 1, not 0").verify();
		assertThat(this.table.reads()).isEmpty();
	}

	/** A failed partition read fails the page: no partial page hides the failure. */
	@Test
	void failedPartitionReadFailsThePage() {
		AtomicInteger reads = new AtomicInteger();
		BucketQuery<Event, Position> failingSecondRead = (slice, after, limit) -> (reads.incrementAndGet() == 2)
				? Flux.error(new IllegalStateException("read timed out")) : Flux.empty();

		MultiBucketReader.latest(failingSecondRead, Event::position, MONTH, NOW, CREATED, 10, null)
			.as(StepVerifier::create)
			.expectErrorMessage("read timed out")
			.verify();
		assertThat(reads).hasValue(2);
	}

	/** A query that returns more rows than asked cannot overfill the page. */
	@Test
	void pageNeverExceedsItsSize() {
		List<Event> may = insertHourly("2026-05-01T00:00:00Z", 10);
		BucketQuery<Event, Position> ignoresLimit = (slice, after, limit) -> Flux.fromIterable(reversed(may));

		MultiBucketReader.latest(ignoresLimit, Event::position, MONTH, NOW, CREATED, 4, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).containsExactlyElementsOf(reversed(may).subList(0, 4));
				assertThat(page.next().after()).isEqualTo(may.get(6).position());
			})
			.verifyComplete();
	}

	/**
	 * A full page always offers a cursor, because more rows may follow; when none do, the
	 * next page is empty and ends the walk.
	 */
	@Test
	void fullPageAtTheEndOffersACursorToAnEmptyLastPage() {
		List<Event> may = insertHourly("2026-05-01T00:00:00Z", 3);
		Instant from = Instant.parse("2026-05-01T00:00:00Z");

		BucketPage<Event, Position> first = MultiBucketReader
			.range(this.table.query(ReadOrder.OLDEST_FIRST), Event::position, MONTH, from, NOW, ReadOrder.OLDEST_FIRST,
					3, null)
			.block();
		assertThat(first.items()).containsExactlyElementsOf(may);
		assertThat(first.hasNext()).isTrue();

		MultiBucketReader
			.range(this.table.query(ReadOrder.OLDEST_FIRST), Event::position, MONTH, from, NOW, ReadOrder.OLDEST_FIRST,
					3, first.next())
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).isEmpty();
				assertThat(page.hasNext()).isFalse();
				assertThat(page.partitionsRead()).isEqualTo(1);
			})
			.verifyComplete();
	}

	/** An empty range reads nothing. */
	@Test
	void emptyRangeReadsNothing() {
		MultiBucketReader
			.range(this.table.query(ReadOrder.NEWEST_FIRST), Event::position, MONTH, NOW, NOW, ReadOrder.NEWEST_FIRST,
					10, null)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).isEmpty();
				assertThat(page.partitionsRead()).isZero();
			})
			.verifyComplete();
		assertThat(this.table.reads()).isEmpty();
	}

	/**
	 * Nothing is read before subscription, and each subscription reads afresh with its
	 * own count.
	 */
	@Test
	void pageIsColdAndCountsPerSubscription() {
		insertHourly("2026-03-01T00:00:00Z", 5);
		Mono<BucketPage<Event, Position>> page = latest(5, null);
		assertThat(this.table.reads()).isEmpty();

		page.repeat(1)
			.as(StepVerifier::create)
			.assertNext((p) -> assertThat(p.partitionsRead()).isEqualTo(3))
			.assertNext((p) -> assertThat(p.partitionsRead()).isEqualTo(3))
			.verifyComplete();
		assertThat(this.table.reads()).hasSize(6);
	}

}
