package dev.querydriven.socialfeed.follow;

import java.util.UUID;

/**
 * A row of {@code follower_counts}: two counters, approximate like every counter (an
 * increment is not idempotent).
 *
 * @param userId the user
 * @param followers the user's current followers: decides fan-out or read-time merge
 * @param followsReceived every follow the user ever received, never decremented: numbers
 * the follower shards
 */
record FollowerCountsRow(UUID userId, long followers, long followsReceived) {

}
