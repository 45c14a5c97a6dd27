package dev.querydriven.benchmarks.report;

import java.util.List;

/**
 * A CPU profile of one layer of one workload, taken because the layer missed its goal:
 * the flame graph, and where the samples fell.
 *
 * @param workload the workload's id
 * @param layer the layer profiled
 * @param process the JVM profiled
 * @param flameGraph the flame graph, relative to the summary
 * @param samples CPU samples taken
 * @param components the share of samples by component (by the innermost frame that
 * belongs to a known component), largest first
 * @param hottest the methods with the most samples on top of the stack, largest first
 */
public record Profile(String workload, Layer layer, String process, String flameGraph, long samples,
		List<Share> components, List<Share> hottest) {

	/**
	 * A share of the samples.
	 *
	 * @param name what took it
	 * @param share its share, 0 to 1
	 */
	public record Share(String name, double share) {

	}

}
