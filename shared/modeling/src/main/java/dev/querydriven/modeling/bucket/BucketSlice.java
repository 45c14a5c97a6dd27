package dev.querydriven.modeling.bucket;

import java.time.Instant;

/**
 * The part of one bucket partition a read covers: the instants {@code [from, to)}, which
 * is the whole bucket except at the edges of a requested range.
 *
 * @param bucket the partition's bucket
 * @param from the first instant to read (inclusive)
 * @param to the end of the read (exclusive)
 */
public record BucketSlice(Bucket bucket, Instant from, Instant to) {

	/**
	 * The slice of a bucket that lies within {@code [from, to)}.
	 * @param bucket the bucket
	 * @param from the range's start
	 * @param to the range's end
	 * @return the intersection
	 */
	public static BucketSlice of(Bucket bucket, Instant from, Instant to) {
		Instant start = from.isAfter(bucket.start()) ? from : bucket.start();
		Instant end = to.isBefore(bucket.end()) ? to : bucket.end();
		return new BucketSlice(bucket, start, end);
	}

}
