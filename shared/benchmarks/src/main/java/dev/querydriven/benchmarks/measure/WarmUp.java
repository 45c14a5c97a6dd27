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
	public static final Duration PROBE = Duration.ofSeconds(1);

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
	 * A clock of a JVM's JIT compiler: the CPU time of its compiler threads, from
	 * {@code /proc} ({@link ThreadCpu}), which grows while a method is being compiled.
	 * The JVM's own compilation time counts a compilation only once it ends, and one C2
	 * compilation of a deep reactive chain can take a second or more: a warm-up watching
	 * that counter saw a "quiet" compiler in the middle of a long compilation. Without
	 * {@code /proc}, this JVM's counter; another JVM's compiler is then unknown.
	 * @param pid the JVM's process
	 * @return the clock, started now
	 */
	public static CompilerClock compiler(long pid) {
		return new CompilerClock(pid);
	}

	/**
	 * How long another JVM's JIT compiler threads have run, over the lifetimes of those
	 * alive now.
	 * @param pid the JVM's process
	 * @return milliseconds, or {@code -1} without {@code /proc}
	 */
	public static long compilationMillis(long pid) {
		return ThreadCpu.compilerMillis(pid);
	}

	/**
	 * Whether a warm-up that has run since {@code start} may end: after its minimum, once
	 * the compiler was quiet in the last {@link #QUIET_PROBES} probes, and at its maximum
	 * whatever the compiler does.
	 * @param elapsed how long the load has run
	 * @param quietProbes consecutive probes in which the compiler used at most
	 * {@link #QUIET}
	 * @return true when the measured window may start
	 */
	public boolean done(Duration elapsed, int quietProbes) {
		if (elapsed.compareTo(this.maximum) >= 0) {
			return true;
		}
		return elapsed.compareTo(this.minimum) >= 0 && quietProbes >= QUIET_PROBES;
	}

	/**
	 * The consecutive quiet probes after one more probe.
	 * @param quietProbes the count before it
	 * @param compiledMillis how long the compiler ran since the previous probe
	 * @return the count after it
	 */
	public static int afterProbe(int quietProbes, long compiledMillis) {
		return (compiledMillis <= QUIET.toMillis()) ? quietProbes + 1 : 0;
	}

	/**
	 * Whether the warm-up looks at the compiler at all.
	 * @return false for a fixed warm-up
	 */
	boolean adaptive() {
		return this.maximum.compareTo(this.minimum) > 0 && compiler(ProcessHandle.current().pid()).lap() >= 0;
	}

	/**
	 * How long a JVM's JIT compiler ran between two readings.
	 */
	public static final class CompilerClock {

		private final long pid;

		private final boolean self;

		private ThreadCpu.Snapshot last;

		private long lastCounter;

		private CompilerClock(long pid) {
			this.pid = pid;
			this.self = pid == ProcessHandle.current().pid();
			this.last = ThreadCpu.of(pid);
			this.lastCounter = counter();
		}

		/**
		 * How long the compiler ran since the previous lap (or since the clock started).
		 * @return milliseconds, never negative; {@code -1} where unknown
		 */
		public long lap() {
			ThreadCpu.Snapshot now = ThreadCpu.of(this.pid);
			if (this.last != null && now != null) {
				long compiled = this.last.until(now).compilerMillis();
				this.last = now;
				return compiled;
			}
			long counter = counter();
			long compiled = (counter >= 0 && this.lastCounter >= 0) ? Math.max(0, counter - this.lastCounter) : -1;
			this.lastCounter = counter;
			return compiled;
		}

		private long counter() {
			return (this.self && COMPILER.isCompilationTimeMonitoringSupported()) ? COMPILER.getTotalCompilationTime()
					: -1;
		}

	}

}
