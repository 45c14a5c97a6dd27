package dev.querydriven.servicesupport.web;

/**
 * How many items a page of a list holds, as a client asks for it ({@code ?limit=20}): a
 * bounded page is what keeps a read to one short slice of a partition, however long the
 * partition grows. A controller takes it as
 * {@code @RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit}.
 *
 * <p>
 * The bounds are checked where the parameter is read ({@link ParameterBinding}): a value
 * out of them is a 400 naming the parameter, like any malformed one. A Bean Validation
 * constraint on the parameter ({@code @Min}, {@code @Max}) would do the same, but it
 * makes Spring validate every argument of the method on every call. The OpenAPI document
 * still shows the bounds ({@code minimum}, {@code maximum}).
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
