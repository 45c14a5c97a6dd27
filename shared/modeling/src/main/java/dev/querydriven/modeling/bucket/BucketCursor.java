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
 * @param after the position of the last row returned
 * @param <P> the clustering position type
 */
public record BucketCursor<P>(Bucket bucket, P after) {

	public BucketCursor {
		Objects.requireNonNull(bucket, "bucket");
		Objects.requireNonNull(after, "after");
	}

}
