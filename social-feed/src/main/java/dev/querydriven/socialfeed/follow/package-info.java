/**
 * Follows (Q3, Q4, Q11, Q12): who follows whom.
 *
 * <p>
 * One follow is two rows, one per direction: {@code followers_by_user} answers "who
 * follows X" (Q3, and the recipients of X's fan-out) and {@code following_by_user}
 * answers "whom does Y follow" (Q4) and "does Y follow X" (Q11, one row). Both are
 * written by one {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite} with one
 * client timestamp, so an unfollow issued after a follow always wins in both tables. The
 * follower's name is copied into each row: a page of followers reads one partition.
 * Profiles cannot change today; if they could, a rename would have to rewrite these
 * copies.
 *
 * <p>
 * {@code follower_counts} (Q12) is a counter incremented by each new follow: it decides
 * when an author has too many followers to be fanned out. Counters are approximate (an
 * increment is not idempotent, so a retry may count twice, and two concurrent first
 * follows may both count), which is fine for a threshold. What follows from a follow for
 * timelines is the {@link dev.querydriven.socialfeed.follow.FollowListener}'s business:
 * this package does not know about timelines.
 */
package dev.querydriven.socialfeed.follow;
