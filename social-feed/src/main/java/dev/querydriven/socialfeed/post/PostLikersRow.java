package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q17 and Q19: a row of {@code post_likers}, one partition per post: one user's like of a
 * post, inserted only by a lightweight transaction ({@code IF NOT EXISTS}).
 *
 * @param postId the post
 * @param userId the liker
 * @param likedAt when the (first) like happened
 */
@Table("post_likers")
public record PostLikersRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@PrimaryKeyColumn(name = "user_id", ordinal = 1, type = CLUSTERED) UUID userId,
		@Column("liked_at") Instant likedAt) {

}
