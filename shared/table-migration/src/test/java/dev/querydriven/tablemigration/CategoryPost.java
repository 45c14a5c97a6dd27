package dev.querydriven.tablemigration;

import java.time.Instant;
import java.util.UUID;

/**
 * What {@code posts_by_category_v1} and {@code posts_by_category} share: the row type of
 * the test migration, compared with {@code equals}.
 */
record CategoryPost(String category, Instant createdAt, UUID postId, UUID authorId, String title) {

	CategoryPost withTitle(String newTitle) {
		return new CategoryPost(this.category, this.createdAt, this.postId, this.authorId, newTitle);
	}

}
