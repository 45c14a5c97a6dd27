package dev.querydriven.benchmarks.measure;

import java.util.Map;

/**
 * Who used the machine's CPU during a window, as shares of all its cores (1.0 = every
 * core busy for the whole window).
 *
 * @param processes each measured process's share, by role (e.g. "Cassandra node")
 * @param other the share of every other process on the machine
 * @param idle the share nobody used
 */
public record CpuShares(Map<String, Double> processes, double other, double idle) {

	/** Not measured (no {@code /proc} here). */
	public static final CpuShares UNKNOWN = new CpuShares(Map.of(), Double.NaN, Double.NaN);

	public CpuShares {
		processes = Map.copyOf(processes);
	}

	/**
	 * A process's share.
	 * @param role its role
	 * @return the share, or NaN when not measured
	 */
	public double of(String role) {
		return this.processes.getOrDefault(role, Double.NaN);
	}

}
