package dev.querydriven.modeling.bucket;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import dev.querydriven.modeling.bucket.InMemoryEventTable.Event;
import dev.querydriven.modeling.bucket.InMemoryEventTable.Position;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import net.jqwik.api.constraints.IntRange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paging a bucketed table with random rows (same-millisecond ties included), random
 * ranges and random page sizes: the pages together hold every row of the range exactly
 * once, in order, and each page reads consecutive partitions from where the previous one
 * stopped to where it filled up.
 */
class MultiBucketReaderPropertyTests {

	/** Around a leap day, a year end and ISO week 53: 2024-12-30 starts 2025-W01. */
	private static final Instant WINDOW_START = Instant.parse("2024-02-27T00:00:00Z");

	private static final int WINDOW_BUCKETS = 14;

	/**
	 * Every row of [from, to) is returned exactly once, in order, across pages of any
	 * size; every page but the last is full; a page reads consecutive buckets, from the
	 * cursor's bucket to the bucket of its last row when full.
	 */
	@Property(tries = 400)
	void pagesReturnEveryRowOnceInOrder(@ForAll BucketGranularity granularity, @ForAll ReadOrder order,
			@ForAll("offsets") List<Double> rowOffsets, @ForAll @IntRange(min = 1, max = 12) int limit,
			@ForAll @DoubleRange(min = 0, max = 1) @Scale(9) double fromFraction,
			@ForAll @DoubleRange(min = 0, max = 1) @Scale(9) double toFraction) {
		Duration window = granularity.maximumLength().multipliedBy(WINDOW_BUCKETS);
		InMemoryEventTable table = new InMemoryEventTable(granularity);
		// Offsets on a coarse grid make many rows share a millisecond; the id breaks
		// ties.
		List<Event> rows = IntStream.range(0, rowOffsets.size())
			.mapToObj((i) -> new Event(at(window, rowOffsets.get(i)), i))
			.toList();
		table.insertAll(rows);
		Instant from = at(window, Math.min(fromFraction, toFraction));
		Instant to = at(window, Math.max(fromFraction, toFraction));
		BucketQuery<Event, Position> query = table.query(order);
		List<Event> expected = table.expected(from, to, order);

		List<Event> read = new ArrayList<>();
		BucketCursor<Position> cursor = null;
		for (int pages = 0; pages <= expected.size() + 1; pages++) {
			table.forgetReads();
			BucketPage<Event, Position> page = MultiBucketReader
				.range(query, Event::position, granularity, from, to, order, limit, cursor)
				.block();
			assertThat(page.items()).hasSizeLessThanOrEqualTo(limit);
			assertThat(page.partitionsRead()).isEqualTo(table.reads().size());
			assertConsecutive(table.bucketsRead(), order);
			if (!table.reads().isEmpty()) {
				Bucket firstRead = table.bucketsRead().get(0);
				Bucket expectedFirst = (cursor != null) ? cursor.bucket()
						: Bucket.of(granularity, (order == ReadOrder.OLDEST_FIRST) ? from : to.minusNanos(1));
				assertThat(firstRead).isEqualTo(expectedFirst);
			}
			read.addAll(page.items());
			if (page.next() == null) {
				break;
			}
			assertThat(page.items()).hasSize(limit);
			Event last = page.items().get(limit - 1);
			assertThat(page.next()).isEqualTo(new BucketCursor<>(Bucket.of(granularity, last.time()), last.position()));
			assertThat(table.bucketsRead().get(table.reads().size() - 1)).isEqualTo(page.next().bucket());
			cursor = page.next();
		}
		assertThat(read).containsExactlyElementsOf(expected);
	}

	/**
	 * latest(newest, oldest) pages like a newest-first range from oldest to just after
	 * newest, so rows older than "now" are never lost whatever the page size.
	 */
	@Property(tries = 200)
	void latestPagesBackToTheOldestInstant(@ForAll BucketGranularity granularity,
			@ForAll("offsets") List<Double> rowOffsets, @ForAll @IntRange(min = 1, max = 9) int limit,
			@ForAll @DoubleRange(min = 0, max = 1) @Scale(9) double nowFraction) {
		Duration window = granularity.maximumLength().multipliedBy(WINDOW_BUCKETS);
		InMemoryEventTable table = new InMemoryEventTable(granularity);
		table.insertAll(IntStream.range(0, rowOffsets.size())
			.mapToObj((i) -> new Event(at(window, rowOffsets.get(i)), i))
			.toList());
		Instant now = at(window, nowFraction);
		List<Event> expected = table.expected(WINDOW_START, now.plusMillis(1), ReadOrder.NEWEST_FIRST);

		List<Event> read = new ArrayList<>();
		BucketCursor<Position> cursor = null;
		for (int pages = 0; pages <= expected.size() + 1; pages++) {
			BucketPage<Event, Position> page = MultiBucketReader
				.latest(table.query(ReadOrder.NEWEST_FIRST), Event::position, granularity, now, WINDOW_START, limit,
						cursor)
				.block();
			read.addAll(page.items());
			cursor = page.next();
			if (cursor == null) {
				break;
			}
		}
		assertThat(cursor).isNull();
		assertThat(read).containsExactlyElementsOf(expected);
	}

	/**
	 * Row positions in the window as fractions, on a grid fine enough to cross bucket
	 * edges.
	 */
	@Provide
	Arbitrary<List<Double>> offsets() {
		Arbitrary<Double> coarse = Arbitraries.integers().between(0, 200).map((i) -> i / 200.0);
		Arbitrary<Double> fine = Arbitraries.doubles().between(0, 1);
		return Arbitraries.frequencyOf(Tuple.of(1, coarse), Tuple.of(1, fine)).list().ofMaxSize(50);
	}

	/** The instant a fraction of the way into the window, at millisecond precision. */
	private static Instant at(Duration window, double fraction) {
		return WINDOW_START.plusMillis((long) (window.toMillis() * Math.min(fraction, 0.999_999)));
	}

	private static void assertConsecutive(List<Bucket> buckets, ReadOrder order) {
		for (int i = 1; i < buckets.size(); i++) {
			assertThat(buckets.get(i)).isEqualTo(buckets.get(i - 1).step(order));
		}
	}

}
