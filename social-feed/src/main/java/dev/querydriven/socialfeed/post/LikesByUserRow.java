package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q21: a row of {@code likes_by_user}, one partition per user: one post the user liked.
 * The copy of a {@link PostLikersRow} keyed by the liker, written with plain writes at
 * the like's own timestamp after {@code post_likers}' lightweight transaction applied
 * (and deleted, at a later timestamp, after an unlike's).
 *
 * @param userId the liker
 * @param postId the post
 * @param likedAt when the (first) like happened, as in {@code post_likers}
 */
@Table("likes_by_user")
public record LikesByUserRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "post_id", ordinal = 1, type = CLUSTERED) UUID postId,
		@Column("liked_at") Instant likedAt) {

}
