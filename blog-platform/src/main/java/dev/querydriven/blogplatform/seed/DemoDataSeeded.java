package dev.querydriven.blogplatform.seed;

import java.time.Duration;

/**
 * Published once the demo data is written: the seeder runs in the background, so this is
 * the signal that every post, with its copies and comments, is in place.
 *
 * @param postsCreated the posts this run created (0 when the demo data was already there)
 * @param commentsCreated the comments this run created
 * @param took how long the run took
 */
public record DemoDataSeeded(long postsCreated, long commentsCreated, Duration took) {

}
