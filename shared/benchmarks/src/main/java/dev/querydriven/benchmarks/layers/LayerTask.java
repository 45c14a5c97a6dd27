package dev.querydriven.benchmarks.layers;

import java.nio.file.Path;

import dev.querydriven.benchmarks.SuiteSettings;

/**
 * What the suite asks a layer JVM to do. The role's password is handed over in the
 * environment ({@link #PASSWORD_VARIABLE}), never in a file.
 *
 * @param service the service to measure
 * @param settings the run's settings
 * @param host the node's address
 * @param port the node's CQL port
 * @param datacenter the node's datacenter
 * @param username the service's role
 * @param nodePid the node's process, whose CPU is measured
 * @param result where to write the result
 * @param profiles where to write profiles
 * @param httpOnly whether to capture each input only, without measuring the raw driver
 * and the service layer: a run that compares two versions of an HTTP path
 */
public record LayerTask(String service, SuiteSettings settings, String host, int port, String datacenter,
		String username, long nodePid, Path result, Path profiles, boolean httpOnly) {

	/** The environment variable holding the role's password. */
	public static final String PASSWORD_VARIABLE = "QUERYDRIVEN_BENCHMARKS_PASSWORD";

	/** The line a layer JVM prints once the in-process service serves HTTP on a port. */
	public static final String HTTP_READY = "##querydriven-benchmarks http-ready ";

	/** The line a layer JVM prints to report progress. */
	public static final String PROGRESS = "##querydriven-benchmarks progress ";

}
