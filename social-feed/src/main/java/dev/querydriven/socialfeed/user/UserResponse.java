package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.UUID;

/**
 * A user's public profile: what anyone may read about a user. It carries no email: an
 * email is personal data, read only by its owner or an admin ({@link AccountResponse}).
 *
 * @param id the user's id
 * @param username the username, lower-case
 * @param displayName the display name
 * @param createdAt when the user registered
 */
public record UserResponse(UUID id, String username, String displayName, Instant createdAt) {

}
