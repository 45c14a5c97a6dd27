package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code high_fanout_authors}: an author whose posts are pulled, not pushed.
 *
 * @param authorId the author
 * @param since the instant from which followers pull the author's posts
 * @param followersMigrated whether every follower at promotion time got a
 * {@code high_fanout_following_by_user} row
 */
record HighFanoutAuthorsRow(UUID authorId, Instant since, boolean followersMigrated) {

}
