package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code following_by_user}: one user a user follows.
 *
 * @param userId the follower
 * @param followedId the followed user
 * @param username the followed user's username (copied)
 * @param displayName the followed user's display name (copied)
 * @param followedAt when the follow happened
 */
public record FollowingByUserRow(UUID userId, UUID followedId, String username, String displayName,
		Instant followedAt) {

}
