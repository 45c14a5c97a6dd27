package dev.querydriven.benchmarks.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a JVM's CPU goes, thread by thread, from {@code /proc/<pid>/task}: a flight
 * recording sees only Java threads running Java code, and on a request path that was a
 * fifth to a half of the service JVM's CPU. The JIT compiler, the garbage collector and
 * the kernel's work on the JVM's behalf are the rest, and on two cores they compete with
 * the load.
 *
 * <p>
 * Each thread is charged to a group by its name (Linux keeps its first 15 characters),
 * its time split into user and system (kernel) time. Time of threads that ended between
 * two snapshots is in the process's total but in no thread's: it counts as "other".
 */
public final class ThreadCpu {

	/** The JIT compiler's threads. */
	public static final String COMPILER = "JIT compiler";

	/** The garbage collector's threads, and the VM thread that runs its pauses. */
	public static final String GC = "GC";

	/** The HTTP server's event loops (Reactor Netty). */
	public static final String HTTP = "HTTP event loops";

	/** The Cassandra driver's I/O threads. */
	public static final String DRIVER = "driver I/O";

	/** Every other thread, and threads that ended during the window. */
	public static final String OTHER = "other";

	/** The groups, in the order a report lists them. */
	public static final List<String> GROUPS = List.of(COMPILER, GC, HTTP, DRIVER, OTHER);

	/** Linux's {@code USER_HZ}, the unit of a thread's times in {@code /proc}. */
	private static final long CLOCK_TICKS_PER_SECOND = 100;

	private ThreadCpu() {
	}

	/**
	 * The group a thread belongs to, by its name as {@code /proc} shows it.
	 * @param name the thread's name (at most 15 characters)
	 * @return one of {@link #GROUPS}
	 */
	public static String group(String name) {
		if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
			return COMPILER;
		}
		if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
			return GC;
		}
		if (name.startsWith("reactor-http-")) {
			return HTTP;
		}
		// The driver names its event loops after the session: s0-io-0, s0-admin-0.
		if (name.matches("s\\d+-(io|admin)-\\d+")) {
			return DRIVER;
		}
		return OTHER;
	}

	/**
	 * The CPU a process's threads have used so far, by group.
	 * @param pid the process
	 * @return the snapshot, or {@code null} where there is no {@code /proc} for it
	 */
	public static Snapshot of(long pid) {
		Path tasks = Path.of("/proc", Long.toString(pid), "task");
		long[] process = times(Path.of("/proc", Long.toString(pid), "stat"));
		if (process == null || !Files.isDirectory(tasks)) {
			return null;
		}
		Map<Long, Sample> samples = new HashMap<>();
		try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
			for (Path thread : threads) {
				long[] used = times(thread.resolve("stat"));
				String name = name(thread);
				if (used != null && name != null) {
					samples.put(Long.parseLong(thread.getFileName().toString()),
							new Sample(group(name), used[0], used[1]));
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			return null;
		}
		return new Snapshot(samples, process);
	}

	/**
	 * Milliseconds of CPU a process's JIT compiler threads have used so far.
	 * @param pid the process
	 * @return milliseconds, or {@code -1} without {@code /proc}
	 */
	public static long compilerMillis(long pid) {
		Snapshot snapshot = of(pid);
		return (snapshot != null) ? snapshot.millis(COMPILER) : -1;
	}

	private static String name(Path thread) {
		try {
			return Files.readString(thread.resolve("comm")).trim();
		}
		catch (IOException ex) {
			// The thread ended meanwhile (the JVM retires idle compiler threads).
			return null;
		}
	}

	/** User and system time in clock ticks, from a {@code stat} file. */
	private static long[] times(Path stat) {
		try {
			String line = Files.readString(stat);
			// After "pid (name) ": state, then utime and stime at the 12th and 13th
			// place. The name may hold spaces and parentheses: the last ')' ends it.
			String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
			return new long[] { Long.parseLong(fields[11]), Long.parseLong(fields[12]) };
		}
		catch (IOException | RuntimeException ex) {
			return null;
		}
	}

	/**
	 * One thread's CPU so far.
	 *
	 * @param group its group
	 * @param user user time, in clock ticks
	 * @param system system time, in clock ticks
	 */
	record Sample(String group, long user, long system) {

	}

	/**
	 * CPU used up to a moment, thread by thread.
	 *
	 * @param threads each live thread's CPU, by thread id
	 * @param process the whole process's user and system ticks (threads that ended
	 * included)
	 */
	public record Snapshot(Map<Long, Sample> threads, long[] process) {

		/**
		 * A group's CPU so far, over its live threads' lifetimes.
		 * @param group the group
		 * @return milliseconds, user and system together
		 */
		public long millis(String group) {
			long ticks = 0;
			for (Sample sample : this.threads.values()) {
				if (sample.group().equals(group)) {
					ticks += sample.user() + sample.system();
				}
			}
			return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
		}

		/**
		 * The CPU used from this snapshot to a later one: each thread alive at the later
		 * one counts for what it used since this one (all of it, if it started since). A
		 * thread that ended in between (the JVM retires idle compiler threads) took its
		 * last ticks with it: they are in the process's total, and count as "other".
		 * @param later the later snapshot
		 * @return the window's use
		 */
		public Use until(Snapshot later) {
			Map<String, Double> seconds = new LinkedHashMap<>();
			GROUPS.forEach((group) -> seconds.put(group, 0.0));
			double charged = 0;
			for (Map.Entry<Long, Sample> thread : later.threads.entrySet()) {
				Sample after = thread.getValue();
				Sample before = this.threads.get(thread.getKey());
				long ticks = after.user() + after.system();
				if (before != null && before.group().equals(after.group())) {
					ticks -= before.user() + before.system();
				}
				double used = Math.max(0, ticks) / (double) CLOCK_TICKS_PER_SECOND;
				seconds.merge(after.group(), used, Double::sum);
				charged += used;
			}
			double user = (later.process[0] - this.process[0]) / (double) CLOCK_TICKS_PER_SECOND;
			double system = (later.process[1] - this.process[1]) / (double) CLOCK_TICKS_PER_SECOND;
			seconds.merge(OTHER, Math.max(0, user + system - charged), Double::sum);
			return new Use(seconds, user, system);
		}

	}

	/**
	 * A process's CPU over a window.
	 *
	 * @param groups CPU seconds by group ({@link #GROUPS})
	 * @param userSeconds the process's user time
	 * @param systemSeconds the process's system (kernel) time
	 */
	public record Use(Map<String, Double> groups, double userSeconds, double systemSeconds) {

		public Use {
			groups = Map.copyOf(groups);
		}

		/**
		 * The JIT compiler's CPU in the window.
		 * @return milliseconds
		 */
		public long compilerMillis() {
			return Math.round(this.groups.getOrDefault(COMPILER, 0.0) * 1000);
		}

	}

}
