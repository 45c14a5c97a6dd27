package dev.querydriven.modeling.fanout;

/**
 * What a fan-out did.
 *
 * @param delivered the partitions written
 * @param skipped whether the fan-out was skipped (hybrid mode: the author has too many
 * recipients)
 */
public record FanOutResult(long delivered, boolean skipped) {

}
