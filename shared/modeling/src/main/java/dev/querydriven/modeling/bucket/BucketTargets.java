package dev.querydriven.modeling.bucket;

/**
 * What a bucketed partition must stay under. The defaults follow the reference texts: aim
 * for partitions in the low tens of thousands of rows and under 10 MB, never near 100 MB.
 *
 * @param maxRows rows per partition to aim below
 * @param targetBytes bytes per partition to aim below
 * @param hardLimitBytes bytes per partition never to exceed
 */
public record BucketTargets(long maxRows, long targetBytes, long hardLimitBytes) {

	/** 50,000 rows, 10 MB, hard limit 100 MB. */
	public static final BucketTargets DEFAULT = new BucketTargets(50_000, 10_000_000, 100_000_000);

	public BucketTargets {
		if (maxRows < 1 || targetBytes < 1 || hardLimitBytes < targetBytes) {
			throw new IllegalArgumentException("Targets must be positive and the hard limit at least the target");
		}
	}

}
