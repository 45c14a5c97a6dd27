package dev.querydriven.tablemigration;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Mono;

/**
 * What the {@link MigrationEngine} needs to know about one query's two table shapes: the
 * service implements it once per migration, with statements it prepared once. The engine
 * never builds CQL; it binds token bounds, pages, sets consistency levels and timestamps,
 * and compares rows.
 *
 * <p>
 * Both shapes are read into one row type {@code R} holding everything the two tables
 * share (for the blog: category, creation time, post id, author, title), so that "the
 * same row in both tables" is {@code R.equals}: use a record. Values a shape derives (the
 * month bucket of {@code posts_by_category}) are computed by that shape's statements from
 * {@code R}, not stored in it.
 *
 * <pre class="code">
 * // old: posts_by_category_v1 (category, created_at, post_id) — one partition per category
 * public Statement&lt;?&gt; scanOld(long fromExclusive, long toInclusive) {
 *     return scanV1.bind(fromExclusive, toInclusive);
 *     // SELECT category, created_at, post_id, author_id, title, WRITETIME(title) AS written
 *     //   FROM posts_by_category_v1 WHERE token(category) &gt; ? AND token(category) &lt;= ?
 * }
 * public Statement&lt;?&gt; insertNew(CategoryPost post) {
 *     return insertBucketed.bind(post.category(), Bucket.of(MONTH, post.createdAt()).key(),
 *             post.createdAt(), post.postId(), post.authorId(), post.title());
 * }
 * </pre>
 *
 * @param <R> the row type shared by both shapes; equal rows must be {@code equals}
 */
public interface TableMigration<R> {

	/**
	 * The migration's name: the key of its state row, and the name in admin URLs.
	 * @return lower-case letters, digits, {@code -} and {@code _}
	 */
	String name();

	/**
	 * The old table's name, for logs and reports.
	 * @return e.g. {@code posts_by_category_v1}
	 */
	String oldTable();

	/**
	 * The new table's name, for logs and reports.
	 * @return e.g. {@code posts_by_category}
	 */
	String newTable();

	/**
	 * A slice of the old table by token range — an admin scan, the only kind of
	 * full-table read this project allows:
	 * {@code SELECT ... FROM old WHERE token(pk) > ? AND token(pk) <= ?}, selecting what
	 * {@link #readOld(Row)} and {@link #writeTimeMicros(Row)} need. The engine pages it.
	 * @param fromExclusive the token after which the slice starts
	 * @param toInclusive the last token of the slice
	 * @return the bound statement
	 */
	Statement<?> scanOld(long fromExclusive, long toInclusive);

	/**
	 * A slice of the new table by token range, for the verify job's new-to-old pass.
	 * @param fromExclusive the token after which the slice starts
	 * @param toInclusive the last token of the slice
	 * @return the bound statement
	 */
	Statement<?> scanNew(long fromExclusive, long toInclusive);

	/**
	 * Reads a row of the old table (from {@link #scanOld} or {@link #findOld}).
	 * @param row the driver row
	 * @return the row
	 */
	R readOld(Row row);

	/**
	 * Reads a row of the new table (from {@link #scanNew} or {@link #findNew}).
	 * @param row the driver row
	 * @return the row
	 */
	R readNew(Row row);

	/**
	 * Completes a row read from the old table with what the new shape copies from
	 * elsewhere, looked up by key: for a new table that denormalizes a value the old one
	 * does not hold (the social feed rebuilds its follower lists from the follows of each
	 * follower, which name the followed user, and copies the follower's own names from
	 * their profile). The backfill copies, and verify compares, the completed row; an
	 * empty answer means the row has nothing to copy (its other source is gone) and
	 * expects no counterpart. The lookups run with the engine's row concurrency, on the
	 * migration's own session, never blocking. Nothing to complete by default.
	 * @param row a row of {@link #readOld(Row)}
	 * @return the row with every value {@link #insertNew} writes, or empty
	 */
	default Mono<R> completeOld(R row) {
		return Mono.just(row);
	}

	/**
	 * The write timestamp the copy of an old row gets in the new table: the newest
	 * {@code WRITETIME} of the columns copied. A row dual-written after the backfill read
	 * it carries a newer timestamp, so the copy never overwrites it.
	 * @param oldRow a row of {@link #scanOld}
	 * @return microseconds since the epoch
	 */
	long writeTimeMicros(Row oldRow);

	/**
	 * The point read of a row in the old table, by its full primary key.
	 * @param row the row whose counterpart is looked up
	 * @return the bound statement, returning zero or one row
	 */
	Statement<?> findOld(R row);

	/**
	 * The point read of a row in the new table, by its full primary key (derived values
	 * such as a bucket computed from {@code row}).
	 * @param row the row whose counterpart is looked up
	 * @return the bound statement, returning zero or one row
	 */
	Statement<?> findNew(R row);

	/**
	 * The upsert of a row into the new table, without {@code USING TIMESTAMP}: the engine
	 * sets the copied row's original timestamp.
	 * @param row the row
	 * @return the bound statement
	 */
	Statement<?> insertNew(R row);

	/**
	 * How a row appears in a verify report's mismatch samples.
	 * @param row the row
	 * @return a short description naming its key
	 */
	default String describe(R row) {
		return String.valueOf(row);
	}

}
