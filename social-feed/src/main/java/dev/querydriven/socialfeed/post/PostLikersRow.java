package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code post_likers}: one user's like of a post.
 *
 * @param postId the post
 * @param userId the liker
 * @param likedAt when the (first) like happened
 */
public record PostLikersRow(UUID postId, UUID userId, Instant likedAt) {

}
