package dev.querydriven.modelcheck;

import java.util.Locale;

/**
 * Numbers as the report writes them.
 */
public final class Units {

	private Units() {
	}

	/**
	 * Bytes in decimal units, the units of the limits (10 MB, 100 MB).
	 * @param bytes a size, or -1 for unbounded
	 * @return e.g. {@code 2.3 MB}, {@code unbounded}
	 */
	public static String bytes(long bytes) {
		if (bytes < 0) {
			return "unbounded";
		}
		if (bytes == Long.MAX_VALUE) {
			return "beyond any limit";
		}
		if (bytes >= 1_000_000_000) {
			return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
		}
		if (bytes >= 1_000_000) {
			return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
		}
		if (bytes >= 1_000) {
			return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
		}
		return bytes + " B";
	}

	/**
	 * A count with thousands separators.
	 * @param count a count, or -1 for unbounded
	 * @return e.g. {@code 14,400}, {@code unbounded}
	 */
	public static String count(long count) {
		if (count < 0) {
			return "unbounded";
		}
		if (count == Long.MAX_VALUE) {
			return "beyond any limit";
		}
		return String.format(Locale.ROOT, "%,d", count);
	}

	/**
	 * A share as a percentage.
	 * @param share between 0 and 1
	 * @return e.g. {@code 16.7%}
	 */
	public static String percent(double share) {
		if (share > 0 && share < 0.001) {
			return "< 0.1%";
		}
		return String.format(Locale.ROOT, "%.1f%%", share * 100);
	}

	/**
	 * A rate.
	 * @param perSecond events per second
	 * @return e.g. {@code 0.0116/s}, {@code 1,200/s}
	 */
	public static String rate(double perSecond) {
		if (perSecond >= 100) {
			return String.format(Locale.ROOT, "%,.0f/s", perSecond);
		}
		return String.format(Locale.ROOT, "%.3g/s", perSecond);
	}

}
