/**
 * A category's posts, newest first: the guide's Pattern 3 (posts by author <b>and</b> by
 * category, duplicated), and the table the article's schema-evolution recipe moves.
 *
 * <p>
 * The service starts with the legacy {@code posts_by_category_v1} (Q4), keyed by the
 * category alone: a low-cardinality key whose few partitions grow forever, the
 * anti-pattern kept on purpose. The {@code posts-by-category} table migration
 * ({@link dev.querydriven.blogplatform.migration}) moves the query, while the service
 * keeps serving, to {@code posts_by_category} (Q5), keyed by {@code (category, month)}
 * and read through the month index {@code category_months} (Q8) with the shared
 * multi-bucket reader. This feature reads and writes both tables and knows nothing of the
 * migration's phases: {@link dev.querydriven.blogplatform.category.CategoryRouting},
 * which the migration implements, says which tables to write (old, both, new) and read
 * (old, new).
 */
package dev.querydriven.blogplatform.category;
