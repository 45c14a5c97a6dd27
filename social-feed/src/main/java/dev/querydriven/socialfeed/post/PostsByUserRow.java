package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.fanout.TimelinePosition;

/**
 * A row of {@code posts_by_user}: one post in its author's monthly bucket.
 *
 * @param userId the author
 * @param month the UTC month bucket, e.g. {@code 2026-05}
 * @param postTime when it was posted
 * @param postId the post's id
 * @param content the text
 * @param hashtags the hashtags
 */
public record PostsByUserRow(UUID userId, String month, Instant postTime, UUID postId, String content,
		Set<String> hashtags) {

	public PostsByUserRow {
		hashtags = Set.copyOf(hashtags);
	}

	public TimelinePosition position() {
		return new TimelinePosition(this.postTime, this.postId);
	}

}
