/**
 * Follows (Q3, Q4, Q11, Q12): who follows whom.
 *
 * <p>
 * One follow is two rows, one per direction: {@code followers_by_user_shard} answers "who
 * follows X" (Q3, and the recipients of X's fan-out) and {@code following_by_user}
 * answers "whom does Y follow" (Q4) and "does Y follow X" (Q11, one row). Both are
 * written by one {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite} (with the
 * statements of other features' copies of a
 * {@link dev.querydriven.socialfeed.follow.FollowChange}) with one client timestamp, so
 * an unfollow issued after a follow always wins in both tables. The follower's name is
 * copied into each row: a page of followers needs no further reads. Profiles cannot
 * change today; if they could, a rename would have to rewrite these copies.
 *
 * <p>
 * <b>Follower shards.</b> Nothing bounds how many followers an account has, and the
 * accounts with the most are the ones the timeline stops fanning out. So a user's
 * followers are split: a follow goes to shard
 * {@code follows_received / querydriven.social-feed.follow.followers-per-shard} (50,000
 * by default, about 5 MB per partition), and reading every follower walks the shards in
 * order, one partition at a time
 * ({@link dev.querydriven.socialfeed.follow.FollowerShards}). An ordinary account keeps a
 * single partition. The follower's own row in {@code following_by_user} records the shard
 * in a set, so an unfollow deletes the follower row where it is, even when two requests
 * for the same follow raced across a shard boundary and wrote it to two shards.
 *
 * <p>
 * <b>Follows from before shards.</b> A follow written before follower shards existed
 * records no shard: the follower-shards rebuild (package {@code migration}) put its
 * follower row in shard 0, which every walk reads, and the follow path treats it so
 * ({@link dev.querydriven.socialfeed.follow.FollowingByUserRow#followerRowShards()}).
 * Such a follow was counted before follow claims existed: its unfollow takes the claim
 * before releasing it (so it is uncounted once), and a repeated follow takes it without
 * counting again.
 *
 * <p>
 * {@code follower_counts} (Q12) holds two counters: {@code followers}, incremented by a
 * follow and decremented by an unfollow, decides when an author has too many followers to
 * be fanned out; {@code follows_received}, never decremented, numbers the shards.
 *
 * <p>
 * <b>Counted once.</b> An increment is not idempotent, so it is never retried, and a
 * follow moves the counters only when its claim applied: a lightweight transaction on
 * {@code follow_claims} (Q20), a table of its own, since {@code following_by_user} takes
 * plain writes with a client timestamp and a lightweight transaction must share no cell
 * with those. Fifty identical follows at once count one; an unfollow counts only when it
 * released the claim. A claim or an increment that failed leaves its change unfinished in
 * {@code write_intents}; the sweeper's replay recounts the user's follower shards and
 * moves the counter by the difference. So the count is off only until then, or by the
 * follows that ran during a recount, which is fine for a threshold and for a shard number
 * (a shard then holds a few rows more or less).
 *
 * <p>
 * <b>Every follow converges.</b> A follow and an unfollow run through the write intents
 * (kinds {@code follow} and {@code unfollow}), detached from their request; a repeated
 * follow rewrites both rows with the follow's own timestamp, and an unfollow whose follow
 * row is gone still removes the follower's rows (a ghost follower). What follows from a
 * follow for timelines is the business of the timeline's copy of a follow: this package
 * does not know about timelines.
 */
package dev.querydriven.socialfeed.follow;
