package dev.querydriven.modeling.bucket;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Chooses a bucket size from the write rate, the article's method: estimate the rows one
 * key writes per bucket, and take the <b>coarsest</b> bucket whose partitions stay in the
 * low tens of thousands of rows and under 10 MB. Coarser buckets mean fewer partitions to
 * read for a range; finer ones mean smaller partitions. Sizes are computed for the
 * longest bucket of a granularity (a 31-day month), so no partition of that kind exceeds
 * them.
 */
public final class BucketSizeAdvisor {

	private static final List<BucketGranularity> COARSEST_FIRST = List.of(BucketGranularity.MONTH,
			BucketGranularity.WEEK, BucketGranularity.DAY, BucketGranularity.HOUR);

	private BucketSizeAdvisor() {
	}

	/**
	 * Advises a bucket size.
	 * @param writesPerSecondPerKey rows one partition key (one sensor, one user) writes
	 * per second
	 * @param averageRowBytes the average size of a row, in bytes
	 * @param targets the limits to stay under
	 * @return the advice
	 */
	public static BucketAdvice advise(double writesPerSecondPerKey, long averageRowBytes, BucketTargets targets) {
		if (!(writesPerSecondPerKey > 0) || Double.isInfinite(writesPerSecondPerKey)) {
			throw new IllegalArgumentException("writesPerSecondPerKey must be a positive number");
		}
		if (averageRowBytes < 1) {
			throw new IllegalArgumentException("averageRowBytes must be at least 1");
		}
		List<BucketAdvice.Candidate> candidates = new ArrayList<>();
		for (BucketGranularity granularity : COARSEST_FIRST) {
			double rows = writesPerSecondPerKey * granularity.maximumLength().toSeconds();
			double bytes = rows * averageRowBytes;
			candidates.add(new BucketAdvice.Candidate(granularity, rows, bytes,
					rows <= targets.maxRows() && bytes <= targets.targetBytes()));
		}
		BucketAdvice.Candidate chosen = candidates.stream()
			.filter(BucketAdvice.Candidate::fits)
			.findFirst()
			.orElse(candidates.get(candidates.size() - 1));
		String explanation = explain(writesPerSecondPerKey, averageRowBytes, targets, chosen);
		return new BucketAdvice(chosen.granularity(), chosen.rowsPerPartition(), chosen.bytesPerPartition(),
				chosen.fits(), explanation, candidates);
	}

	private static String explain(double rate, long rowBytes, BucketTargets targets, BucketAdvice.Candidate chosen) {
		String sizes = String.format(Locale.ROOT, "%,.0f rows and %s per partition", chosen.rowsPerPartition(),
				bytes(chosen.bytesPerPartition()));
		String input = String.format(Locale.ROOT, "At %s writes/s per key and %d bytes per row, ", decimal(rate),
				rowBytes);
		if (chosen.fits()) {
			String coarser = (chosen.granularity() == BucketGranularity.MONTH) ? ""
					: " A coarser bucket would exceed the target of "
							+ String.format(Locale.ROOT, "%,d", targets.maxRows()) + " rows or "
							+ bytes(targets.targetBytes()) + ".";
			return input + chosen.granularity().name().toLowerCase(Locale.ROOT) + " buckets hold at most " + sizes + "."
					+ coarser;
		}
		String verdict = (chosen.bytesPerPartition() > targets.hardLimitBytes())
				? "exceeding the hard limit of " + bytes(targets.hardLimitBytes()) : "above the target";
		return input + "even hourly buckets hold " + sizes + ", " + verdict
				+ ": add a finer sub-bucket (e.g. minutes) or a shard number to the partition key.";
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
