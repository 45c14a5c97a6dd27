package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.util.UUID;

/**
 * A post.
 *
 * @param id the post
 * @param authorId its author
 * @param title its title
 * @param body its body
 * @param category its category
 * @param createdAt when it was published
 * @param views how many times it was viewed (approximate: a counter read at ONE)
 */
record PostResponse(UUID id, UUID authorId, String title, String body, String category, Instant createdAt, long views) {

}
