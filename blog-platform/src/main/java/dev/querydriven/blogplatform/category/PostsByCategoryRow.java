package dev.querydriven.blogplatform.category;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of the bucketed {@code posts_by_category}.
 *
 * @param category first part of the partition key
 * @param month second part of the partition key: the UTC month of {@code createdAt}
 * ({@code 2026-05})
 * @param createdAt first clustering column, newest first
 * @param postId last clustering column
 * @param authorId copied from {@code posts_by_id}
 * @param title copied from {@code posts_by_id}
 */
record PostsByCategoryRow(String category, String month, Instant createdAt, UUID postId, UUID authorId, String title) {

}
