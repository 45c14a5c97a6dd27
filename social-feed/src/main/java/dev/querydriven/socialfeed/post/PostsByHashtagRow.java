package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.fanout.TimelinePosition;

/**
 * A row of {@code posts_by_hashtag}: one post in a tag's daily bucket.
 *
 * @param hashtag the tag, lower-case
 * @param day the UTC day bucket
 * @param postTime when it was posted
 * @param postId the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags every hashtag of the post
 */
public record PostsByHashtagRow(String hashtag, LocalDate day, Instant postTime, UUID postId, UUID authorId,
		String content, Set<String> hashtags) {

	public PostsByHashtagRow {
		hashtags = Set.copyOf(hashtags);
	}

	public TimelinePosition position() {
		return new TimelinePosition(this.postTime, this.postId);
	}

}
