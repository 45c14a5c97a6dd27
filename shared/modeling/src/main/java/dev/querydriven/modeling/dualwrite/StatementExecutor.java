package dev.querydriven.modeling.dualwrite;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Runs one write. A service runs every statement of its patterns through one executor (in
 * the services, Spring Data's {@code ReactiveCqlTemplate}, so that every failure arrives
 * as one of Spring's {@code DataAccessException}s with the driver's exception as its
 * cause); the plain library uses the session itself ({@link #of(CqlSession)}). The seam
 * also lets tests inject failures (fail the Nth statement, count writes in flight) while
 * every statement that does run still reaches the real Cassandra node.
 */
@FunctionalInterface
public interface StatementExecutor {

	/**
	 * Executes the statement.
	 * @param statement the statement, already carrying its timestamp and idempotence
	 * @return whether it applied: {@code true} for a plain write or a batch, a
	 * lightweight transaction's {@code [applied]}
	 */
	Mono<Boolean> execute(Statement<?> statement);

	/**
	 * The executor of the plain library: the session itself.
	 * @param session the session
	 * @return an executor running statements on the session
	 */
	static StatementExecutor of(CqlSession session) {
		return (statement) -> Flux.from(session.executeReactive(statement))
			.next()
			.map((row) -> row.wasApplied())
			.defaultIfEmpty(true);
	}

}
