/**
 * Fan-out on write (the guide's "Example 2: Social Media Feed": "when Alice posts, write
 * to ALL followers' timelines"): an item is written into every recipient's timeline
 * partition, trading write work for single-partition reads.
 *
 * <p>
 * {@link dev.querydriven.modeling.fanout.FanOut} writes with bounded concurrency and
 * backpressure (recipients pulled as writes complete), one timestamp and idempotent,
 * retried writes, and Micrometer metrics. Its
 * {@link dev.querydriven.modeling.fanout.FanOutPolicy} bounds the recipients per item:
 * authors above the follower threshold are not fanned out (hybrid mode), and
 * {@link dev.querydriven.modeling.fanout.HybridTimeline} merges their recent items into
 * each reader's timeline at read time, newest first, ties broken by id in the tables'
 * clustering order ({@link dev.querydriven.modeling.fanout.UuidClusteringOrder}), a page
 * at a time from a resumable {@link dev.querydriven.modeling.fanout.TimelinePosition}.
 */
package dev.querydriven.modeling.fanout;
