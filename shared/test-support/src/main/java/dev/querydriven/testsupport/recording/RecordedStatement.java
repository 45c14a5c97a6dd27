package dev.querydriven.testsupport.recording;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One statement the driver executed, as the {@link StatementRecorder} saw it.
 *
 * @param sequence the order of completion since the recorder started
 * @param requestId the HTTP request that caused it (one id per request), or {@code null}
 * when it ran outside any request (a scheduled job, startup, a test's own query)
 * @param route the route of that request, e.g. {@code GET /users/{userId}/orders}, or
 * {@code null}
 * @param application whether the application ran it through its Spring Data session
 * (templates, repositories, the dual writer), rather than through the raw driver session
 * (schema migrations, a test reading a table directly)
 * @param kind the statement's first keyword: {@code SELECT}, {@code INSERT},
 * {@code UPDATE}, {@code DELETE}, {@code BATCH}, ...
 * @param cql the statement text (for a batch, its statements' texts joined by {@code ; })
 * @param table the table, qualified by its keyspace
 * ({@code ecommerce_orders.orders_by_id}), or {@code null} when unknown
 * @param partitions the partitions it touched, each as its table and partition-key
 * values; empty when unknown (an unprepared statement, an {@code IN} over partition keys)
 * @param consistency the consistency level it ran at: its own, else its execution
 * profile's (a batch's statements run at the batch's)
 * @param serialConsistency the serial consistency level of a lightweight transaction (or
 * {@code null}), found the same way
 * @param lightweightTransaction whether it was conditional ({@code IF ...})
 * @param prepared whether it ran as a prepared (bound) statement, every statement of a
 * batch included
 * @param statements the statements of a batch (each recorded like a statement); empty
 * otherwise
 * @param failure the failure's class and message, or {@code null} when it succeeded
 * @param latencyMicros how long the driver took, from sending to the answer (retries
 * included); 0 for a batch's statements, whose time is the batch's
 * @param coordinator the node that coordinated it ({@code host:port}), or {@code null}
 * @param token the token of its partition key (the ring position that decides its
 * replicas), as the driver's token map formats it, or {@code null} when unknown
 * @param replicas the nodes holding that partition, from the driver's token map
 * ({@code host:port} each); empty when unknown
 * @param execution what its caller saw of the answer: rows read, warnings, the trace id
 * @param batchType a batch's type ({@code LOGGED}, {@code UNLOGGED}, {@code COUNTER}), or
 * {@code null} for a statement that is not a batch
 */
public record RecordedStatement(long sequence, String requestId, String route, boolean application, String kind,
		String cql, String table, List<Partition> partitions, String consistency, String serialConsistency,
		boolean lightweightTransaction, boolean prepared, List<RecordedStatement> statements, String failure,
		long latencyMicros, String coordinator, String token, List<String> replicas, StatementExecution execution,
		String batchType) {

	public RecordedStatement {
		partitions = List.copyOf(partitions);
		statements = List.copyOf(statements);
		replicas = List.copyOf(replicas);
	}

	/**
	 * Whether it was a batch.
	 * @return {@code true} for a batch
	 */
	public boolean batch() {
		return "BATCH".equals(this.kind);
	}

	/**
	 * Whether it read data.
	 * @return {@code true} for a {@code SELECT}
	 */
	public boolean read() {
		return "SELECT".equals(this.kind);
	}

	/**
	 * How many partitions it touched, when knowable.
	 * @return the count, or -1 when unknown
	 */
	public int partitionCount() {
		return this.partitions.isEmpty() ? -1 : this.partitions.size();
	}

	/**
	 * The statement texts it ran: its own, or each of a batch's.
	 * @return the texts
	 */
	public List<String> texts() {
		return this.statements.isEmpty() ? List.of(this.cql)
				: this.statements.stream().map(RecordedStatement::cql).toList();
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "%s%s %s %s%s", (this.route != null) ? "[" + this.route + "] " : "",
				this.consistency, this.cql, this.partitions, (this.failure != null) ? " FAILED " + this.failure : "");
	}

	/**
	 * One partition: a table and the values of its partition key.
	 *
	 * @param table the table, qualified by its keyspace
	 * @param key the partition key's values, in the key's order
	 */
	public record Partition(String table, List<Object> key) {

		public Partition {
			Objects.requireNonNull(table, "table");
			key = List.copyOf(key);
		}

		@Override
		public String toString() {
			return this.table + this.key;
		}

	}

}
