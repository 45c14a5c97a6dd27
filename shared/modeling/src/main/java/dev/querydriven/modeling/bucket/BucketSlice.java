package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.util.Objects;

/**
 * The part of one bucket partition a read covers: the instants {@code [from, to)}, which
 * is the whole bucket except at the edges of a requested range. A {@link BucketQuery}
 * binds the bucket to the partition key and the two instants to the clustering column
 * ({@code event_time >= :from AND event_time < :to}).
 *
 * @param bucket the partition's bucket
 * @param from the first instant to read (inclusive), not before the bucket's start
 * @param to the end of the read (exclusive), after {@code from} and not after the
 * bucket's end
 */
public record BucketSlice(Bucket bucket, Instant from, Instant to) {

	public BucketSlice {
		Objects.requireNonNull(bucket, "bucket");
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		if (from.isBefore(bucket.start()) || to.isAfter(bucket.end()) || !from.isBefore(to)) {
			throw new IllegalArgumentException(
					"[" + from + ", " + to + ") is not a non-empty part of the bucket " + bucket);
		}
	}

	/**
	 * The slice of a bucket that lies within {@code [from, to)}.
	 * @param bucket the bucket
	 * @param from the range's start
	 * @param to the range's end
	 * @return the intersection
	 * @throws IllegalArgumentException when the range and the bucket do not overlap
	 */
	public static BucketSlice of(Bucket bucket, Instant from, Instant to) {
		Instant start = from.isAfter(bucket.start()) ? from : bucket.start();
		Instant end = to.isBefore(bucket.end()) ? to : bucket.end();
		return new BucketSlice(bucket, start, end);
	}

	/**
	 * The whole bucket, e.g. for the buckets a per-key bucket index lists.
	 * @param bucket the bucket
	 * @return the slice {@code [start, end)} of the bucket
	 */
	public static BucketSlice of(Bucket bucket) {
		return new BucketSlice(bucket, bucket.start(), bucket.end());
	}

}
