package dev.querydriven.benchmarks.measure;

import org.HdrHistogram.Histogram;

/**
 * Latency percentiles of a window, in milliseconds.
 *
 * @param p50 the median
 * @param p90 the 90th percentile
 * @param p99 the 99th percentile
 * @param p999 the 99.9th percentile
 * @param max the slowest
 */
public record Latency(double p50, double p90, double p99, double p999, double max) {

	/** No requests. */
	public static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

	/**
	 * The percentiles of a histogram of microseconds.
	 * @param micros the histogram
	 * @return the percentiles, or {@link #NONE} when it is empty
	 */
	public static Latency of(Histogram micros) {
		if (micros.getTotalCount() == 0) {
			return NONE;
		}
		return new Latency(millis(micros, 50), millis(micros, 90), millis(micros, 99), millis(micros, 99.9),
				micros.getMaxValue() / 1000.0);
	}

	private static double millis(Histogram micros, double percentile) {
		return micros.getValueAtPercentile(percentile) / 1000.0;
	}

}
