package dev.querydriven.modeling.bucket;

import java.util.List;

/**
 * A page of a multi-bucket read.
 *
 * @param items the rows, in the read order
 * @param next where the next page resumes, or {@code null} when the walk reached its
 * bound. A full page always carries a cursor, since more rows may follow; the page after
 * it may then turn out empty. A page that stopped at its partition cap before it was full
 * carries a cursor to the start of the next bucket.
 * @param partitionsRead how many single-partition queries the page took (empty buckets
 * included)
 * @param <T> the row type
 * @param <P> the clustering position type
 */
public record BucketPage<T, P>(List<T> items, BucketCursor<P> next, int partitionsRead) {

	public BucketPage {
		items = List.copyOf(items);
		if (partitionsRead < 0) {
			throw new IllegalArgumentException("partitionsRead must not be negative");
		}
	}

	/**
	 * Whether another page may follow.
	 * @return {@code true} when {@link #next()} is set
	 */
	public boolean hasNext() {
		return this.next != null;
	}

}
