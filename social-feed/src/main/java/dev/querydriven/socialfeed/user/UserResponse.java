package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.UUID;

/**
 * A user, as the API returns it.
 *
 * @param id the user's id
 * @param username the username, lower-case
 * @param email the email, lower-case
 * @param displayName the display name
 * @param createdAt when the user registered
 */
public record UserResponse(UUID id, String username, String email, String displayName, Instant createdAt) {

}
