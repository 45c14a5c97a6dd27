package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code followers_by_user_shard}: one follower of a user, in one of the user's
 * follower shards.
 *
 * @param userId the followed user
 * @param shard the shard the follow was written to
 * @param followerId the follower
 * @param username the follower's username (copied)
 * @param displayName the follower's display name (copied)
 * @param followedAt when the follow happened
 */
public record FollowersByUserShardRow(UUID userId, int shard, UUID followerId, String username, String displayName,
		Instant followedAt) {

}
