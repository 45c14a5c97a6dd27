package dev.querydriven.benchmarks.http;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.api.DataSet;

/**
 * What one Gatling run does: phases, run one after the other within a lane, lanes at the
 * same time (the smoke run puts each workload in a lane of its own).
 *
 * @param repository where the services' workloads are built, for Gatling's JVM to find
 * them as the suite did ({@link dev.querydriven.benchmarks.Benchmarks#in(Path)})
 * @param phases the phases
 * @param data each service's data set, by service name
 */
public record HttpPlan(Path repository, List<Phase> phases, Map<String, DataSet> data) {

	/** The system property naming the plan file in Gatling's JVM. */
	public static final String PROPERTY = "querydriven.benchmarks.plan";

	public HttpPlan {
		phases = List.copyOf(phases);
		data = Map.copyOf(data);
	}

	/**
	 * One phase: a workload against one service, closed or open.
	 *
	 * @param index its position in the plan, which names it in Gatling's report
	 * @param lane the lane it runs in
	 * @param workload the workload's id
	 * @param baseUrl the service's address
	 * @param open whether arrivals are at a fixed rate (open model) rather than at a
	 * fixed concurrency (closed model)
	 * @param concurrency requests in flight (closed model)
	 * @param rate requests per second (open model)
	 * @param seconds how long
	 * @param samples the inputs the workload cycles through
	 * @param kind {@code warm-up}, {@code closed}, {@code open}, {@code peer} or
	 * {@code profile}
	 * @param minimumSeconds a warm-up's least length: it then runs until the JIT compiler
	 * of {@code watchedPid} is quiet, {@code seconds} at most; equal to {@code seconds}
	 * for every other phase
	 * @param watchedPid the service JVM whose compiler a warm-up watches, {@code -1} for
	 * none
	 * @param target the process serving the phase, by its name in the run's processes:
	 * the service's name, or its lean peer's ({@link #peerOf(String)})
	 */
	public record Phase(int index, int lane, String workload, String baseUrl, boolean open, int concurrency,
			double rate, double seconds, int samples, String kind, double minimumSeconds, long watchedPid,
			String target) {

		/** A measured closed-model phase served by a lean peer. */
		public static final String PEER = "peer";

		/**
		 * The name of a service's lean peer among a run's processes.
		 * @param service the service
		 * @return e.g. {@code blog-platform lean peer}
		 */
		public static String peerOf(String service) {
			return service + " lean peer";
		}

		/** A phase that only warms up. */
		public static final String WARM_UP = "warm-up";

		/** A measured closed-model phase. */
		public static final String CLOSED = "closed";

		/** A measured open-model phase. */
		public static final String OPEN = "open";

		/** A phase run under the profiler. */
		public static final String PROFILE = "profile";

		/**
		 * Whether this phase only warms up, for as long as the service's compiler needs.
		 * @return true for a warm-up
		 */
		public boolean warmUp() {
			return WARM_UP.equals(this.kind);
		}

		/**
		 * The phase's name in Gatling's report: unique, and readable.
		 * @return e.g. {@code 03 closed social-feed/timeline}
		 */
		public String name() {
			String name = String.format("%03d %s %s", this.index, this.kind, this.workload)
					+ (this.target.endsWith(" lean peer") ? " (lean peer)" : "");
			return this.open ? name + String.format(" @%.0f/s", this.rate) : name;
		}

	}

}
