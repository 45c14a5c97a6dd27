package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.socialfeed.paging.TimelinePosition;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q9: a row of {@code posts_by_id}, one partition per post: a post, the source of truth
 * for its copies (its author, time and hashtags give every other key).
 *
 * @param postId the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags the hashtags parsed from the text, lower-case
 * @param createdAt when it was posted (millisecond precision)
 */
@Table("posts_by_id")
public record PostsByIdRow(@PrimaryKeyColumn(name = "post_id", ordinal = 0, type = PARTITIONED) UUID postId,
		@Column("author_id") UUID authorId, String content, Set<String> hashtags,
		@Column("created_at") Instant createdAt) {

	public PostsByIdRow {
		hashtags = (hashtags != null) ? Set.copyOf(hashtags) : Set.of();
	}

	/**
	 * The post's clustering key in every time-ordered copy.
	 * @return its position
	 */
	public TimelinePosition position() {
		return new TimelinePosition(this.createdAt, this.postId);
	}

	/**
	 * The UTC day of the post: its bucket in {@code posts_by_hashtag} and in timelines.
	 * @return the day bucket
	 */
	public Bucket day() {
		return Bucket.of(BucketGranularity.DAY, this.createdAt);
	}

}
