package dev.querydriven.modeling.bucket;

import reactor.core.publisher.Flux;

/**
 * Reads one bucket partition: the single-partition query a multi-bucket read is made of.
 * Implementations run one prepared statement restricted by the full partition key (the
 * entity and the bucket), bounded by the slice's instants on the clustering column,
 * continuing strictly after {@code after} when given, in the read order, with
 * {@code LIMIT limit}.
 *
 * @param <T> the row type
 * @param <P> the clustering position of a row (e.g. its time and id), where a next page
 * resumes
 */
@FunctionalInterface
public interface BucketQuery<T, P> {

	/**
	 * Reads the rows of one partition.
	 * @param slice the bucket and the instants to cover
	 * @param after the position to continue after, or {@code null} to start at the
	 * slice's edge
	 * @param limit the most rows to return
	 * @return up to {@code limit} rows, in the read order
	 */
	Flux<T> read(BucketSlice slice, P after, int limit);

}
