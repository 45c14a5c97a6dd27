package dev.querydriven.benchmarks.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads how much CPU each process of a benchmark has used so far (user plus system time,
 * what {@code /proc/<pid>/stat} counts, through {@link ProcessHandle}) and how busy the
 * whole machine has been ({@code /proc/stat}). Two snapshots give a window's shares: the
 * load generator, the service and the Cassandra node share the machine's cores, so a
 * layer's throughput means little without them.
 */
public final class CpuMeter {

	private static final Path MACHINE_STAT = Path.of("/proc/stat");

	private final Map<String, ProcessHandle> processes;

	private final int cores;

	/**
	 * A meter of the given processes.
	 * @param processes the processes by role, e.g. "Cassandra node"
	 */
	public CpuMeter(Map<String, ProcessHandle> processes) {
		this.processes = new LinkedHashMap<>(processes);
		this.cores = Runtime.getRuntime().availableProcessors();
	}

	/**
	 * The CPU used so far.
	 * @return a snapshot
	 */
	public Snapshot snapshot() {
		Map<String, Long> used = new LinkedHashMap<>();
		this.processes.forEach((role, process) -> used.put(role,
				process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L)));
		return new Snapshot(System.nanoTime(), used, machineTicks(), this.cores);
	}

	/**
	 * The machine's busy and total CPU time so far, in clock ticks (the first line of
	 * {@code /proc/stat}: user, nice, system, idle, iowait, irq, softirq, steal), or
	 * {@code null} where there is no {@code /proc}.
	 */
	private static long[] machineTicks() {
		try {
			String[] fields = Files.readAllLines(MACHINE_STAT).get(0).trim().split("\\s+");
			long total = 0;
			long idle = 0;
			for (int i = 1; i <= 8 && i < fields.length; i++) {
				long ticks = Long.parseLong(fields[i]);
				total += ticks;
				if (i == 4 || i == 5) {
					idle += ticks;
				}
			}
			return new long[] { total - idle, total };
		}
		catch (IOException | RuntimeException ex) {
			return null;
		}
	}

	/**
	 * CPU used up to a moment.
	 *
	 * @param nanos when ({@link System#nanoTime()})
	 * @param used CPU nanoseconds by role, -1 where unknown
	 * @param machine busy and total ticks of the machine, or {@code null}
	 * @param cores the machine's cores
	 */
	public record Snapshot(long nanos, Map<String, Long> used, long[] machine, int cores) {

		/**
		 * The shares of the window from this snapshot to a later one.
		 * @param later the later snapshot
		 * @return the shares
		 */
		public CpuShares sharesUntil(Snapshot later) {
			double capacity = (double) (later.nanos - this.nanos) * this.cores;
			if (capacity <= 0) {
				return CpuShares.UNKNOWN;
			}
			Map<String, Double> shares = new LinkedHashMap<>();
			double measured = 0;
			for (Map.Entry<String, Long> entry : this.used.entrySet()) {
				long before = entry.getValue();
				long after = later.used.getOrDefault(entry.getKey(), -1L);
				double share = (before >= 0 && after >= before) ? (after - before) / capacity : Double.NaN;
				shares.put(entry.getKey(), share);
				if (!Double.isNaN(share)) {
					measured += share;
				}
			}
			if (this.machine == null || later.machine == null || later.machine[1] <= this.machine[1]) {
				return new CpuShares(shares, Double.NaN, Double.NaN);
			}
			double busy = (double) (later.machine[0] - this.machine[0]) / (later.machine[1] - this.machine[1]);
			return new CpuShares(shares, Math.max(0, busy - measured), Math.max(0, 1 - busy));
		}

	}

}
