/**
 * Users (Q1, Q7, Q8): profiles and the uniqueness of usernames and emails.
 *
 * <p>
 * {@code users_by_id} is the profile, one row per partition. Lookups by username and by
 * email go through tables keyed by the value ({@code users_by_username},
 * {@code users_by_email}), the guide's answer to the secondary-index anti-pattern. Those
 * two tables also make the values unique: a registration <b>claims</b> the username, then
 * the email, each with {@code INSERT ... IF NOT EXISTS} (a lightweight transaction, so
 * exactly one of two concurrent registrations wins), and only then writes the profile.
 * When a later step fails, the registration releases only its own claims with
 * {@code DELETE ... IF user_id = :me}: a blind delete could remove a claim another
 * registration won in the meantime. The claim tables are written only with lightweight
 * transactions; a plain write on the same cells would carry a client timestamp Paxos
 * cannot order.
 *
 * <p>
 * An email is personal data: the public profile ({@code UserResponse}) leaves it out, and
 * only the user or an admin reads the account that holds it ({@code AccountResponse}); a
 * problem names the field that conflicts or is unknown, never its value, and a log line
 * names the user's id. The column is masked in both tables ({@code MASKED WITH DEFAULT}):
 * a role without {@code UNMASK} reads {@code ****}. An erasure releases both claims as a
 * failed registration does, then deletes the profile, last
 * ({@link dev.querydriven.socialfeed.user.UserService#erase}).
 */
package dev.querydriven.socialfeed.user;
