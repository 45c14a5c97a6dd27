package dev.querydriven.modeling.dualwrite;

import java.time.Instant;
import java.util.List;

import com.datastax.oss.driver.api.core.cql.Statement;

/**
 * Statements of a denormalized write that outlived their retries, waiting for the
 * {@link Reconciler}.
 *
 * @param description the write's description
 * @param timestamp the write's timestamp, already set on every statement
 * @param statements the statements still to apply
 * @param attempts the attempts so far (the write's own counts as one)
 * @param firstFailure when the write first failed
 * @param lastError the last failure, for logs
 */
public record PendingRepair(String description, long timestamp, List<Statement<?>> statements, int attempts,
		Instant firstFailure, String lastError) {

	public PendingRepair {
		statements = List.copyOf(statements);
	}

}
