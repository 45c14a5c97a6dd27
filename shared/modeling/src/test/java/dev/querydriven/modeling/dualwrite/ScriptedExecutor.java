package dev.querydriven.modeling.dualwrite;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Mono;

/**
 * Runs statements on the real node, except the ones it is told to fail: failure injection
 * without a mock of Cassandra. Counts attempts per statement text and the statements in
 * flight.
 */
public final class ScriptedExecutor implements StatementExecutor {

	private final StatementExecutor delegate;

	private final List<Statement<?>> executed = new CopyOnWriteArrayList<>();

	private final List<Rule> rules = new CopyOnWriteArrayList<>();

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger maxInFlight = new AtomicInteger();

	private volatile Duration delay = Duration.ZERO;

	public ScriptedExecutor(CqlSession session) {
		this.delegate = StatementExecutor.of(session);
	}

	/**
	 * Fails the next {@code times} attempts of statements whose CQL contains the text.
	 */
	public ScriptedExecutor fail(String cqlFragment, int times, Supplier<? extends RuntimeException> failure) {
		this.rules.add(new Rule(cqlFragment, new AtomicInteger(times), failure));
		return this;
	}

	/** Holds every real execution for a while, so that concurrent ones overlap. */
	public ScriptedExecutor delayEach(Duration delay) {
		this.delay = delay;
		return this;
	}

	@Override
	public Mono<Boolean> execute(Statement<?> statement) {
		return Mono.defer(() -> {
			this.executed.add(statement);
			String cql = cqlOf(statement);
			for (Rule rule : this.rules) {
				if (cql.contains(rule.fragment) && rule.remaining.getAndDecrement() > 0) {
					return Mono.error(rule.failure.get());
				}
			}
			this.maxInFlight.accumulateAndGet(this.inFlight.incrementAndGet(), Math::max);
			return Mono.delay(this.delay)
				.then(this.delegate.execute(statement))
				// Counted down before the completion reaches the caller, which may start
				// the next statement at once.
				.doOnTerminate(this.inFlight::decrementAndGet)
				.doOnCancel(this.inFlight::decrementAndGet);
		});
	}

	public List<Statement<?>> executed() {
		return this.executed;
	}

	public int attempts(String cqlFragment) {
		return (int) this.executed.stream().filter((statement) -> cqlOf(statement).contains(cqlFragment)).count();
	}

	public int maxInFlight() {
		return this.maxInFlight.get();
	}

	public static String cqlOf(Statement<?> statement) {
		if (statement instanceof BatchStatement batch) {
			return StreamSupport.stream(batch.spliterator(), false)
				.map(ScriptedExecutor::cqlOf)
				.collect(Collectors.joining("; ", "BATCH[", "]"));
		}
		return WriteRules.cql(statement);
	}

	private record Rule(String fragment, AtomicInteger remaining, Supplier<? extends RuntimeException> failure) {

	}

}
