/**
 * Erasure: a user's right to be forgotten, in a model that copies a user into many
 * tables. A query-driven model has no one row to delete: the profile, the username's and
 * the email's claims, both sides of every follow (with the names copied into them), the
 * posts and every copy of them, the likes, the timeline and the records that lead to it.
 * {@link dev.querydriven.socialfeed.erasure.ErasureService} removes them in an order in
 * which each step can still find its rows (the profile last), as one change recorded in
 * {@code write_intents}, so an erasure cut short by a crash is finished by the sweeper.
 * Each feature erases its own tables (the follows, the posts, the likes, the timeline);
 * this package decides the order and answers the request ({@code DELETE /users/{userId}},
 * the user or an admin).
 *
 * <p>
 * What the erasure cannot reach is in the service README ("Erasure"): rows that expire on
 * their own (the write intents and idempotency keys of a day), the hashtag's day index,
 * and what the cluster itself keeps for a while (tombstones until
 * {@code gc_grace_seconds} and a compaction, snapshots, commit logs).
 */
package dev.querydriven.socialfeed.erasure;
