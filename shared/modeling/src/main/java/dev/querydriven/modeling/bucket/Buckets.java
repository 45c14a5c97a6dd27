package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Enumerates the buckets a time range spans: the partitions a range read has to visit.
 */
public final class Buckets {

	private Buckets() {
	}

	/**
	 * The buckets holding any instant of {@code [from, to)}, in the given order: each
	 * instant of the range lies in exactly one of them, and consecutive buckets abut.
	 * @param granularity the bucket size
	 * @param from the first instant (inclusive)
	 * @param to the end (exclusive)
	 * @param order newest or oldest bucket first
	 * @return the buckets, empty when the range is empty
	 */
	public static List<Bucket> between(BucketGranularity granularity, Instant from, Instant to, ReadOrder order) {
		Objects.requireNonNull(granularity, "granularity");
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		Objects.requireNonNull(order, "order");
		List<Bucket> buckets = new ArrayList<>();
		if (!from.isBefore(to)) {
			return buckets;
		}
		for (Bucket bucket = Bucket.of(granularity, from); bucket.start().isBefore(to); bucket = bucket.next()) {
			buckets.add(bucket);
		}
		if (order == ReadOrder.NEWEST_FIRST) {
			Collections.reverse(buckets);
		}
		return buckets;
	}

	/**
	 * The buckets from {@code first} to {@code last}, both included, walking in the order
	 * that leads from one to the other.
	 * @param first the bucket to start with
	 * @param last the bucket to end with, of the same granularity
	 * @return the buckets
	 * @throws IllegalArgumentException when the granularities differ
	 */
	public static List<Bucket> walk(Bucket first, Bucket last) {
		ReadOrder order = (first.compareTo(last) <= 0) ? ReadOrder.OLDEST_FIRST : ReadOrder.NEWEST_FIRST;
		List<Bucket> buckets = new ArrayList<>();
		for (Bucket bucket = first;; bucket = bucket.step(order)) {
			buckets.add(bucket);
			if (bucket.equals(last)) {
				return buckets;
			}
		}
	}

}
