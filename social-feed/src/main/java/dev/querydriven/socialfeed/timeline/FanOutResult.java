package dev.querydriven.socialfeed.timeline;

/**
 * What a fan-out did.
 *
 * @param delivered the partitions written
 * @param skipped whether the fan-out was skipped (hybrid mode: the author has more
 * recipients than the {@link FanOutPolicy} allows, so readers merge the item at read
 * time)
 */
record FanOutResult(long delivered, boolean skipped) {

}
