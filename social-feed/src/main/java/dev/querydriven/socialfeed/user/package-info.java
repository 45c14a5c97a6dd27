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
 */
package dev.querydriven.socialfeed.user;
