/**
 * Posts: publishing, reading, editing and deleting a post, and counting its views.
 *
 * <p>
 * {@code posts_by_id} (Q1) is the source of truth. It is written only with lightweight
 * transactions: a post is created {@code IF NOT EXISTS}, and every edit or deletion is
 * {@code IF version = ?}, so concurrent edits of one post are serialised and each version
 * is decided once. Each version records the client timestamp ({@code write_time}) that
 * every copy of it is written with, chosen above the previous version's: the copies of
 * version 3 always beat those of version 2, whatever order the writes reach the replicas.
 *
 * <p>
 * The copies live in other features' tables ({@code posts_by_author},
 * {@code posts_by_category_v1}, {@code posts_by_category}) and the data that dies with a
 * post ({@code comments_by_post}). Each of those features implements the modeling
 * library's {@link dev.querydriven.modeling.dualwrite.Copy} for a version of the post
 * ({@link dev.querydriven.blogplatform.post.PostsByIdRow}); one
 * {@link dev.querydriven.modeling.dualwrite.Copies} coordinator writes them all in one
 * {@link dev.querydriven.modeling.dualwrite.DualWriter denormalized write} with the
 * version's timestamp, after the version is decided. A retried request replays the
 * current version's copies (same cells, same timestamp), so the copies converge after any
 * failure.
 *
 * <p>
 * {@code post_views} (Q6) is a counter table read at consistency ONE: the view count is
 * approximate by nature.
 */
package dev.querydriven.blogplatform.post;
