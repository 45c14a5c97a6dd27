package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.fanout.TimelinePosition;

/**
 * A row of {@code user_timeline}: one post in a reader's timeline (or a post of a
 * high-fanout author merged in at read time, in the same shape).
 *
 * @param userId the reader
 * @param day the UTC day bucket of the post
 * @param postTime when it was posted
 * @param postId the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags the hashtags
 */
record UserTimelineRow(UUID userId, LocalDate day, Instant postTime, UUID postId, UUID authorId, String content,
		Set<String> hashtags) {

	UserTimelineRow {
		hashtags = Set.copyOf(hashtags);
	}

	TimelinePosition position() {
		return new TimelinePosition(this.postTime, this.postId);
	}

}
