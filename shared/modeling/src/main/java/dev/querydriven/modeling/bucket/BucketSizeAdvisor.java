package dev.querydriven.modeling.bucket;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Chooses a bucket size from the write rate, the article's method ("Time-Series Modeling
 * Patterns"): estimate the rows one key writes per bucket, and take the <b>coarsest</b>
 * bucket whose partitions stay in the low tens of thousands of rows and under 10 MB
 * (never near the 100 MB hard limit). Coarser buckets mean fewer partitions to read for a
 * range; finer ones mean smaller partitions. Sizes are computed for the longest bucket of
 * a granularity (a 31-day month), so no partition of that kind exceeds them:
 * {@code rows = writes per second per key × seconds in the longest bucket} and
 * {@code bytes = rows × average row size}.
 *
 * <pre class="code">
 * // One reading a minute, 200-byte rows: 44,640 rows and 8.9 MB in a 31-day month.
 * BucketSizeAdvisor.advise(1.0 / 60, 200).granularity(); // MONTH
 * </pre>
 *
 * When even an hour is too big (a 1 kHz sensor writes 3.6 million rows an hour), the
 * advice is the hour with {@code withinTarget = false}: the partition key needs a finer
 * sub-bucket (minutes) or a shard number.
 */
public final class BucketSizeAdvisor {

	private static final List<BucketGranularity> COARSEST_FIRST = List.of(BucketGranularity.MONTH,
			BucketGranularity.WEEK, BucketGranularity.DAY, BucketGranularity.HOUR);

	private BucketSizeAdvisor() {
	}

	/**
	 * Advises a bucket size for the {@link BucketTargets#DEFAULT default targets}.
	 * @param writesPerSecondPerKey rows one partition key (one sensor, one user) writes
	 * per second, at its busiest
	 * @param averageRowBytes the average size of a row, in bytes
	 * @return the advice
	 * @throws IllegalArgumentException when the rate is not a positive finite number or
	 * the row size is below 1
	 */
	public static BucketAdvice advise(double writesPerSecondPerKey, long averageRowBytes) {
		return advise(writesPerSecondPerKey, averageRowBytes, BucketTargets.DEFAULT);
	}

	/**
	 * Advises a bucket size.
	 * @param writesPerSecondPerKey rows one partition key (one sensor, one user) writes
	 * per second, at its busiest
	 * @param averageRowBytes the average size of a row, in bytes
	 * @param targets the limits to stay under
	 * @return the advice
	 * @throws IllegalArgumentException when the rate is not a positive finite number or
	 * the row size is below 1
	 */
	public static BucketAdvice advise(double writesPerSecondPerKey, long averageRowBytes, BucketTargets targets) {
		Objects.requireNonNull(targets, "targets");
		if (!(writesPerSecondPerKey > 0) || Double.isInfinite(writesPerSecondPerKey)) {
			throw new IllegalArgumentException(
					"writesPerSecondPerKey must be a positive number, not " + writesPerSecondPerKey);
		}
		if (averageRowBytes < 1) {
			throw new IllegalArgumentException("averageRowBytes must be at least 1, not " + averageRowBytes);
		}
		List<BucketAdvice.Candidate> candidates = new ArrayList<>();
		for (BucketGranularity granularity : COARSEST_FIRST) {
			double rows = writesPerSecondPerKey * granularity.maximumLength().toSeconds();
			double bytes = rows * averageRowBytes;
			candidates.add(new BucketAdvice.Candidate(granularity, rows, bytes,
					rows <= targets.maxRows() && bytes <= targets.targetBytes()));
		}
		int chosenIndex = 0;
		while (chosenIndex < candidates.size() - 1 && !candidates.get(chosenIndex).fits()) {
			chosenIndex++;
		}
		BucketAdvice.Candidate chosen = candidates.get(chosenIndex);
		BucketAdvice.Candidate coarser = (chosenIndex > 0) ? candidates.get(chosenIndex - 1) : null;
		String explanation = explain(writesPerSecondPerKey, averageRowBytes, targets, chosen, coarser);
		return new BucketAdvice(chosen.granularity(), chosen.rowsPerPartition(), chosen.bytesPerPartition(),
				chosen.fits(), explanation, candidates);
	}

	private static String explain(double rate, long rowBytes, BucketTargets targets, BucketAdvice.Candidate chosen,
			BucketAdvice.Candidate coarser) {
		String input = String.format(Locale.ROOT, "At %s writes/s per key and %d bytes per row, ", decimal(rate),
				rowBytes);
		String target = String.format(Locale.ROOT, "the target of %,d rows and %s", targets.maxRows(),
				bytes(targets.targetBytes()));
		if (chosen.fits()) {
			String why = (coarser == null) ? " Month is the coarsest bucket offered." : " " + capitalized(name(coarser))
					+ " buckets would hold " + sizes(coarser) + ", above " + target + ".";
			return input + name(chosen) + " buckets hold at most " + sizes(chosen) + ", within " + target + "." + why;
		}
		String verdict = (chosen.bytesPerPartition() > targets.hardLimitBytes())
				? "beyond the hard limit of " + bytes(targets.hardLimitBytes()) : "above " + target;
		return input + "even hour buckets hold " + sizes(chosen) + ", " + verdict
				+ ": add a finer sub-bucket (e.g. the minute) or a shard number to the partition key.";
	}

	private static String name(BucketAdvice.Candidate candidate) {
		return candidate.granularity().name().toLowerCase(Locale.ROOT);
	}

	private static String capitalized(String word) {
		return Character.toUpperCase(word.charAt(0)) + word.substring(1);
	}

	private static String sizes(BucketAdvice.Candidate candidate) {
		return String.format(Locale.ROOT, "%,.0f rows and %s", candidate.rowsPerPartition(),
				bytes(candidate.bytesPerPartition()));
	}

	private static String decimal(double value) {
		return (value == Math.rint(value)) ? String.format(Locale.ROOT, "%.0f", value)
				: String.format(Locale.ROOT, "%.4g", value);
	}

	private static String bytes(double bytes) {
		if (bytes >= 1_000_000) {
			return String.format(Locale.ROOT, "%.1f MB", bytes / 1_000_000);
		}
		if (bytes >= 1_000) {
			return String.format(Locale.ROOT, "%.1f kB", bytes / 1_000);
		}
		return String.format(Locale.ROOT, "%.0f B", bytes);
	}

}
