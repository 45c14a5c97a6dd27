package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code timeline_hidden_authors}: an author a reader unfollowed.
 *
 * @param userId the reader
 * @param authorId the unfollowed author
 * @param hiddenBefore the author's timeline entries up to this instant are hidden
 */
record TimelineHiddenAuthorsRow(UUID userId, UUID authorId, Instant hiddenBefore) {

	boolean hides(UserTimelineRow entry) {
		return entry.authorId().equals(this.authorId) && !entry.postTime().isAfter(this.hiddenBefore);
	}

}
