package dev.querydriven.socialfeed.post;

import java.util.UUID;

import jakarta.validation.constraints.NotNull;

/**
 * The body of {@code POST /posts/{postId}/likes}.
 *
 * @param userId the user who likes the post
 */
record LikeRequest(@NotNull UUID userId) {

}
