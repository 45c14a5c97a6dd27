package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.UUID;

/**
 * A comment.
 *
 * @param id the comment
 * @param postId the post it comments on
 * @param authorName who wrote it
 * @param text the comment
 * @param createdAt when it was written
 */
public record CommentResponse(UUID id, UUID postId, String authorName, String text, Instant createdAt) {

}
