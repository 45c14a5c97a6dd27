package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code users_by_id}: a user's profile.
 *
 * @param userId the user's id
 * @param username the unique username, lower-case
 * @param email the unique email, lower-case
 * @param displayName the name shown to others
 * @param createdAt when the user registered: the oldest instant any of their data can
 * have, which bounds the walk over their post buckets
 */
public record UsersByIdRow(UUID userId, String username, String email, String displayName, Instant createdAt) {

}
