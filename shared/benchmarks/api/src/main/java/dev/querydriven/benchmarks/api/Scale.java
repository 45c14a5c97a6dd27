package dev.querydriven.benchmarks.api;

/**
 * How much data a service loads. Every layer of a service works on the same data: it is
 * loaded once, before the first measured window.
 *
 * @param name {@code smoke} or {@code full}
 * @param factor the share of the full data set (1 for the full run)
 */
public record Scale(String name, double factor) {

	/**
	 * The full data set: hundreds of users and sensors, thousands of posts and orders,
	 * hundreds of thousands of readings. Each partition a request reads is as large as it
	 * would be among many more users (a timeline fed by twenty followees, ten orders per
	 * user, twelve hours of readings per sensor): more users would only make loading
	 * longer, not a request's work larger.
	 */
	public static final Scale FULL = new Scale("full", 1.0);

	/** A tiny data set for the smoke run. */
	public static final Scale SMOKE = new Scale("smoke", 0.02);

	/**
	 * A count of the full data set, scaled.
	 * @param full the count at full scale
	 * @param minimum the least it may be
	 * @return the scaled count
	 */
	public int of(int full, int minimum) {
		return Math.max(minimum, (int) Math.round(full * this.factor));
	}

}
