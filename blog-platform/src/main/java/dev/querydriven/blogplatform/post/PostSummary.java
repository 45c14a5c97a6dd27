package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.util.UUID;

/**
 * A post in a list (an author's posts, a category's posts): what the list tables copy,
 * the body excepted.
 *
 * @param id the post
 * @param authorId its author
 * @param title its title
 * @param category its category
 * @param createdAt when it was published
 */
public record PostSummary(UUID id, UUID authorId, String title, String category, Instant createdAt) {

}
