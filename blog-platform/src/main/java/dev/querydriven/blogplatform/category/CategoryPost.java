package dev.querydriven.blogplatform.category;

import java.time.Instant;
import java.util.UUID;

/**
 * A post as both category tables hold it: what a page of a category lists, and what the
 * migration copies and compares. The month bucket of {@code posts_by_category} is derived
 * from {@code createdAt}, not stored here, so that a row of either table reads into an
 * equal record when the copy is right.
 *
 * @param category the category
 * @param createdAt when the post was published
 * @param postId the post
 * @param authorId its author
 * @param title its title
 */
public record CategoryPost(String category, Instant createdAt, UUID postId, UUID authorId, String title) {

	/**
	 * The month partition of {@code posts_by_category} the post belongs in, as this
	 * feature buckets it: the migration copies a legacy row there.
	 * @return the month key ({@code 2026-05})
	 */
	public String month() {
		return PostsByCategoryRow.month(this.createdAt);
	}

}
