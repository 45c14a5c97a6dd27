package dev.querydriven.iotsensors.sizing;

import java.util.List;

import dev.querydriven.modeling.bucket.BucketAdvice;
import dev.querydriven.modeling.bucket.BucketGranularity;

/**
 * The advisor's answer with its input.
 *
 * @param writesPerSecond rows one key writes per second
 * @param rowBytes bytes per row
 * @param granularity the recommended bucket
 * @param rowsPerPartition rows in its largest partition
 * @param bytesPerPartition bytes in its largest partition
 * @param withinTarget whether the recommendation stays under the targets
 * @param explanation the reasoning
 * @param candidates every bucket size considered, coarsest first
 */
record BucketAdviceResponse(double writesPerSecond, long rowBytes, BucketGranularity granularity,
		double rowsPerPartition, double bytesPerPartition, boolean withinTarget, String explanation,
		List<BucketAdvice.Candidate> candidates) {

	static BucketAdviceResponse of(double writesPerSecond, long rowBytes, BucketAdvice advice) {
		return new BucketAdviceResponse(writesPerSecond, rowBytes, advice.granularity(), advice.rowsPerPartition(),
				advice.bytesPerPartition(), advice.withinTarget(), advice.explanation(), advice.candidates());
	}

}
