package dev.querydriven.benchmarks.measure;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine a run measured: every number of a benchmark belongs to one.
 *
 * @param cpu the processor's model
 * @param cores the cores the JVM sees
 * @param memoryBytes the physical memory
 * @param os the operating system
 * @param jdk the JDK that runs the harness, the services and Gatling
 * @param cassandra the Cassandra version of the node
 * @param cassandraJdk the JDK that runs the node
 * @param loadAverage the load average (1, 5, 15 minutes) when the run started: other work
 * on the machine
 */
public record Machine(String cpu, int cores, long memoryBytes, String os, String jdk, String cassandra,
		String cassandraJdk, String loadAverage) {

	/**
	 * Describes this machine.
	 * @param cassandra the node's Cassandra version
	 * @param cassandraJdk the node's JDK
	 * @return the description
	 */
	public static Machine describe(String cassandra, String cassandraJdk) {
		long memory = (ManagementFactory
			.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
					? os.getTotalMemorySize() : -1;
		return new Machine(cpuModel(), Runtime.getRuntime().availableProcessors(), memory,
				System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
						+ System.getProperty("os.arch") + ")",
				System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"), cassandra,
				cassandraJdk, currentLoadAverage());
	}

	/**
	 * The load average now, or "unknown" without {@code /proc}.
	 * @return the 1, 5 and 15 minute load averages
	 */
	public static String currentLoadAverage() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
			return fields[0] + " " + fields[1] + " " + fields[2];
		}
		catch (IOException | RuntimeException ex) {
			return "unknown";
		}
	}

	private static String cpuModel() {
		try {
			List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
			return lines.stream()
				.filter((line) -> line.startsWith("model name"))
				.map((line) -> line.substring(line.indexOf(':') + 1).trim())
				.findFirst()
				.orElse(System.getProperty("os.arch"));
		}
		catch (IOException | RuntimeException ex) {
			return System.getProperty("os.arch");
		}
	}

}
