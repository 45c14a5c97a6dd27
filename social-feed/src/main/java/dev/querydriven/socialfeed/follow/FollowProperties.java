package dev.querydriven.socialfeed.follow;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How follower lists are split ({@code social-feed.follow.*}).
 *
 * @param followersPerShard how many follows a user receives before their followers go to
 * the next shard of {@code followers_by_user_shard}: 50,000 rows of ~100 bytes make ~5
 * MB, half the guide's ideal partition limit. Choose it once: the walk over a user's
 * shards ends at {@code follows_received / followersPerShard}, so raising it later would
 * hide the shards already written beyond the new bound (lowering it is safe: new follows
 * go to higher shards, and the walk reads the ones in between, empty or not)
 */
@ConfigurationProperties("social-feed.follow")
public record FollowProperties(@DefaultValue("50000") int followersPerShard) {

	public FollowProperties {
		if (followersPerShard < 1) {
			throw new IllegalArgumentException("social-feed.follow.followers-per-shard must be at least 1");
		}
	}

}
