package dev.querydriven.modelcheck.cli;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * The Cassandra node the command-line checker applies a schema to.
 */
interface CheckerNode extends AutoCloseable {

	/**
	 * A superuser session (guardrails never bind a superuser, so anti-patterns load).
	 * @return a new session, which the caller closes
	 */
	CqlSession openSession();

	/**
	 * What the node is, for the progress messages.
	 * @return e.g. {@code Cassandra 5.0.6 at 127.0.0.1:41235}
	 */
	String description();

	@Override
	void close();

}
