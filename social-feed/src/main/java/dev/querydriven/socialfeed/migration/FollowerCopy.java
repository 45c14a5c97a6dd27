package dev.querydriven.socialfeed.migration;

import java.time.Instant;
import java.util.UUID;

/**
 * A follower's row as both sides of the follower-shards backfill see it: read from a
 * follow in {@code following_by_user} (completed with the follower's names from
 * {@code users_by_id}) or from {@code followers_by_user_shard}; equal when the copy is
 * right.
 *
 * @param followedId the followed user
 * @param shard the follower shard the row belongs in
 * @param followerId the follower
 * @param followedAt when the follow happened
 * @param username the follower's username ({@code null} until completed)
 * @param displayName the follower's display name ({@code null} until completed)
 */
record FollowerCopy(UUID followedId, int shard, UUID followerId, Instant followedAt, String username,
		String displayName) {

	FollowerCopy withNames(String username, String displayName) {
		return new FollowerCopy(this.followedId, this.shard, this.followerId, this.followedAt, username, displayName);
	}

}
