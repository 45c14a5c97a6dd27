package dev.querydriven.benchmarks.measure;

/**
 * The roles of the processes whose CPU a window measures.
 */
public final class Roles {

	/** The process sending the requests: the harness JVM, or Gatling's. */
	public static final String GENERATOR = "load generator";

	/** The service's own JVM (HTTP layer). */
	public static final String SERVICE = "service";

	/**
	 * The harness JVM of the service layer: it sends the requests and runs the service.
	 */
	public static final String GENERATOR_AND_SERVICE = "load generator + service";

	/** The Cassandra node. */
	public static final String NODE = "Cassandra node";

	private Roles() {
	}

}
