package dev.querydriven.benchmarks.report;

import dev.querydriven.benchmarks.measure.Roles;

/**
 * The CPU one request costs the client side of a layer, in core-milliseconds: the share
 * of all cores its process used over the window, times the cores, divided by the requests
 * per second. On a machine whose cores the node shares, this is what a layer takes from
 * the node, and so the measured cause of a layer's lower throughput.
 */
final class ClientCpu {

	private ClientCpu() {
	}

	/**
	 * The client CPU per request of a run: the load generator's for the raw driver, the
	 * load generator's and the service's (one JVM) for the service layer, the service
	 * JVM's alone for HTTP and the peer's for a lean peer (the load generator is Gatling,
	 * in a JVM of its own).
	 * @param run the run
	 * @param cores the machine's cores
	 * @return core-milliseconds per request, NaN when the CPU was not measured
	 */
	static double perRequest(Run run, int cores) {
		String role = switch (run.layer()) {
			case RAW_ROWS, DRIVER, DRIVER_WITHOUT_INTENTS -> Roles.GENERATOR;
			case SERVICE -> Roles.GENERATOR_AND_SERVICE;
			case HTTP, LEAN_PEER -> Roles.SERVICE;
		};
		return run.cpu().of(role) * cores * 1000 / run.outcome().throughput();
	}

}
