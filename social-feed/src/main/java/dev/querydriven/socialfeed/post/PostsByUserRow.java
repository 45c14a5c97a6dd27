package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.socialfeed.paging.TimelinePosition;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q2: a row of {@code posts_by_user}, one partition per author and UTC month, newest
 * first: one post in its author's monthly bucket. The clustering key ends with the post
 * id, so two posts of the same millisecond are two rows.
 *
 * @param userId the author
 * @param month the UTC month bucket, e.g. {@code 2026-05}
 * @param postTime when it was posted
 * @param postId the post's id
 * @param content the text
 * @param hashtags the hashtags
 */
@Table("posts_by_user")
public record PostsByUserRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "month", ordinal = 1, type = PARTITIONED) String month,
		@PrimaryKeyColumn(name = "post_time", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant postTime,
		@PrimaryKeyColumn(name = "post_id", ordinal = 3, type = CLUSTERED, ordering = Ordering.DESCENDING) UUID postId,
		String content, Set<String> hashtags) {

	public PostsByUserRow {
		hashtags = (hashtags != null) ? Set.copyOf(hashtags) : Set.of();
	}

	/**
	 * The copy of a post in its author's list.
	 * @param post the post
	 * @return the row
	 */
	static PostsByUserRow of(PostsByIdRow post) {
		return new PostsByUserRow(post.authorId(), Bucket.of(PostRepository.USER_BUCKET, post.createdAt()).key(),
				post.createdAt(), post.postId(), post.content(), post.hashtags());
	}

	public TimelinePosition position() {
		return new TimelinePosition(this.postTime, this.postId);
	}

}
