package dev.querydriven.blogplatform.author;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code posts_by_author}.
 *
 * @param authorId the partition key
 * @param createdAt first clustering column, newest first
 * @param postId last clustering column, so equal times never collide
 * @param title copied from {@code posts_by_id}
 * @param category copied from {@code posts_by_id}
 */
record PostsByAuthorRow(UUID authorId, Instant createdAt, UUID postId, String title, String category) {

}
