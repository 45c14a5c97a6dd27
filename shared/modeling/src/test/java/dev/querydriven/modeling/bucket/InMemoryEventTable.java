package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import reactor.core.publisher.Flux;

/**
 * A fake bucketed table {@code events ((source_id, bucket), event_time, event_id)} for
 * one source: rows live in the partition of their bucket, and a {@link BucketQuery} sees
 * only the partition it names, as in Cassandra. Records every partition read.
 */
final class InMemoryEventTable {

	/** The clustering order: time, then id (the id breaks same-millisecond ties). */
	static final Comparator<Event> OLDEST_FIRST = Comparator.comparing(Event::time).thenComparingLong(Event::id);

	private final BucketGranularity granularity;

	private final Map<Bucket, TreeSet<Event>> partitions = new TreeMap<>();

	private final List<BucketSlice> reads = new ArrayList<>();

	InMemoryEventTable(BucketGranularity granularity) {
		this.granularity = granularity;
	}

	InMemoryEventTable insert(Event event) {
		this.partitions.computeIfAbsent(Bucket.of(this.granularity, event.time()), (b) -> new TreeSet<>(OLDEST_FIRST))
			.add(event);
		return this;
	}

	InMemoryEventTable insertAll(Collection<Event> events) {
		events.forEach(this::insert);
		return this;
	}

	/**
	 * Every row of {@code [from, to)} in the order, the answer a range read must give.
	 */
	List<Event> expected(Instant from, Instant to, ReadOrder order) {
		return this.partitions.values()
			.stream()
			.flatMap(TreeSet::stream)
			.filter((e) -> !e.time().isBefore(from) && e.time().isBefore(to))
			.sorted(comparator(order))
			.toList();
	}

	/** The partition reads so far, in order. */
	List<BucketSlice> reads() {
		return List.copyOf(this.reads);
	}

	/** The buckets read so far, in order. */
	List<Bucket> bucketsRead() {
		return this.reads.stream().map(BucketSlice::bucket).toList();
	}

	void forgetReads() {
		this.reads.clear();
	}

	/**
	 * The single-partition query in one order, like a prepared statement bounded on the
	 * clustering column and continuing strictly after the (time, id) position.
	 */
	BucketQuery<Event, Position> query(ReadOrder order) {
		Comparator<Event> inOrder = comparator(order);
		return (slice, after, limit) -> Flux.defer(() -> {
			this.reads.add(slice);
			TreeSet<Event> partition = this.partitions.getOrDefault(slice.bucket(), new TreeSet<>(OLDEST_FIRST));
			return Flux.fromStream(partition.stream()
				.filter((e) -> !e.time().isBefore(slice.from()) && e.time().isBefore(slice.to()))
				.sorted(inOrder)
				.filter((e) -> after == null || inOrder.compare(e, after.asEvent()) > 0)
				.limit(limit));
		});
	}

	static Comparator<Event> comparator(ReadOrder order) {
		return (order == ReadOrder.OLDEST_FIRST) ? OLDEST_FIRST : OLDEST_FIRST.reversed();
	}

	/** A row: its clustering key (time, id) and a payload. */
	record Event(Instant time, long id) {

		Position position() {
			return new Position(this.time, this.id);
		}

	}

	/** Where a page resumes: the (time, id) of the last row returned. */
	record Position(Instant time, long id) {

		Event asEvent() {
			return new Event(this.time, this.id);
		}

	}

}
