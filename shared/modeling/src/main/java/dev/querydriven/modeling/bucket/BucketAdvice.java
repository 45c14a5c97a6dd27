package dev.querydriven.modeling.bucket;

import java.util.List;

/**
 * The advisor's answer: a granularity, the partition size it leads to, and why.
 *
 * @param granularity the recommended bucket size
 * @param rowsPerPartition rows in the largest bucket at the given rate
 * @param bytesPerPartition bytes in the largest bucket at the given rate
 * @param withinTarget whether even the recommendation stays under the targets
 * @param explanation the reasoning, for logs and API answers
 * @param candidates every granularity with its sizes, coarsest first
 */
public record BucketAdvice(BucketGranularity granularity, double rowsPerPartition, double bytesPerPartition,
		boolean withinTarget, String explanation, List<Candidate> candidates) {

	/**
	 * One granularity considered.
	 *
	 * @param granularity the bucket size
	 * @param rowsPerPartition rows in its largest bucket
	 * @param bytesPerPartition bytes in its largest bucket
	 * @param fits whether it stays under the row and byte targets
	 */
	public record Candidate(BucketGranularity granularity, double rowsPerPartition, double bytesPerPartition,
			boolean fits) {

	}

}
