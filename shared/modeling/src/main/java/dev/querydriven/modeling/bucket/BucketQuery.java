package dev.querydriven.modeling.bucket;

import reactor.core.publisher.Flux;

/**
 * Reads one bucket partition: the single-partition query a multi-bucket read is made of.
 * Implementations run one prepared statement restricted by the full partition key (the
 * entity and the bucket), bounded by the slice's instants on the clustering column,
 * continuing strictly after {@code after} when given, in the read order, with
 * {@code LIMIT limit}. For a table clustered by {@code (event_time DESC, event_id DESC)},
 * newest first:
 *
 * <pre class="code">
 * SELECT ... WHERE source_id = ? AND month = ?
 *   AND event_time &gt;= ? AND event_time &lt; ? LIMIT ?                          -- first page
 * SELECT ... WHERE source_id = ? AND month = ?
 *   AND (event_time, event_id) &lt; (?, ?) AND event_time &gt;= ? LIMIT ?        -- after a position
 * </pre>
 *
 * The position ends with the row's id, so rows written in the same millisecond neither
 * overwrite each other nor get skipped or repeated at a page boundary. A query reads in
 * one order: a read offering both orders uses two queries (the oldest-first one adds
 * {@code ORDER BY event_time ASC, event_id ASC} and continues with {@code >}), and passes
 * the matching {@link ReadOrder} to {@link MultiBucketReader}.
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
	 * @param limit the most rows to return, at least 1
	 * @return up to {@code limit} rows, in the read order; fewer only when the slice
	 * holds no more (the reader then moves on to the next bucket)
	 */
	Flux<T> read(BucketSlice slice, P after, int limit);

}
