package dev.querydriven.modeling.dualwrite;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Executes {@link DenormalizedWrite}s: every statement gets the same client-side write
 * timestamp and is marked idempotent, so the driver (and this writer) may retry it
 * safely, and a retry or a replay writes exactly the same cells.
 */
public final class DualWriter {

	private final CqlSession session;

	private final Retry retry;

	/**
	 * A writer retrying each failed statement up to three times with backoff.
	 * @param session the session
	 */
	public DualWriter(CqlSession session) {
		this(session, Retry.backoff(3, Duration.ofMillis(50)).maxBackoff(Duration.ofSeconds(1)));
	}

	/**
	 * A writer with its own retry policy (tests inject failures through it).
	 * @param session the session
	 * @param retry applied to each statement of a parallel write, and to a logged batch
	 * as a whole
	 */
	public DualWriter(CqlSession session, Retry retry) {
		this.session = session;
		this.retry = retry;
	}

	/**
	 * The client clock in microseconds, the unit of Cassandra write timestamps.
	 * @return microseconds since the epoch
	 */
	public static long nowMicros() {
		Instant now = Instant.now();
		return ChronoUnit.MICROS.between(Instant.EPOCH, now);
	}

	/**
	 * Executes the write.
	 * @param write the logical write
	 * @return the write timestamp used, in microseconds, once every copy is written
	 */
	public Mono<Long> execute(DenormalizedWrite write) {
		return Mono.defer(() -> {
			long timestamp = write.timestamp().orElseGet(DualWriter::nowMicros);
			List<Statement<?>> statements = write.statements()
				.stream()
				.<Statement<?>>map((statement) -> statement.setQueryTimestamp(timestamp).setIdempotent(true))
				.toList();
			Mono<Void> execution = (write.strategy() == WriteStrategy.LOGGED_BATCH) ? batch(statements)
					: parallel(statements);
			return execution.thenReturn(timestamp);
		});
	}

	private Mono<Void> batch(List<Statement<?>> statements) {
		BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.LOGGED);
		for (Statement<?> statement : statements) {
			if (!(statement instanceof BatchableStatement<?> batchable)) {
				return Mono.error(new IllegalArgumentException("Not batchable: " + statement));
			}
			batch = batch.add(batchable);
		}
		BatchStatement prepared = batch.setQueryTimestamp(statements.get(0).getQueryTimestamp()).setIdempotent(true);
		return Flux.from(this.session.executeReactive(prepared)).then().retryWhen(this.retry);
	}

	private Mono<Void> parallel(List<Statement<?>> statements) {
		return Flux.fromIterable(statements)
			.flatMap((statement) -> Flux.from(this.session.executeReactive(statement)).then().retryWhen(this.retry))
			.then();
	}

}
