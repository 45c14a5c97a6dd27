/**
 * The home timeline (Q6, Q13–Q16): the guide's "Social Media Feed" ("when Alice posts,
 * write to ALL followers' timelines"), fan-out on write with a read-time merge for
 * high-fanout authors. The package holds the mechanism and its worked example side by
 * side: the pattern serves this feature alone.
 *
 * <p>
 * <b>Fan-out on write.</b> When an author posts, the post is copied into each follower's
 * {@code user_timeline}, within the request and with bounded concurrency
 * ({@link dev.querydriven.socialfeed.timeline.FanOut}): a 201 means every follower's
 * timeline holds the post, and reading a timeline is reading one partition per day. The
 * write cost grows with the follower count, so an author with at least
 * {@code querydriven.social-feed.timeline.fan-out-threshold} followers is not fanned out:
 * readers merge the recent posts of the high-fanout authors they follow
 * ({@code high_fanout_following_by_user}) at read time, in order (Twitter's hybrid).
 *
 * <p>
 * <b>The mechanism.</b> {@link dev.querydriven.socialfeed.timeline.FanOut} writes one
 * item into every recipient's partition with bounded concurrency and backpressure
 * (recipients pulled from their partition as writes complete), one timestamp and
 * idempotent, retried writes, and Micrometer metrics ({@code querydriven.fanout.*}). Its
 * {@link dev.querydriven.socialfeed.timeline.FanOutPolicy} bounds the recipients per
 * item; here the decision is taken before, from the sticky {@code high_fanout_authors}
 * row, as the policy advises
 * ({@link dev.querydriven.socialfeed.timeline.TimelineFanOut}).
 * {@link dev.querydriven.socialfeed.timeline.HybridTimeline} is the read side: it merges
 * the reader's timeline with the recent posts of the authors not fanned out, newest
 * first, ties broken by id in the tables' clustering order
 * ({@link dev.querydriven.socialfeed.timeline.UuidClusteringOrder}, which is not
 * {@code UUID.compareTo}), a page at a time from a resumable
 * {@link dev.querydriven.socialfeed.paging.TimelinePosition}
 * ({@link dev.querydriven.socialfeed.timeline.TimelineService}).
 *
 * <p>
 * <b>Bounded by time, not by trimming.</b> {@code user_timeline} is bucketed by UTC day
 * and every entry carries a TTL equal to the retention (30 days by default): a timeline
 * reaches back 30 days, like Twitter's ~800 entries reach back a while. Trimming to a
 * count would delete the oldest entries of the partitions read most, one tombstone each;
 * here expired days are partitions nobody reads any more, and time-window compaction
 * drops them as whole files. Sizing: a reader following 500 active authors (5 posts a day
 * each) gets 2,500 entries a day of ~400 bytes, about 1 MB per daily partition; even
 * 25,000 entries a day stay near 10 MB. A monthly bucket would put 75,000 rows in one
 * partition.
 *
 * <p>
 * <b>Follow, unfollow, delete.</b> Following does not backfill: the new follower's
 * timeline gets the author's posts from then on (and pulls a high-fanout author's posts
 * from the follow on). Unfollowing stops the fan-out at once (it reads the followers
 * list) and hides the author's existing entries with a marker row
 * ({@code timeline_hidden_authors}) that the read filters on: one small extra read per
 * page instead of a scan of 30 days of timeline and a tombstone per entry. Deleting a
 * post removes every copy: the fan-out recorded its recipients in
 * {@code timeline_deliveries_by_post}, the post's own partition, before writing the
 * copies. An erased user's timeline goes whole
 * ({@link dev.querydriven.socialfeed.timeline.TimelineErasure}): each day of the
 * retention (one partition tombstone, after the delivery records that lead to its
 * entries), their markers and pulled authors; the follows an erasure ends leave no marker
 * behind.
 */
package dev.querydriven.socialfeed.timeline;
