package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

/**
 * A user in a list of followers or followed users.
 *
 * @param id the user's id
 * @param username the username
 * @param displayName the display name
 * @param followedAt when the follow happened
 */
public record UserSummaryResponse(UUID id, String username, String displayName, Instant followedAt) {

}
