package dev.querydriven.socialfeed.follow;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How follower lists are split ({@code querydriven.social-feed.follow.*}).
 *
 * @param followersPerShard how many follows a user receives before their followers go to
 * the next shard of {@code followers_by_user_shard}: 50,000 rows of ~100 bytes make ~5
 * MB, half the guide's ideal partition limit. Choose it once: the walk over a user's
 * shards ends at {@code follows_received / followersPerShard}, so raising it later would
 * hide the shards already written beyond the new bound (lowering it is safe: new follows
 * go to higher shards, and the walk reads the ones in between, empty or not)
 * @param maxShardsPerPage the most follower shards one page of a user's followers reads.
 * A page normally needs one or two shards, but shards emptied by unfollows are read too
 * (the walk cannot know they are empty); a page that reads this many shards without
 * filling up answers with what it found and a cursor to the next shard
 */
@ConfigurationProperties("querydriven.social-feed.follow")
public record FollowProperties(@DefaultValue("50000") int followersPerShard, @DefaultValue("4") int maxShardsPerPage) {

	public FollowProperties {
		if (followersPerShard < 1) {
			throw new IllegalArgumentException("querydriven.social-feed.follow.followers-per-shard must be at least 1");
		}
		if (maxShardsPerPage < 1 || maxShardsPerPage > 1_000) {
			throw new IllegalArgumentException(
					"querydriven.social-feed.follow.max-shards-per-page must be between 1 and 1000");
		}
	}

}
