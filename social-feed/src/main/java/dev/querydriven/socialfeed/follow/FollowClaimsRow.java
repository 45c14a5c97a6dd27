package dev.querydriven.socialfeed.follow;

import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q20: a row of {@code follow_claims}: the follow is counted in {@code follower_counts}.
 * Written and deleted by lightweight transactions only.
 *
 * @param followedId the followed user
 * @param followerId the follower
 */
@Table("follow_claims")
record FollowClaimsRow(@PrimaryKeyColumn(name = "followed_id", ordinal = 0, type = PARTITIONED) UUID followedId,
		@PrimaryKeyColumn(name = "follower_id", ordinal = 1, type = PARTITIONED) UUID followerId) {

}
