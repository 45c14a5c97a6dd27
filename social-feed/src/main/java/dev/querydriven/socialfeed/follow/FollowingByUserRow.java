package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q4 and Q11: a row of {@code following_by_user}, one partition per follower, in
 * followed-id order: one user a user follows, and where the follow's follower row went.
 *
 * @param userId the follower
 * @param followedId the followed user
 * @param username the followed user's username (copied)
 * @param displayName the followed user's display name (copied)
 * @param followedAt when the follow happened
 * @param followerShards the shards of the followed user's follower rows of this follow
 * (one, or two when two requests for the same follow raced across a shard boundary)
 */
@Table("following_by_user")
public record FollowingByUserRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "followed_id", ordinal = 1, type = CLUSTERED) UUID followedId, String username,
		@Column("display_name") String displayName, @Column("followed_at") Instant followedAt,
		@Column("follower_shards") Set<Integer> followerShards) {

	public FollowingByUserRow {
		followerShards = (followerShards != null) ? Set.copyOf(followerShards) : Set.of();
	}

}
