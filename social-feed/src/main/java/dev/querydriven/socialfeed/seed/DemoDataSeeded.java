package dev.querydriven.socialfeed.seed;

import java.time.Duration;

/**
 * Published once the demo data is written: the seeder runs in the background, so this is
 * the signal that every user, follow, post and like is in place.
 *
 * @param users the users written or found (popular authors included)
 * @param follows the follows requested (idempotent: an existing follow is left alone)
 * @param posts the posts written or found
 * @param likes the likes requested (a repeated like changes nothing)
 * @param took how long the seeding took
 */
public record DemoDataSeeded(int users, int follows, int posts, int likes, Duration took) {

}
