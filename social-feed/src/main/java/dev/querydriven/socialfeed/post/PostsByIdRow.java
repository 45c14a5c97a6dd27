package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.fanout.TimelinePosition;

/**
 * A row of {@code posts_by_id}: a post, the source of truth for its copies.
 *
 * @param postId the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags the hashtags parsed from the text, lower-case
 * @param createdAt when it was posted (millisecond precision)
 */
public record PostsByIdRow(UUID postId, UUID authorId, String content, Set<String> hashtags, Instant createdAt) {

	public PostsByIdRow {
		hashtags = Set.copyOf(hashtags);
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
