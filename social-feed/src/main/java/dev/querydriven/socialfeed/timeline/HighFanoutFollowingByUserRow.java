package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code high_fanout_following_by_user}: a high-fanout author a reader follows.
 *
 * @param userId the reader
 * @param authorId the author
 * @param since the oldest post time the reader pulls (no backfill before it)
 */
record HighFanoutFollowingByUserRow(UUID userId, UUID authorId, Instant since) {

}
