package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q15: a row of {@code timeline_hidden_authors}, one partition per reader: an author the
 * reader unfollowed, whose older entries the timeline read filters out.
 *
 * @param userId the reader
 * @param authorId the unfollowed author
 * @param hiddenBefore the author's timeline entries up to this instant are hidden
 */
@Table("timeline_hidden_authors")
record TimelineHiddenAuthorsRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "author_id", ordinal = 1, type = CLUSTERED) UUID authorId,
		@Column("hidden_before") Instant hiddenBefore) {

	boolean hides(UserTimelineRow entry) {
		return entry.authorId().equals(this.authorId) && !entry.postTime().isAfter(this.hiddenBefore);
	}

}
