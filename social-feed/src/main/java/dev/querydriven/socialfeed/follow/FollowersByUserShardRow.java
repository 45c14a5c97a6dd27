package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q3: a row of {@code followers_by_user_shard}, one partition per followed user and
 * shard, in follower-id order: one follower of a user. The shard in the partition key
 * bounds a popular account's partitions (see {@link FollowerShards}).
 *
 * @param userId the followed user
 * @param shard the shard the follow was written to
 * @param followerId the follower
 * @param username the follower's username (copied)
 * @param displayName the follower's display name (copied)
 * @param followedAt when the follow happened
 */
@Table("followers_by_user_shard")
public record FollowersByUserShardRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "shard", ordinal = 1, type = PARTITIONED) int shard,
		@PrimaryKeyColumn(name = "follower_id", ordinal = 2, type = CLUSTERED) UUID followerId, String username,
		@Column("display_name") String displayName, @Column("followed_at") Instant followedAt) {

}
