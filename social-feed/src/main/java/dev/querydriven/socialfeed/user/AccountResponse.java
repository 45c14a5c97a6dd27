package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.UUID;

/**
 * A user's account as its owner (or an admin) reads it: the public profile and the email.
 * Answered to the user who registered, to a lookup by email (which only the email's owner
 * or an admin may make) and at {@code GET /users/{userId}/account}; never by a public
 * route.
 *
 * @param id the user's id
 * @param username the username, lower-case
 * @param email the email, lower-case
 * @param displayName the display name
 * @param createdAt when the user registered
 */
public record AccountResponse(UUID id, String username, String email, String displayName, Instant createdAt) {

}
