package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code followers_by_user}: one follower of a user.
 *
 * @param userId the followed user
 * @param followerId the follower
 * @param username the follower's username (copied)
 * @param displayName the follower's display name (copied)
 * @param followedAt when the follow happened
 */
public record FollowersByUserRow(UUID userId, UUID followerId, String username, String displayName,
		Instant followedAt) {

}
