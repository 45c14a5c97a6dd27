package dev.querydriven.benchmarks.measure;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * How long a closed-model window warms up before it measures: at least {@code minimum},
 * then until the JIT compiler of this JVM is quiet, at most {@code maximum}.
 *
 * <p>
 * Why not a fixed few seconds: on two cores the compiler competes with the load for CPU.
 * Measured here on the latest-readings request, a JVM compiled for three to five seconds
 * of every four during its first minute of load, and throughput doubled to tripled once
 * it stopped. Code with deeper call chains (a template, a converter, reactive operators)
 * takes longer to compile than a few direct driver calls, so a short fixed warm-up
 * measures the compiler as much as the code, and penalises the layer with more code.
 * Waiting for the compiler to go quiet measures the steady state a long-running service
 * reaches.
 *
 * @param minimum the least warm-up
 * @param maximum the most; equal to {@code minimum} for a fixed warm-up
 */
public record WarmUp(Duration minimum, Duration maximum) {

	/** How often the compiler's activity is looked at. */
	static final Duration PROBE = Duration.ofSeconds(1);

	/**
	 * The compiler counts as quiet once it compiled for at most this long in each of the
	 * last {@link #QUIET_PROBES} probes: the odd method still compiled in a steady state
	 * takes a few tens of milliseconds.
	 */
	static final Duration QUIET = Duration.ofMillis(50);

	/** Consecutive quiet probes that end a warm-up. */
	static final int QUIET_PROBES = 2;

	private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();

	public WarmUp {
		if (maximum.compareTo(minimum) < 0) {
			throw new IllegalArgumentException("A warm-up's maximum " + maximum + " is below its minimum " + minimum);
		}
	}

	/**
	 * A fixed warm-up.
	 * @param duration how long
	 * @return the warm-up
	 */
	public static WarmUp fixed(Duration duration) {
		return new WarmUp(duration, duration);
	}

	/**
	 * The time this JVM's JIT compilers have spent compiling, over their lifetime.
	 * @return milliseconds, or {@code -1} where the JVM does not measure it (a warm-up
	 * then ends at its minimum)
	 */
	public static long compilationMillis() {
		return COMPILER.isCompilationTimeMonitoringSupported() ? COMPILER.getTotalCompilationTime() : -1;
	}

	/**
	 * Whether the warm-up looks at the compiler at all.
	 * @return false for a fixed warm-up
	 */
	boolean adaptive() {
		return this.maximum.compareTo(this.minimum) > 0 && compilationMillis() >= 0;
	}

}
