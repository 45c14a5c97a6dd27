package dev.querydriven.socialfeed.follow;

import java.util.UUID;

import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Numbers the follower shards of a user. A follow goes to shard
 * {@code follows_received / followersPerShard}, {@code follows_received} counting every
 * follow the user received before it; the same number is the last shard that can hold a
 * follower, so a walk over shards 0 to it meets every follower. The counter only grows,
 * and is read at quorum by the follow and by the walk alike: a walk that starts after a
 * follow was acknowledged reads a count at least as high as the one that numbered the
 * follow's shard.
 *
 * <p>
 * A shard holds about {@code followersPerShard} rows: fewer where followers left (their
 * rows are deleted, the counter keeps counting), a few more where concurrent follows read
 * the same count. An account below {@code followersPerShard} follows has one partition,
 * as before shards.
 */
@Component
class FollowerShards {

	private final FollowRepository follows;

	private final int followersPerShard;

	FollowerShards(FollowRepository follows, FollowProperties properties) {
		this.follows = follows;
		this.followersPerShard = properties.followersPerShard();
	}

	/**
	 * The shard a new follow of the user goes to, which is also the last shard that can
	 * hold one of its followers.
	 * @param userId the followed user
	 * @return the shard number
	 */
	Mono<Integer> current(UUID userId) {
		return this.follows.findCounts(userId).map(this::shardOf);
	}

	int shardOf(FollowerCountsRow counts) {
		return (int) Math.min(Math.max(counts.followsReceived(), 0) / this.followersPerShard, Integer.MAX_VALUE - 1);
	}

}
