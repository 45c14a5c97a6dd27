package dev.querydriven.modeling.dualwrite;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Repairs the rare parallel denormalized write that outlived its retries: some copies
 * hold the new data, others the old. The {@link DualWriter} queues the failed statements
 * here (already carrying the write's timestamp); each {@link #reconcile() pass}
 * re-applies them, with that <b>original timestamp</b>, until they succeed.
 *
 * <h2>Why replaying is safe</h2> Every statement is idempotent and carries the write's
 * timestamp, and Cassandra keeps, per cell, the value with the highest timestamp. A
 * replay therefore restores exactly what the write meant to write, and if a later write
 * changed the same cells in the meantime, the replay loses to it: it can never bring back
 * stale data. Replaying the recorded statements (rather than rebuilding the copies from
 * the source of truth) also covers moves: the old key to delete is known to the failed
 * statement, not to the source of truth, which now holds only the new one.
 *
 * <h2>Why an in-memory queue</h2> A write that outlives its retries usually does so
 * because part of the cluster is unreachable, which is exactly when a repair record
 * written to a {@code dual_write_repairs} table in the same cluster is likely to fail
 * too; a queue in Cassandra also needs tombstone-heavy deletes as repairs complete. The
 * queue lives in the writing process instead: bounded ({@link #DEFAULT_CAPACITY}), always
 * available, and every queued or dropped repair is logged with its statements. What it
 * cannot cover is the process dying before the repair completes (the same window as a
 * crash between two statements): when that matters, use a
 * {@link WriteStrategy#LOGGED_BATCH logged batch}, whose batch log is Cassandra's own
 * durable repair record, or verify the copies against the source of truth offline.
 *
 * <h2>Running it</h2> A pass replays what is queued; something must run passes. In the
 * services, shared auto-configuration runs one every few seconds
 * ({@code querydriven.dual-write.reconcile-interval}) and publishes the backlog
 * ({@link #pending()}, {@link #oldestFailure()}, {@link #dropped()}) as a metric and in
 * the health endpoint; a plain application calls {@link #reconcileEvery(Duration)}.
 */
public final class Reconciler {

	/** The most repairs held at once; beyond it new ones are logged and dropped. */
	public static final int DEFAULT_CAPACITY = 10_000;

	private static final Logger logger = LoggerFactory.getLogger(Reconciler.class);

	private static final int CONCURRENCY = 4;

	private final StatementExecutor executor;

	private final TimeSource time;

	private final int capacity;

	private final Queue<PendingRepair> queue = new ConcurrentLinkedQueue<>();

	/** Repairs in the queue. */
	private final AtomicInteger queued = new AtomicInteger();

	/** Repairs not resolved yet: queued, or being replayed by a pass. */
	private final AtomicInteger unresolved = new AtomicInteger();

	/** Repairs refused because the queue was full. */
	private final AtomicLong dropped = new AtomicLong();

	/** Repairs abandoned after a failure a replay cannot fix. */
	private final AtomicLong abandoned = new AtomicLong();

	/**
	 * A reconciler replaying through an executor.
	 * @param executor runs the replayed statements
	 * @param time when failures happened, for the backlog's age
	 * @param capacity the most repairs held at once
	 */
	public Reconciler(StatementExecutor executor, TimeSource time, int capacity) {
		if (capacity < 1) {
			throw new IllegalArgumentException("capacity must be at least 1");
		}
		this.executor = executor;
		this.time = time;
		this.capacity = capacity;
	}

	/**
	 * Queues statements that failed transiently.
	 * @return whether the repair was queued (the queue may be full)
	 */
	boolean schedule(String description, long timestamp, List<Statement<?>> statements, Throwable cause) {
		if (this.unresolved.incrementAndGet() > this.capacity) {
			this.unresolved.decrementAndGet();
			this.dropped.incrementAndGet();
			logger.error(
					"Repair queue full ({} repairs): dropped the repair of '{}' at timestamp {}; "
							+ "re-apply these statements with that timestamp: {}",
					this.capacity, description, timestamp, statements.stream().map(WriteRules::cql).toList());
			return false;
		}
		this.queue.add(new PendingRepair(description, timestamp, statements, 1, this.time.instant(), cause.toString()));
		this.queued.incrementAndGet();
		logger.warn("Queued the repair of '{}' at timestamp {} ({} statement(s)) after: {}", description, timestamp,
				statements.size(), cause.toString());
		return true;
	}

	/**
	 * The number of repairs not resolved yet (queued, or being replayed).
	 * @return zero once every queued repair is applied or abandoned
	 */
	public int pending() {
		return this.unresolved.get();
	}

	/**
	 * The most repairs this reconciler holds; beyond it new ones are dropped.
	 * @return the capacity
	 */
	public int capacity() {
		return this.capacity;
	}

	/**
	 * When the oldest repair waiting in the queue first failed.
	 * @return the instant, or empty when nothing waits
	 */
	public Optional<Instant> oldestFailure() {
		return this.queue.stream().map(PendingRepair::firstFailure).min(Comparator.naturalOrder());
	}

	/**
	 * Repairs dropped since start because the queue was full: copies left behind that
	 * only a replay of their operation (or an offline verify) restores.
	 * @return the count
	 */
	public long dropped() {
		return this.dropped.get();
	}

	/**
	 * Repairs abandoned since start because they failed for a reason a replay cannot fix
	 * (logged with their statements).
	 * @return the count
	 */
	public long abandoned() {
		return this.abandoned.get();
	}

	/**
	 * The repairs waiting in the queue, oldest first (not those a pass is replaying).
	 * @return a snapshot of the queue
	 */
	public List<PendingRepair> pendingRepairs() {
		return List.copyOf(this.queue);
	}

	/**
	 * One pass: re-applies every repair queued when the pass starts, each statement with
	 * its original timestamp. A repair that fails again transiently stays queued (only
	 * its still-failing statements); one that fails for a reason a replay cannot fix is
	 * dropped and logged.
	 * @return what the pass did
	 */
	public Mono<ReconcileReport> reconcile() {
		return Mono.defer(() -> {
			List<PendingRepair> batch = new ArrayList<>();
			for (int remaining = this.queued.get(); remaining > 0; remaining--) {
				PendingRepair repair = this.queue.poll();
				if (repair == null) {
					break;
				}
				this.queued.decrementAndGet();
				batch.add(repair);
			}
			return Flux.fromIterable(batch).flatMap(this::replay, CONCURRENCY).collectList().map((outcomes) -> {
				int repaired = (int) outcomes.stream().filter((outcome) -> outcome == Outcome.REPAIRED).count();
				int pending = (int) outcomes.stream().filter((outcome) -> outcome == Outcome.PENDING).count();
				return new ReconcileReport(repaired, pending, outcomes.size() - repaired - pending);
			});
		});
	}

	/**
	 * Runs a pass at a fixed interval (a pass still running when the next is due skips
	 * that tick), until the returned handle is disposed.
	 * @param interval the time between passes
	 * @return the handle that stops the passes
	 */
	public Disposable reconcileEvery(Duration interval) {
		return Flux.interval(interval, interval)
			.onBackpressureDrop()
			.concatMap((tick) -> reconcile().onErrorResume((failure) -> {
				logger.error("Reconciliation pass failed", failure);
				return Mono.empty();
			}), 0)
			.filter((report) -> report.repaired() + report.stillPending() + report.abandoned() > 0)
			.subscribe((report) -> logger.info("Reconciliation pass: {}", report));
	}

	private Mono<Outcome> replay(PendingRepair repair) {
		return Flux.fromIterable(repair.statements())
			.flatMap((statement) -> Flux.from(this.executor.execute(statement))
				.then(Mono.<Failure>empty())
				.onErrorResume((failure) -> Mono.just(new Failure(statement, TransientFailures.unwrap(failure)))))
			.collectList()
			.map((failures) -> {
				if (failures.isEmpty()) {
					logger.info("Repaired '{}' at timestamp {} after {} attempt(s)", repair.description(),
							repair.timestamp(), repair.attempts() + 1);
					this.unresolved.decrementAndGet();
					return Outcome.REPAIRED;
				}
				Throwable last = failures.get(failures.size() - 1).cause();
				if (failures.stream().anyMatch((failure) -> !TransientFailures.isTransient(failure.cause()))) {
					logger.error(
							"Abandoned the repair of '{}' at timestamp {}: {}; re-apply these statements "
									+ "with that timestamp once fixed: {}",
							repair.description(), repair.timestamp(), last,
							failures.stream().map((failure) -> WriteRules.cql(failure.statement())).toList());
					this.unresolved.decrementAndGet();
					this.abandoned.incrementAndGet();
					return Outcome.ABANDONED;
				}
				this.queue.add(new PendingRepair(repair.description(), repair.timestamp(),
						failures.stream().<Statement<?>>map(Failure::statement).toList(), repair.attempts() + 1,
						repair.firstFailure(), last.toString()));
				this.queued.incrementAndGet();
				return Outcome.PENDING;
			})
			// A pass stopped half-way keeps the repair: replaying it again is harmless.
			.doOnCancel(() -> {
				this.queue.add(repair);
				this.queued.incrementAndGet();
			});
	}

	private enum Outcome {

		REPAIRED, PENDING, ABANDONED

	}

	private record Failure(Statement<?> statement, Throwable cause) {

	}

}
