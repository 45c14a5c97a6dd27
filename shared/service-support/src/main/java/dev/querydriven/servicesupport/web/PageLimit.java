package dev.querydriven.servicesupport.web;

/**
 * How many items a page of a list holds ({@code ?limit=20}): a bounded page keeps a read
 * to one short slice of a partition, however long it grows. A controller takes
 * {@code @RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit}; the bounds are
 * checked as it is read ({@link ParameterBinding}), a 400 naming it, where {@code @Min}
 * and {@code @Max} would make Spring validate every argument on every call.
 *
 * @param value the number of items, from {@link #MIN} to {@link #MAX}
 */
public record PageLimit(int value) {

	/** The smallest page. */
	public static final int MIN = 1;

	/** The largest page: a few dozen rows of one partition slice, never a scan. */
	public static final int MAX = 100;

	/** The page size when the client names none. */
	public static final String DEFAULT = "20";

	public PageLimit {
		if (value < MIN || value > MAX) {
			throw new IllegalArgumentException("A page holds " + MIN + " to " + MAX + " items, not " + value);
		}
	}

}
