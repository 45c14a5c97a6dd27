/**
 * Fan-out on write (the guide's "Social Media Feed"): when an author posts, the post is
 * written into every follower's timeline partition, trading write work for reads of one
 * partition. Writes run with bounded concurrency and backpressure and are counted;
 * authors with very many followers are not fanned out (hybrid mode) and their recent
 * items are merged into a reader's timeline at read time instead.
 */
package dev.querydriven.modeling.fanout;
