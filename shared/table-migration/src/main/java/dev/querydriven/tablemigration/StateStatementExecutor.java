package dev.querydriven.tablemigration;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;

/**
 * Sends the engine's statements on its own tables (phase reads, transitions, leases,
 * checkpoints) and returns their rows. The engine prepares them on its session; by
 * default it also executes them there. A service passes an executor that runs them where
 * its request-scoped instrumentation sees them, in the Reactor context of the caller: an
 * admin request's reads of the migration state, or a routing decision that had to read
 * the phase, then count as that request's, like every other read it makes. The
 * token-range scans and copies of a backfill or verify job run on the session regardless:
 * they are a background job, not part of any request.
 */
@FunctionalInterface
public interface StateStatementExecutor {

	/**
	 * Executes a statement.
	 * @param statement the statement, bound from a statement the engine prepared
	 * @return its rows (a lightweight transaction's include {@code [applied]})
	 */
	Flux<Row> execute(Statement<?> statement);

	/**
	 * The default: straight on the driver's session.
	 * @param session the session
	 * @return the executor
	 */
	static StateStatementExecutor of(CqlSession session) {
		return (statement) -> Flux.from(session.executeReactive(statement));
	}

}
