/**
 * A post's comments, oldest first (Q3): the article's {@code comments_by_post},
 * partitioned by post and clustered by {@code (created_at ASC, comment_id ASC)}.
 *
 * <p>
 * The table is not bucketed: a thread is read from its start, and a blog thread is
 * bounded in practice. The bound is enforced, not hoped for: a post takes at most
 * {@code querydriven.blog-platform.comment.max-per-post} comments (4,000 by default),
 * counted in the counter table {@code comment_counts} (Q7), so the largest partition
 * stays near 8.5 MB (see the README's arithmetic). The count is approximate (a counter),
 * so concurrent comments may pass the cap by a few, which does not matter for a size
 * bound. Deleting a post deletes its comments partition in the post's denormalized write
 * ({@link dev.querydriven.blogplatform.comment.CommentCopies}).
 */
package dev.querydriven.blogplatform.comment;
