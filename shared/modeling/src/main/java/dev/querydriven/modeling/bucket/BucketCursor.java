package dev.querydriven.modeling.bucket;

import java.util.Objects;

/**
 * Where the next page of a multi-bucket read resumes: a bucket and the clustering
 * position of the last row read in it. The next page reads that bucket strictly after the
 * position, then the following buckets, so paging crosses bucket boundaries without
 * skipping or repeating a row. Services encode it into their signed page cursor (e.g.
 * {@code bucket.key()} and the position's time and id).
 *
 * @param bucket the bucket to resume in
 * @param after the position of the last row returned, or {@code null} to read the bucket
 * from its start: where a page stopped at its partition cap before reaching this bucket
 * @param <P> the clustering position type
 */
public record BucketCursor<P>(Bucket bucket, P after) {

	public BucketCursor {
		Objects.requireNonNull(bucket, "bucket");
	}

	/**
	 * Where a walk resumes at the start of a bucket.
	 * @param bucket the bucket
	 * @param <P> the clustering position type
	 * @return the cursor
	 */
	public static <P> BucketCursor<P> startOf(Bucket bucket) {
		return new BucketCursor<>(bucket, null);
	}

	/**
	 * Whether the walk resumes at the start of the bucket rather than after a row.
	 * @return {@code true} when there is no position
	 */
	public boolean atStart() {
		return this.after == null;
	}

}
