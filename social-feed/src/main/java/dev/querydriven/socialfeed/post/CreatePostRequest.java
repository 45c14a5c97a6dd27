package dev.querydriven.socialfeed.post;

import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /users/{userId}/posts}.
 *
 * @param content the text, 1 to 500 characters, with at most
 * {@value Hashtags#MAX_PER_POST} hashtags; paragraphs allowed
 */
public record CreatePostRequest(
		@NotBlank @Size(max = CreatePostRequest.MAX_CONTENT_LENGTH) @MultilineText String content) {

	/** The longest post, in characters: it bounds every copy's row size. */
	public static final int MAX_CONTENT_LENGTH = 500;

}
