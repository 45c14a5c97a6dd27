package dev.querydriven.blogplatform.category;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of the legacy {@code posts_by_category_v1} (the anti-pattern the migration
 * showcase moves away from).
 *
 * @param category the whole partition key: a handful of huge partitions
 * @param createdAt first clustering column, newest first
 * @param postId last clustering column
 * @param authorId copied from {@code posts_by_id}
 * @param title copied from {@code posts_by_id}
 */
record PostsByCategoryV1Row(String category, Instant createdAt, UUID postId, UUID authorId, String title) {

}
