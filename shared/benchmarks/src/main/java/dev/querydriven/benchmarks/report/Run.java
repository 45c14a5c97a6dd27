package dev.querydriven.benchmarks.report;

import dev.querydriven.benchmarks.measure.CpuShares;
import dev.querydriven.benchmarks.measure.Outcome;
import dev.querydriven.benchmarks.measure.ThreadCpu;

/**
 * One measured window of one workload through one layer.
 *
 * @param workload the workload's id
 * @param layer the layer
 * @param model {@code closed} (fixed concurrency) or {@code open} (fixed arrival rate)
 * @param concurrency requests in flight (closed model)
 * @param offeredRate requests per second offered (open model), 0 otherwise
 * @param outcome what the requests did
 * @param cpu who used the CPU
 * @param warnings warnings Cassandra returned during the window
 * @param warmUpSeconds how long the load ran before the window
 * @param compilationMillis how long the JIT compiler of the JVM running the layer
 * compiled during the window; {@code -1} where not measured
 * @param serviceThreads where the CPU of the JVM serving the layer went, by group of
 * threads (the compiler, the collector, the event loops, the driver's I/O, the rest) and
 * into user and kernel time; {@code null} where not measured (the layer JVM's windows)
 */
public record Run(String workload, Layer layer, String model, int concurrency, double offeredRate, Outcome outcome,
		CpuShares cpu, int warnings, double warmUpSeconds, long compilationMillis, ThreadCpu.Use serviceThreads) {

	/** A closed-model run. */
	public static final String CLOSED = "closed";

	/** An open-model run. */
	public static final String OPEN = "open";

}
