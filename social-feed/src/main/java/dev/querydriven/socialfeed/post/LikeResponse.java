package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.UUID;

/**
 * A user's like of a post: what a client needs to show the like button as pressed.
 *
 * @param postId the post
 * @param userId the liker
 * @param likedAt when the like happened
 */
public record LikeResponse(UUID postId, UUID userId, Instant likedAt) {

}
