package dev.querydriven.modeling.dualwrite;

import java.util.List;

import com.datastax.oss.driver.api.core.cql.Statement;

/**
 * A denormalized write that did not reach every copy, even after its retries. The copies
 * that were written hold the new data, the others the old: the caller learns which, and
 * with which timestamp, so that it can retry the write with that same timestamp
 * ({@link DenormalizedWrite#withTimestamp}) and converge. When a {@link Reconciler} is
 * configured and the failure was transient, the failed statements are also queued for it
 * ({@link #repairScheduled()}).
 */
public final class DualWriteException extends RuntimeException {

	private final String description;

	private final long timestamp;

	private final int statementCount;

	private final transient List<Statement<?>> failedStatements;

	private final boolean repairScheduled;

	DualWriteException(String description, long timestamp, int statementCount, List<Statement<?>> failedStatements,
			boolean repairScheduled, Throwable cause) {
		super(message(description, timestamp, statementCount, failedStatements, repairScheduled, cause), cause);
		this.description = description;
		this.timestamp = timestamp;
		this.statementCount = statementCount;
		this.failedStatements = List.copyOf(failedStatements);
		this.repairScheduled = repairScheduled;
	}

	private static String message(String description, long timestamp, int statementCount, List<Statement<?>> failed,
			boolean repairScheduled, Throwable cause) {
		return "Denormalized write '" + description + "' (timestamp " + timestamp + ") failed for " + failed.size()
				+ " of " + statementCount + " statement(s) " + failed.stream().map(WriteRules::cql).toList() + ": "
				+ cause + ". The other copies hold the new data; "
				+ (repairScheduled ? "the reconciler will re-apply the failed ones with the same timestamp."
						: "retry the write with the same timestamp to converge.");
	}

	public String description() {
		return this.description;
	}

	/**
	 * The timestamp every copy of the write carries (or was meant to carry).
	 * @return microseconds since the epoch
	 */
	public long timestamp() {
		return this.timestamp;
	}

	public int statementCount() {
		return this.statementCount;
	}

	/**
	 * The statements that failed (with their timestamp set), in the write's order.
	 * @return the failed statements
	 */
	public List<Statement<?>> failedStatements() {
		return this.failedStatements;
	}

	/**
	 * Whether the failed statements were queued for the {@link Reconciler}.
	 * @return {@code true} when a reconciler will re-apply them
	 */
	public boolean repairScheduled() {
		return this.repairScheduled;
	}

}
