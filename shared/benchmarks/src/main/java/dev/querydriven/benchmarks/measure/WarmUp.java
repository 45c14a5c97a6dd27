package dev.querydriven.benchmarks.measure;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
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

	private static final Path TASKS = Path.of("/proc/self/task");

	/** Linux's {@code USER_HZ}, the unit of a thread's times in {@code /proc}. */
	private static final long CLOCK_TICKS_PER_SECOND = 100;

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
	 * How long this JVM's JIT compiler threads have run, over their lifetime: their CPU
	 * time from {@code /proc/self/task} (threads named {@code C1 CompilerThre...} and
	 * {@code C2 CompilerThre...}), which grows while a method is being compiled. The
	 * JVM's own compilation time counts a compilation only once it ends, and one C2
	 * compilation of a deep reactive chain can take a second or more: a warm-up watching
	 * that counter saw a "quiet" compiler in the middle of a long compilation. Without
	 * {@code /proc}, the JVM's counter.
	 * @return milliseconds, or {@code -1} where neither is available (a warm-up then ends
	 * at its minimum)
	 */
	public static long compilationMillis() {
		long fromThreads = compilerThreadsCpuMillis();
		if (fromThreads >= 0) {
			return fromThreads;
		}
		return COMPILER.isCompilationTimeMonitoringSupported() ? COMPILER.getTotalCompilationTime() : -1;
	}

	private static long compilerThreadsCpuMillis() {
		if (!Files.isDirectory(TASKS)) {
			return -1;
		}
		long ticks = 0;
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
			for (Path task : tasks) {
				ticks += compilerTicks(task);
			}
		}
		catch (IOException ex) {
			return -1;
		}
		return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
	}

	/** A thread's user and system time in clock ticks, if it is a compiler thread. */
	private static long compilerTicks(Path task) {
		try {
			String name = Files.readString(task.resolve("comm")).trim();
			if (!name.startsWith("C1 CompilerThre") && !name.startsWith("C2 CompilerThre")) {
				return 0;
			}
			String stat = Files.readString(task.resolve("stat"));
			// After "pid (name) ": state, then utime and stime at the 12th and 13th
			// place.
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
		}
		catch (IOException | RuntimeException ex) {
			// The thread ended meanwhile (the JVM retires idle compiler threads).
			return 0;
		}
	}

	/**
	 * Whether the warm-up looks at the compiler at all.
	 * @return false for a fixed warm-up
	 */
	boolean adaptive() {
		return this.maximum.compareTo(this.minimum) > 0 && compilationMillis() >= 0;
	}

}
