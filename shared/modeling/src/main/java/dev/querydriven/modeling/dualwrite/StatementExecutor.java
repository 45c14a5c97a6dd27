package dev.querydriven.modeling.dualwrite;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.cql.Statement;
import org.reactivestreams.Publisher;

/**
 * Runs one statement: {@code session::executeReactive} in production. The seam exists so
 * that tests can inject failures (fail the Nth statement, count writes in flight) while
 * every statement that does run still reaches the real Cassandra node.
 */
@FunctionalInterface
public interface StatementExecutor {

	/**
	 * Executes the statement.
	 * @param statement the statement, already carrying its timestamp and idempotence
	 * @return the rows of the response (none for a plain write; one {@code [applied]} row
	 * for a lightweight transaction)
	 */
	Publisher<? extends ReactiveRow> execute(Statement<?> statement);

	/**
	 * The production executor.
	 * @param session the session
	 * @return an executor running statements on the session
	 */
	static StatementExecutor of(CqlSession session) {
		return session::executeReactive;
	}

}
