package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.socialfeed.paging.TimelinePosition;
import dev.querydriven.socialfeed.post.PostsByIdRow;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q6: a row of {@code user_timeline}, one partition per reader and UTC day, newest first:
 * one post in a reader's timeline (or a post of a high-fanout author merged in at read
 * time, in the same shape). The clustering key ends with the post id.
 *
 * @param userId the reader
 * @param day the UTC day bucket of the post
 * @param postTime when it was posted
 * @param postId the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags the hashtags
 */
@Table("user_timeline")
record UserTimelineRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "day", ordinal = 1, type = PARTITIONED) LocalDate day,
		@PrimaryKeyColumn(name = "post_time", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant postTime,
		@PrimaryKeyColumn(name = "post_id", ordinal = 3, type = CLUSTERED, ordering = Ordering.DESCENDING) UUID postId,
		@Column("author_id") UUID authorId, String content, Set<String> hashtags) {

	UserTimelineRow {
		hashtags = (hashtags != null) ? Set.copyOf(hashtags) : Set.of();
	}

	/**
	 * The copy of a post in one reader's timeline.
	 * @param userId the reader
	 * @param post the post
	 * @return the row
	 */
	static UserTimelineRow of(UUID userId, PostsByIdRow post) {
		return new UserTimelineRow(userId, post.day().date(), post.createdAt(), post.postId(), post.authorId(),
				post.content(), post.hashtags());
	}

	TimelinePosition position() {
		return new TimelinePosition(this.postTime, this.postId);
	}

}
