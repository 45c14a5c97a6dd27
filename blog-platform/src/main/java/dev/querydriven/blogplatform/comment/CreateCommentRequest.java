package dev.querydriven.blogplatform.comment;

import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * A comment to add. It names no author: the comment is the caller's, shown under the name
 * the request's token gives.
 *
 * @param text the comment (bounded: with the per-post cap, it bounds the partition)
 */
record CreateCommentRequest(@NotBlank @Size(max = CommentService.MAX_TEXT) @MultilineText String text) {

}
