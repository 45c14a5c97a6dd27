package dev.querydriven.blogplatform.post;

import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A post to publish. It names no author: the author is the caller, the subject of the
 * request's token.
 *
 * @param title its title, copied to every list (bounded: it is duplicated three times)
 * @param body its body, kept only in {@code posts_by_id}; paragraphs allowed
 * @param category its category, a lower-case slug
 */
record CreatePostRequest(@NotBlank @Size(max = PostLimits.TITLE) String title,
		@NotBlank @Size(max = PostLimits.BODY) @MultilineText String body, @NotNull @CategorySlug String category) {

}
