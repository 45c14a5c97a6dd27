package dev.querydriven.modeling.bucket;

import java.util.List;

/**
 * A page of a multi-bucket read.
 *
 * @param items the rows, in the read order
 * @param next where the next page resumes, or {@code null} when the walk reached its
 * bound
 * @param partitionsRead how many single-partition queries the page took
 * @param <T> the row type
 * @param <P> the clustering position type
 */
public record BucketPage<T, P>(List<T> items, BucketCursor<P> next, int partitionsRead) {

	public BucketPage {
		items = List.copyOf(items);
	}

}
