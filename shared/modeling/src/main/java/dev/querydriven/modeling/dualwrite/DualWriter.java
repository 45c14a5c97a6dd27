package dev.querydriven.modeling.dualwrite;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Executes {@link DenormalizedWrite}s: every statement of one logical write gets the
 * <b>same client-side write timestamp</b> and is marked <b>idempotent</b>, so that
 * retries and replays write exactly the same cells, and a later write never loses to an
 * earlier one, in every table (Cassandra keeps the value with the highest timestamp, per
 * cell).
 *
 * <p>
 * Before the first statement runs, every statement is checked against {@link WriteRules}
 * with the session's schema metadata (no lightweight transaction, no counter, no list
 * append, every primary-key value bound): bad input is refused and writes nothing.
 *
 * <h2>Two strategies</h2>
 * <ul>
 * <li>{@link WriteStrategy#LOGGED_BATCH}: one logged batch. Cassandra first writes the
 * batch to its batch log, then applies it: if the coordinator fails half-way, another
 * node replays the batch, so the write is <em>eventually all-or-nothing</em> (not
 * isolated: a reader may see some copies before the others). The batch log costs an extra
 * round of writes and the whole batch sits on one coordinator, so it is only for small
 * payloads: the writer estimates the batch's size and refuses one above
 * {@link #DEFAULT_MAX_BATCH_BYTES} (Cassandra's {@code batch_size_warn_threshold} here;
 * {@link #withMaxBatchBytes}).</li>
 * <li>{@link WriteStrategy#PARALLEL}: the statements run concurrently (at most
 * {@link #withConcurrency concurrency} at once), each retried on its own after a
 * transient failure ({@link TransientFailures}). The rare partial failure that outlives
 * the retries is reported as a {@link DualWriteException} naming the failed statements,
 * and queued for a {@link Reconciler} when one is configured.</li>
 * </ul>
 *
 * <h2>Timestamps</h2> The timestamp is fixed when {@link #execute} is called (the
 * caller's choice, or the {@link TimeSource}'s {@link TimeSource#nowMicros() clock}), not
 * when the returned {@code Mono} is subscribed: re-subscribing replays the same write
 * with the same timestamp. It is set on each statement (or on the logged batch) at the
 * protocol level ({@code Statement.setQueryTimestamp}), never written into the statement
 * text: one prepared statement per table shape serves every timestamp, and a batch's
 * timestamp covers every statement in it. Across instances, client clocks must be
 * synchronised (NTP); where one item changes often and the order of its changes matters
 * (moves), derive the timestamp from the source of truth with
 * {@link TimeSource#nextTimestamp}.
 */
public final class DualWriter {

	/**
	 * Cassandra's {@code batch_size_warn_threshold} on every node of this project (5
	 * KiB): the most a logged batch may weigh, by the writer's estimate.
	 */
	public static final int DEFAULT_MAX_BATCH_BYTES = 5 * 1024;

	/** The most statements of one parallel write in flight at once. */
	public static final int DEFAULT_CONCURRENCY = 8;

	/**
	 * What Cassandra counts per cell beyond what the driver serializes per value (the
	 * cell's timestamp, TTL and deletion time), measured against Cassandra 5.0's batch
	 * size check: the driver's {@code computeSizeInBytes} alone underestimates it, by up
	 * to half for rows of small cells and collections (5,108 estimated against 9,760
	 * counted for 40 rows of eight values and a three-element set).
	 */
	static final int CELL_OVERHEAD_BYTES = 24;

	private static final Logger logger = LoggerFactory.getLogger(DualWriter.class);

	private final CqlSession session;

	private final TimeSource time;

	private final Retry retry;

	private final StatementExecutor executor;

	private final int maxBatchBytes;

	private final int concurrency;

	private final Reconciler reconciler;

	/**
	 * A writer retrying each failed statement up to three times with backoff, after
	 * transient failures only ({@link TransientFailures#defaultRetry()}), running
	 * statements on the session.
	 * @param session the session (its schema metadata checks every statement)
	 * @param time where write timestamps come from when the write chooses none
	 */
	public DualWriter(CqlSession session, TimeSource time) {
		this(session, time, TransientFailures.defaultRetry(), StatementExecutor.of(session), DEFAULT_MAX_BATCH_BYTES,
				DEFAULT_CONCURRENCY, null);
	}

	private DualWriter(CqlSession session, TimeSource time, Retry retry, StatementExecutor executor, int maxBatchBytes,
			int concurrency, Reconciler reconciler) {
		this.session = Objects.requireNonNull(session, "session");
		this.time = Objects.requireNonNull(time, "time");
		this.retry = retry;
		this.executor = executor;
		this.maxBatchBytes = maxBatchBytes;
		this.concurrency = concurrency;
		this.reconciler = reconciler;
	}

	/**
	 * The same writer with another retry policy, applied to each statement of a parallel
	 * write and to a logged batch as a whole.
	 * @param retry the policy (e.g. {@code Retry.backoff(5, Duration.ofMillis(20))}),
	 * always restricted to transient failures ({@link TransientFailures#onlyTransient})
	 * @return a new writer
	 */
	public DualWriter withRetry(Retry retry) {
		return new DualWriter(this.session, this.time, TransientFailures.onlyTransient(retry), this.executor,
				this.maxBatchBytes, this.concurrency, this.reconciler);
	}

	/**
	 * The same writer running statements through another executor: a test seam to inject
	 * failures or observe statements; production uses the session.
	 * @param executor the executor
	 * @return a new writer
	 */
	public DualWriter withExecutor(StatementExecutor executor) {
		return new DualWriter(this.session, this.time, this.retry, Objects.requireNonNull(executor), this.maxBatchBytes,
				this.concurrency, this.reconciler);
	}

	/**
	 * The same writer with another limit for logged batches (keep it at or below the
	 * cluster's {@code batch_size_warn_threshold}).
	 * @param maxBatchBytes the most a logged batch may weigh, estimated
	 * @return a new writer
	 */
	public DualWriter withMaxBatchBytes(int maxBatchBytes) {
		if (maxBatchBytes < 1) {
			throw new IllegalArgumentException("maxBatchBytes must be positive");
		}
		return new DualWriter(this.session, this.time, this.retry, this.executor, maxBatchBytes, this.concurrency,
				this.reconciler);
	}

	/**
	 * The same writer with another bound on the statements of one parallel write in
	 * flight at once.
	 * @param concurrency at least 1
	 * @return a new writer
	 */
	public DualWriter withConcurrency(int concurrency) {
		if (concurrency < 1) {
			throw new IllegalArgumentException("concurrency must be at least 1");
		}
		return new DualWriter(this.session, this.time, this.retry, this.executor, this.maxBatchBytes, concurrency,
				this.reconciler);
	}

	/**
	 * The same writer queuing the statements of a partial failure for a reconciler.
	 * @param reconciler the reconciler
	 * @return a new writer
	 */
	public DualWriter withReconciler(Reconciler reconciler) {
		return new DualWriter(this.session, this.time, this.retry, this.executor, this.maxBatchBytes, this.concurrency,
				Objects.requireNonNull(reconciler));
	}

	/**
	 * Where this writer's timestamps come from.
	 * @return the time source
	 */
	public TimeSource timeSource() {
		return this.time;
	}

	/**
	 * Executes the write: checks every statement, then writes every copy with one
	 * timestamp.
	 * @param write the logical write
	 * @return the write timestamp used, in microseconds, once every copy is written; an
	 * {@link IllegalArgumentException} (nothing written) for a statement breaking
	 * {@link WriteRules} or a logged batch too large; a {@link DualWriteException} when
	 * some copies could not be written
	 */
	public Mono<Long> execute(DenormalizedWrite write) {
		long timestamp = write.timestamp().orElseGet(this.time::nowMicros);
		return Mono.defer(() -> {
			List<Statement<?>> statements = new ArrayList<>(write.statements().size());
			for (Statement<?> statement : write.statements()) {
				WriteRules.check(statement, this.session);
				statements.add(statement.setQueryTimestamp(timestamp).setIdempotent(true));
			}
			Mono<Void> execution = (write.strategy() == WriteStrategy.LOGGED_BATCH)
					? batch(write, statements, timestamp) : parallel(write, statements, timestamp);
			return execution.thenReturn(timestamp);
		});
	}

	/**
	 * Runs a lightweight transaction on the source of truth, then, only if it applied,
	 * writes the copies: the way to serialise concurrent changes of one item (e.g. two
	 * moves of one order to different statuses). The LWT (e.g.
	 * {@code UPDATE orders_by_id SET status = ?, version = ?, write_ts = ? WHERE id = ? IF version = ?})
	 * lets exactly one of two concurrent changes through; the loser writes no copy.
	 *
	 * <p>
	 * The LWT runs as given: Paxos assigns its timestamp, and it is not retried by the
	 * writer (after a timeout its outcome is unknown; re-read the source of truth). The
	 * copies must not write the LWT's table: cells managed by Paxos must only be written
	 * through Paxos. Give the copies a timestamp from the source of truth
	 * ({@link DenormalizedWrite.Builder#timestamp} with {@link TimeSource#nextTimestamp})
	 * so that the order of the copies follows the order of the versions.
	 * @param lightweightTransaction the conditional statement ({@code IF ...})
	 * @param copies the copies to write when it applied
	 * @return the copies' timestamp when the LWT applied and every copy is written; empty
	 * when the condition did not hold (another change won)
	 */
	public Mono<Long> executeIfApplied(Statement<?> lightweightTransaction, DenormalizedWrite copies) {
		return Mono.defer(() -> {
			CqlWriteShape shape = CqlWriteShape.of(WriteRules.cql(lightweightTransaction));
			if (!shape.conditional()) {
				return Mono.error(new IllegalArgumentException("executeIfApplied needs a lightweight transaction (a "
						+ "statement with an IF clause) to serialise changes; use execute(write) for plain writes. ("
						+ shape.cql() + ")"));
			}
			Optional<String> lwtTable = WriteRules.table(lightweightTransaction, shape, this.session)
				.map(DualWriter::qualifiedName);
			for (Statement<?> copy : copies.statements()) {
				Optional<String> copyTable = WriteRules
					.table(copy, CqlWriteShape.of(WriteRules.cql(copy)), this.session)
					.map(DualWriter::qualifiedName);
				if (lwtTable.isPresent() && copyTable.equals(lwtTable)) {
					return Mono.error(new IllegalArgumentException("A copy writes " + lwtTable.get()
							+ ", the table of the lightweight transaction: cells managed by Paxos must only be "
							+ "written through Paxos, or a plain write may be lost or reordered against them. Put "
							+ "that column in the LWT itself."));
				}
			}
			return this.executor.execute(lightweightTransaction)
				.flatMap((applied) -> applied ? execute(copies) : Mono.empty());
		});
	}

	private static String qualifiedName(TableMetadata table) {
		return table.getKeyspace().asCql(true) + "." + table.getName().asCql(true);
	}

	/**
	 * Estimates the size Cassandra will count for a logged batch of these statements (the
	 * sum of its mutations' data sizes, which {@code batch_size_warn_threshold} bounds):
	 * the driver's serialized size of the batch, plus 24 bytes per bound value and per
	 * collection element for what Cassandra stores with every cell. Conservative by
	 * design: in every shape measured on Cassandra 5.0 it stayed above the server's
	 * count, so it may refuse a batch a little under the threshold, never let one above
	 * it through.
	 * @param write the write
	 * @return the estimated size in bytes
	 */
	public int estimateBatchBytes(DenormalizedWrite write) {
		BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.LOGGED);
		long overhead = 0;
		for (Statement<?> statement : write.statements()) {
			if (!(statement instanceof BatchableStatement<?> batchable)) {
				throw new IllegalArgumentException("Not batchable: " + statement);
			}
			batch = batch.add(batchable);
			overhead += (long) CELL_OVERHEAD_BYTES * cells(statement);
		}
		return (int) Math.min(Integer.MAX_VALUE, batch.computeSizeInBytes(this.session.getContext()) + overhead);
	}

	private Mono<Void> batch(DenormalizedWrite write, List<Statement<?>> statements, long timestamp) {
		int estimate = estimateBatchBytes(write);
		if (estimate > this.maxBatchBytes) {
			return Mono.error(new IllegalArgumentException("A logged batch for '" + write.description() + "' would "
					+ "weigh about " + estimate + " bytes, above the " + this.maxBatchBytes + "-byte limit "
					+ "(Cassandra's batch_size_warn_threshold). A logged batch buys 'eventually all-or-nothing' "
					+ "through the batch log, at the price of an extra round of writes on one coordinator: it is "
					+ "for small payloads only. Write large payloads with WriteStrategy.PARALLEL (idempotent "
					+ "retries plus a Reconciler). Nothing was written."));
		}
		BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.LOGGED);
		for (Statement<?> statement : statements) {
			batch = batch.add((BatchableStatement<?>) statement);
		}
		BatchStatement timestamped = batch.setQueryTimestamp(timestamp).setIdempotent(true);
		return Flux.from(this.executor.execute(timestamped))
			.then()
			.retryWhen(this.retry)
			.onErrorMap(
					(failure) -> failed(write, timestamp, statements, statements, TransientFailures.unwrap(failure)));
	}

	private Mono<Void> parallel(DenormalizedWrite write, List<Statement<?>> statements, long timestamp) {
		return Flux.fromIterable(statements)
			.flatMapSequential((statement) -> Flux.from(this.executor.execute(statement))
				.then()
				.retryWhen(this.retry)
				.then(Mono.<Failure>empty())
				.onErrorResume((failure) -> Mono.just(new Failure(statement, TransientFailures.unwrap(failure)))),
					this.concurrency)
			.collectList()
			.flatMap((failures) -> {
				if (failures.isEmpty()) {
					return Mono.empty();
				}
				List<Statement<?>> failed = failures.stream().<Statement<?>>map(Failure::statement).toList();
				return Mono.error(failed(write, timestamp, statements, failed, failures.get(0).cause()));
			});
	}

	private DualWriteException failed(DenormalizedWrite write, long timestamp, List<Statement<?>> statements,
			List<Statement<?>> failed, Throwable cause) {
		boolean scheduled = this.reconciler != null && TransientFailures.isTransient(cause)
				&& this.reconciler.schedule(write.description(), timestamp, failed, cause);
		logger.warn("Denormalized write '{}' at timestamp {}: {} of {} statement(s) failed ({}){}", write.description(),
				timestamp, failed.size(), statements.size(), cause.toString(), scheduled ? ", repair queued" : "");
		return new DualWriteException(write.description(), timestamp, statements.size(), failed, scheduled, cause);
	}

	/**
	 * The cells a statement writes, approximately: its values and collection elements.
	 */
	private static long cells(Statement<?> statement) {
		long cells = 0;
		if (statement instanceof BoundStatement bound) {
			ColumnDefinitions variables = bound.getPreparedStatement().getVariableDefinitions();
			for (int index = 0; index < variables.size(); index++) {
				cells += 1 + elements(variables.get(index).getType(), bound, index);
			}
		}
		else if (statement instanceof SimpleStatement simple) {
			for (Object value : simple.getPositionalValues()) {
				cells += 1 + elements(value);
			}
			for (Object value : simple.getNamedValues().values()) {
				cells += 1 + elements(value);
			}
		}
		return cells;
	}

	private static int elements(DataType type, BoundStatement bound, int index) {
		boolean collection = type instanceof ListType || type instanceof SetType || type instanceof MapType;
		if (!collection || !bound.isSet(index) || bound.isNull(index)) {
			return 0;
		}
		// A serialized collection starts with its element count (protocol v3 and later).
		return Math.max(0, bound.getBytesUnsafe(index).getInt(bound.getBytesUnsafe(index).position()));
	}

	private static int elements(Object value) {
		if (value instanceof Collection<?> collection) {
			return collection.size();
		}
		if (value instanceof Map<?, ?> map) {
			return map.size();
		}
		return 0;
	}

	private record Failure(Statement<?> statement, Throwable cause) {

	}

}
