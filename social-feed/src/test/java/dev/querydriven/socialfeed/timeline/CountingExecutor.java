package dev.querydriven.socialfeed.timeline;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import reactor.core.publisher.Mono;

/**
 * Runs fan-out writes on the real node while counting them (executed, in flight, at most
 * in flight, completed) and failing the writes into chosen recipients' partitions.
 */
final class CountingExecutor implements StatementExecutor {

	private final StatementExecutor delegate;

	private final AtomicInteger executed = new AtomicInteger();

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger maxInFlight = new AtomicInteger();

	private final AtomicInteger completed = new AtomicInteger();

	private final Set<UUID> failing = ConcurrentHashMap.newKeySet();

	private volatile Supplier<? extends RuntimeException> failure;

	private volatile Duration delay = Duration.ZERO;

	CountingExecutor(CqlSession session) {
		this.delegate = StatementExecutor.of(session);
	}

	/** Fails every write into these recipients' partitions ({@code user_id}). */
	CountingExecutor failRecipients(Set<UUID> recipients, Supplier<? extends RuntimeException> failure) {
		this.failing.addAll(recipients);
		this.failure = failure;
		return this;
	}

	CountingExecutor delayEach(Duration delay) {
		this.delay = delay;
		return this;
	}

	@Override
	public Mono<Boolean> execute(Statement<?> statement) {
		return Mono.defer(() -> {
			this.executed.incrementAndGet();
			if (statement instanceof BoundStatement bound && this.failing.contains(bound.getUuid("user_id"))) {
				return Mono.error(this.failure.get());
			}
			this.maxInFlight.accumulateAndGet(this.inFlight.incrementAndGet(), Math::max);
			return Mono.delay(this.delay)
				.then(this.delegate.execute(statement))
				// Counted before the completion reaches the fan-out, which may start the
				// next write at once.
				.doOnTerminate(() -> {
					this.inFlight.decrementAndGet();
					this.completed.incrementAndGet();
				})
				.doOnCancel(this.inFlight::decrementAndGet);
		});
	}

	int executed() {
		return this.executed.get();
	}

	int maxInFlight() {
		return this.maxInFlight.get();
	}

	int completed() {
		return this.completed.get();
	}

	void heal() {
		this.failing.clear();
	}

}
