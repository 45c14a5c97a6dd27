package dev.querydriven.benchmarks.measure;

import java.util.Map;

/**
 * What a measured window did: requests completed, how fast, and what failed. Errors and
 * timeouts are counted, never dropped, and a few messages kept to say what they were.
 *
 * @param seconds the window's length
 * @param requests requests started in the window that succeeded
 * @param errors requests started in the window that failed, timeouts included
 * @param timeouts of the errors, those that timed out
 * @param warmUpErrors failed requests of the warm-up before the window
 * @param throughput successful requests per second
 * @param latency latency percentiles of the successful requests
 * @param rowsPerRequest rows read (or written) per request, on average
 * @param errorSamples error messages with their counts
 */
public record Outcome(double seconds, long requests, long errors, long timeouts, long warmUpErrors, double throughput,
		Latency latency, double rowsPerRequest, Map<String, Long> errorSamples) {

	public Outcome {
		errorSamples = Map.copyOf(errorSamples);
	}

}
