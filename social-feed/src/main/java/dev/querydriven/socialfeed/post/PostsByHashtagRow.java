package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.socialfeed.paging.TimelinePosition;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q5: a row of {@code posts_by_hashtag}, one partition per tag and UTC day, newest first:
 * one post in a tag's daily bucket (a tag is a hot, low-cardinality key: the day spreads
 * it).
 *
 * @param hashtag the tag, lower-case
 * @param day the UTC day bucket
 * @param postTime when it was posted
 * @param postId the post's id
 * @param authorId the author
 * @param content the text
 * @param hashtags every hashtag of the post
 */
@Table("posts_by_hashtag")
public record PostsByHashtagRow(@PrimaryKeyColumn(name = "hashtag", ordinal = 0, type = PARTITIONED) String hashtag,
		@PrimaryKeyColumn(name = "day", ordinal = 1, type = PARTITIONED) LocalDate day,
		@PrimaryKeyColumn(name = "post_time", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant postTime,
		@PrimaryKeyColumn(name = "post_id", ordinal = 3, type = CLUSTERED, ordering = Ordering.DESCENDING) UUID postId,
		@Column("author_id") UUID authorId, String content, Set<String> hashtags) {

	public PostsByHashtagRow {
		hashtags = (hashtags != null) ? Set.copyOf(hashtags) : Set.of();
	}

	/**
	 * The copy of a post in one of its tags' lists.
	 * @param hashtag the tag
	 * @param post the post
	 * @return the row
	 */
	static PostsByHashtagRow of(String hashtag, PostsByIdRow post) {
		return new PostsByHashtagRow(hashtag, post.day().date(), post.createdAt(), post.postId(), post.authorId(),
				post.content(), post.hashtags());
	}

	public TimelinePosition position() {
		return new TimelinePosition(this.postTime, this.postId);
	}

}
