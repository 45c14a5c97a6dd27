/**
 * Posts, hashtags and likes (Q2, Q5, Q9, Q10, Q17–Q19): everything keyed by a post or
 * listing posts by author or tag.
 *
 * <p>
 * A post is written to {@code posts_by_id} (Q9, the source of truth), then to
 * {@code posts_by_user} (Q2) and, per hashtag, {@code posts_by_hashtag} (Q5) and
 * {@code hashtag_days} (Q10): one
 * {@link dev.querydriven.modeling.dualwrite.DenormalizedWrite}, one client timestamp (the
 * post's time in microseconds, so a repeat or a replay writes the same cells), every
 * statement idempotent. Then each copy of a
 * {@link dev.querydriven.socialfeed.post.PostChange} (the timeline implements the
 * modeling library's {@link dev.querydriven.modeling.dualwrite.Copy}) fans it out, with
 * the same timestamp, before the request answers 201 (one
 * {@link dev.querydriven.modeling.dualwrite.Copies} coordinator calls them). Deleting a
 * post walks the same keys backwards: the copies' fan-outs first, then the tables here,
 * {@code posts_by_id} last, so a delete that fails half-way still finds the post (and its
 * copies) when retried. Both changes are recorded in {@code write_intents} first (kinds
 * {@code post-published}, {@code post-deleted}) and run detached from their request: a
 * post cut short (a failed fan-out, a killed process) is finished by the sweeper from
 * {@code posts_by_id}, a deletion from the keys its intent names, since no source leads
 * to them once the post is gone.
 *
 * <p>
 * Partitions stay bounded by time buckets: {@code posts_by_user} by UTC month (a user
 * writing 20 posts a day still makes ~620 rows a month), {@code posts_by_hashtag} by UTC
 * day (a tag is a hot, low-cardinality key: one partition per tag would take every post
 * of the tag forever). Reading "latest first" walks the buckets one partition at a time
 * with {@link dev.querydriven.modeling.bucket.MultiBucketReader}, bounded by a known
 * limit, never by "stop after N empty buckets": a user's walk ends at the month the user
 * registered, a tag's walk visits exactly the days listed in the tag's
 * {@code hashtag_days} index.
 *
 * <p>
 * Likes: {@code post_likers} (Q17) holds who liked a post, written with
 * {@code INSERT ... IF NOT EXISTS}, so a repeated like changes nothing; only an applied
 * insert increments the {@code post_like_counts} counter (Q18), which is read at
 * consistency ONE. The count is approximate: a counter increment is not idempotent (a
 * retry after a timeout may count twice, so it is never retried), and a like count
 * tolerates that, as the article says of view counts. A like is recorded in
 * {@code write_intents} too (kind {@code post-liked}): one cut short between its insert
 * and its increment is finished by the sweeper, which recounts the post's likers. The
 * liker's row also answers "has this user liked this post" (Q19, the state of the like
 * button): one row, by the table's full primary key. An unlike mirrors the like
 * ({@code DELETE ... IF EXISTS}, and only an applied one decrements; kind
 * {@code post-unliked}).
 *
 * <p>
 * Each like is copied by liker into {@code likes_by_user} (Q21), which an erasure reads
 * to find a user's likes without scanning every post's likers. The copy follows the
 * lightweight transaction with a plain write whose timestamp comes from the like itself
 * (its {@code liked_at} for the insert, a later instant for an unlike's delete), so a
 * repeat, a replay and the backfill of older likes all converge
 * ({@link dev.querydriven.socialfeed.post.LikeService}); a deleted post's copies go
 * before its likers ({@link dev.querydriven.socialfeed.post.LikeCopies}).
 */
package dev.querydriven.socialfeed.post;
