package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code comments_by_post}.
 *
 * @param postId the partition key
 * @param createdAt first clustering column, oldest first
 * @param commentId last clustering column, so equal times never collide
 * @param authorName who wrote it (a display name: comments need no account)
 * @param commentText the comment
 */
record CommentsByPostRow(UUID postId, Instant createdAt, UUID commentId, String authorName, String commentText) {

}
