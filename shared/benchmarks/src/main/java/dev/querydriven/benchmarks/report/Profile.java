package dev.querydriven.benchmarks.report;

import java.util.List;

/**
 * A CPU profile of one layer of one workload, taken because the layer missed its goal:
 * the flame graph, and where the samples fell. A Java Flight Recorder profile samples the
 * threads running Java code; an async-profiler one samples every thread, JIT compilers,
 * garbage collector and kernel included.
 *
 * @param workload the workload's id
 * @param layer the layer profiled
 * @param process the JVM profiled
 * @param flameGraph the flame graph, relative to the summary
 * @param samples CPU samples taken
 * @param components the share of samples by component (by the innermost frame that
 * belongs to a known component), largest first
 * @param hottest the methods with the most samples on top of the stack, largest first
 * @param event the sampling event of an async-profiler profile ({@code cpu} for
 * perf_events, {@code ctimer} or {@code itimer}), {@code null} for a Java Flight Recorder
 * one
 * @param nativeShare the share of samples whose top frame is not a Java frame (the JVM's
 * C++, native libraries, the kernel), 0 to 1; {@code NaN} for a Java Flight Recorder
 * profile, whose samples are all in Java code
 * @param warmUpSeconds how long the profiled request ran before the profile began
 * @param compilationMillis how long the profiled JVM's JIT compiler ran during the
 * profile; {@code -1} where not measured
 */
public record Profile(String workload, Layer layer, String process, String flameGraph, long samples,
		List<Share> components, List<Share> hottest, String event, double nativeShare, double warmUpSeconds,
		long compilationMillis) {

	/**
	 * This profile, with the window it was taken in.
	 * @param warmUp how long the request ran before it
	 * @param compiled how long the JIT compiler ran during it, in milliseconds
	 * @return the profile
	 */
	public Profile inWindow(double warmUp, long compiled) {
		return new Profile(this.workload, this.layer, this.process, this.flameGraph, this.samples, this.components,
				this.hottest, this.event, this.nativeShare, warmUp, compiled);
	}

	/**
	 * A share of the samples.
	 *
	 * @param name what took it
	 * @param share its share, 0 to 1
	 */
	public record Share(String name, double share) {

	}

}
