package dev.querydriven.socialfeed.timeline;

/**
 * Which authors' items are fanned out on write, and which are merged at read time
 * instead: the hybrid model. Fan-out on write costs one write per follower per item, so
 * an author with millions of followers would turn one post into millions of writes (and
 * minutes of delay); beyond {@code followerThreshold} followers an author's items are not
 * fanned out, and every reader's timeline merges that author's recent items from the
 * author's own partition ({@link HybridTimeline}).
 *
 * <p>
 * The same policy must decide on both sides: the writer skips exactly the authors the
 * reader merges. Decide from a follower count kept with the author (a counter is
 * approximate, which is fine: an item on both sides is shown once, see
 * {@link HybridTimeline}), and prefer a sticky flag to a live count so that an author
 * hovering around the threshold does not flip back and forth.
 *
 * @param followerThreshold the most recipients an item is fanned out to; above it the
 * item is not fanned out
 */
record FanOutPolicy(long followerThreshold) {

	/** Fan out to at most 10,000 followers per item. */
	static final FanOutPolicy DEFAULT = new FanOutPolicy(10_000);

	FanOutPolicy {
		if (followerThreshold < 0 || followerThreshold >= Integer.MAX_VALUE) {
			throw new IllegalArgumentException("followerThreshold must be between 0 and " + (Integer.MAX_VALUE - 1));
		}
	}

	/**
	 * Whether an author with this many followers is fanned out on write.
	 * @param followers the author's follower count
	 * @return {@code true} at or below the threshold
	 */
	boolean fansOut(long followers) {
		return followers <= this.followerThreshold;
	}

	/**
	 * Whether a reader's timeline merges this author's items at read time.
	 * @param followers the author's follower count
	 * @return {@code true} above the threshold
	 */
	boolean mergedAtRead(long followers) {
		return !fansOut(followers);
	}

}
