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

	/**
	 * The shard of a follow written before follower shards existed: its row went to the
	 * unsharded {@code followers_by_user}, and the follower-shards rebuild puts it in
	 * shard 0, which every walk over a user's shards reads whatever the counters say.
	 */
	public static final int PRE_SHARD_FOLLOW_SHARD = 0;

	public FollowingByUserRow {
		followerShards = (followerShards != null) ? Set.copyOf(followerShards) : Set.of();
	}

	/**
	 * Whether this follow was written before follower shards existed (it records none):
	 * it was counted before follow claims existed too.
	 * @return {@code true} for a follow without recorded shards
	 */
	public boolean predatesShards() {
		return this.followerShards.isEmpty();
	}

	/**
	 * The shards holding this follow's follower row.
	 * @return the recorded shards, or {@link #PRE_SHARD_FOLLOW_SHARD} alone for a follow
	 * written before shards existed
	 */
	public Set<Integer> followerRowShards() {
		return followerRowShards(this.followerShards);
	}

	/**
	 * The shards holding a follow's follower row, from the shards its follower's row
	 * recorded: the one rule of the follow path and of the rebuild.
	 * @param recorded the recorded shards (empty or {@code null} when none)
	 * @return the shards
	 */
	public static Set<Integer> followerRowShards(Set<Integer> recorded) {
		return (recorded == null || recorded.isEmpty()) ? Set.of(PRE_SHARD_FOLLOW_SHARD) : Set.copyOf(recorded);
	}

}
