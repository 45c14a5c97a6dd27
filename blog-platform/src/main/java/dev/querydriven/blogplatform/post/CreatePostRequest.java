package dev.querydriven.blogplatform.post;

import java.util.UUID;

import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A post to publish.
 *
 * @param authorId its author
 * @param title its title, copied to every list (bounded: it is duplicated three times)
 * @param body its body, kept only in {@code posts_by_id}; paragraphs allowed
 * @param category its category, a lower-case slug
 */
record CreatePostRequest(@NotNull UUID authorId, @NotBlank @Size(max = PostLimits.TITLE) String title,
		@NotBlank @Size(max = PostLimits.BODY) @MultilineText String body, @NotNull @CategorySlug String category) {

}
