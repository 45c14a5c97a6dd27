package dev.querydriven.blogplatform.post;

import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * An edit: the fields to change (at least one); absent fields keep their value.
 *
 * @param title a new title
 * @param body a new body
 * @param category a new category (moves the post between category partitions)
 */
record EditPostRequest(
		@Size(min = 1, max = PostLimits.TITLE) @Pattern(regexp = PostLimits.NOT_BLANK,
				message = "must not be blank") String title,
		@Size(min = 1, max = PostLimits.BODY) @Pattern(regexp = PostLimits.NOT_BLANK,
				message = "must not be blank") @MultilineText String body,
		@CategorySlug String category) {

	boolean changesNothing() {
		return this.title == null && this.body == null && this.category == null;
	}

}
