package dev.querydriven.socialfeed.timeline;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.dualwrite.TransientFailures;
import dev.querydriven.modeling.dualwrite.WriteRules;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Fan-out on write (the guide's "Social Media Feed": "when Alice posts, write to ALL
 * followers' timelines"): one item is written into many partitions, one per recipient, so
 * that each reader's timeline is a single-partition read. The write work grows with the
 * follower count, so:
 * <ul>
 * <li><b>bounded concurrency with backpressure</b>: at most {@code concurrency} writes
 * are in flight, and recipients are pulled from their source (typically a paged read of
 * the author's followers partition) only as writes complete, so a large follower list
 * never floods the driver or the heap;</li>
 * <li><b>an upper bound per item</b> ({@link FanOutPolicy}): an author with more
 * followers than the threshold is not fanned out ({@link FanOutResult#skipped()});
 * readers merge that author's recent items at read time ({@link HybridTimeline});</li>
 * <li><b>one timestamp, idempotent writes</b>: every copy carries the caller's timestamp
 * and may be retried (transient failures only) or delivered again without duplicating
 * anything; statements breaking {@link WriteRules} (an LWT, a counter) are refused;</li>
 * <li><b>progress metrics</b> (Micrometer): {@code querydriven.fanout.delivered} and
 * {@code querydriven.fanout.failed} (partitions), {@code querydriven.fanout.skipped}
 * (items), {@code querydriven.fanout.duration} (per item) and
 * {@code querydriven.fanout.in.flight} (a long task timer whose active count is the
 * writes in flight).</li>
 * </ul>
 * A recipient whose write still fails after its retries does not stop the others; the
 * fan-out then ends with a {@link FanOutException}, and delivering again with the same
 * timestamp converges. A non-transient failure (a missing table, a refused statement)
 * stops the fan-out at once: every other recipient would fail the same way.
 */
final class FanOut {

	private static final Logger logger = LoggerFactory.getLogger(FanOut.class);

	private final CqlSession session;

	private final StatementExecutor executor;

	private final int concurrency;

	private final FanOutPolicy policy;

	private final Retry retry;

	private final Meters meters;

	/**
	 * A fan-out with the {@link FanOutPolicy#DEFAULT default policy}.
	 * @param session the session
	 * @param concurrency the most writes in flight at once
	 * @param registry where the {@code querydriven.fanout.*} metrics go
	 */
	FanOut(CqlSession session, int concurrency, MeterRegistry registry) {
		this(session, concurrency, registry, FanOutPolicy.DEFAULT);
	}

	/**
	 * A fan-out with its own policy.
	 * @param session the session
	 * @param concurrency the most writes in flight at once
	 * @param registry where the {@code querydriven.fanout.*} metrics go
	 * @param policy the most recipients per item
	 */
	FanOut(CqlSession session, int concurrency, MeterRegistry registry, FanOutPolicy policy) {
		this(session, StatementExecutor.of(session), concurrency, policy, TransientFailures.defaultRetry(),
				new Meters(registry));
	}

	private FanOut(CqlSession session, StatementExecutor executor, int concurrency, FanOutPolicy policy, Retry retry,
			Meters meters) {
		if (concurrency < 1) {
			throw new IllegalArgumentException("concurrency must be at least 1");
		}
		this.session = Objects.requireNonNull(session, "session");
		this.executor = executor;
		this.concurrency = concurrency;
		this.policy = Objects.requireNonNull(policy, "policy");
		this.retry = retry;
		this.meters = meters;
	}

	/**
	 * The same fan-out running statements through another executor (a test seam).
	 * @param executor the executor
	 * @return a new fan-out sharing the metrics
	 */
	FanOut withExecutor(StatementExecutor executor) {
		return new FanOut(this.session, Objects.requireNonNull(executor), this.concurrency, this.policy, this.retry,
				this.meters);
	}

	/**
	 * The same fan-out with another retry policy for each recipient's write, always
	 * restricted to transient failures.
	 * @param retry the policy
	 * @return a new fan-out sharing the metrics
	 */
	FanOut withRetry(Retry retry) {
		return new FanOut(this.session, this.executor, this.concurrency, this.policy,
				TransientFailures.onlyTransient(retry), this.meters);
	}

	FanOutPolicy policy() {
		return this.policy;
	}

	/**
	 * Writes the item for every recipient when there are no more than the policy's
	 * threshold. Without a known count, the decision needs a look-ahead: up to
	 * {@code threshold + 1} recipients are read (and held) before the first write, so
	 * that an author above the threshold gets no write at all. When the author's follower
	 * count is known, {@link #deliver(long, Flux, Function, long)} decides from it and
	 * streams the recipients instead.
	 * @param recipients the recipients
	 * @param write the statement writing the item into one recipient's partition
	 * @param timestampMicros the write timestamp of every copy
	 * @param <R> the recipient type
	 * @return the number of partitions written, once all are written, or a skipped result
	 */
	<R> Mono<FanOutResult> deliver(Flux<R> recipients, Function<R, Statement<?>> write, long timestampMicros) {
		long threshold = this.policy.followerThreshold();
		return recipients.take(threshold + 1, true)
			.collectList()
			.flatMap((list) -> (list.size() > threshold) ? skip(list.size())
					: writeAll(Flux.fromIterable(list), write, timestampMicros));
	}

	/**
	 * Writes the item for every recipient, streaming them, unless the author's known
	 * recipient count is above the policy's threshold (then nothing is written and the
	 * result is {@link FanOutResult#skipped() skipped}). Recipients are requested only as
	 * writes complete: at most {@code concurrency} are in flight.
	 * @param recipientCount the author's follower count, as the read side sees it
	 * @param recipients the recipients
	 * @param write the statement writing the item into one recipient's partition
	 * @param timestampMicros the write timestamp of every copy
	 * @param <R> the recipient type
	 * @return the number of partitions written, once all are written, or a skipped result
	 */
	<R> Mono<FanOutResult> deliver(long recipientCount, Flux<R> recipients, Function<R, Statement<?>> write,
			long timestampMicros) {
		return Mono.defer(() -> this.policy.fansOut(recipientCount) ? writeAll(recipients, write, timestampMicros)
				: skip(recipientCount));
	}

	private Mono<FanOutResult> skip(long recipients) {
		this.meters.skipped.increment();
		logger.debug("Not fanned out: {}+ recipients, above the threshold of {}", recipients,
				this.policy.followerThreshold());
		return Mono.just(new FanOutResult(0, true));
	}

	private <R> Mono<FanOutResult> writeAll(Flux<R> recipients, Function<R, Statement<?>> write, long timestamp) {
		return Mono.defer(() -> {
			long started = System.nanoTime();
			AtomicLong delivered = new AtomicLong();
			AtomicLong failed = new AtomicLong();
			AtomicReference<Throwable> firstFailure = new AtomicReference<>();
			return recipients.flatMap((recipient) -> writeOne(write.apply(recipient), timestamp), this.concurrency)
				.doOnNext((outcome) -> {
					if (outcome.isEmpty()) {
						delivered.incrementAndGet();
						this.meters.delivered.increment();
					}
					else {
						failed.incrementAndGet();
						this.meters.failed.increment();
						firstFailure.compareAndSet(null, outcome.get());
					}
				})
				.then(Mono.defer(() -> (failed.get() == 0) ? Mono.just(new FanOutResult(delivered.get(), false))
						: Mono
							.error(new FanOutException(delivered.get(), failed.get(), timestamp, firstFailure.get()))))
				.doFinally((signal) -> {
					long nanos = System.nanoTime() - started;
					this.meters.duration.record(nanos, TimeUnit.NANOSECONDS);
					logger.debug("Fanned out to {} partition(s) ({} failed) in {} ms", delivered.get(), failed.get(),
							TimeUnit.NANOSECONDS.toMillis(nanos));
				});
		});
	}

	/**
	 * Writes one copy: empty once written, the failure when a transient failure outlived
	 * the retries; any other failure is an error that ends the fan-out.
	 */
	private Mono<Optional<Throwable>> writeOne(Statement<?> statement, long timestamp) {
		return Mono.defer(() -> {
			WriteRules.check(statement, this.session);
			Statement<?> timestamped = statement.setQueryTimestamp(timestamp).setIdempotent(true);
			LongTaskTimer.Sample inFlight = this.meters.inFlight.start();
			return Flux.from(this.executor.execute(timestamped))
				.then()
				.retryWhen(this.retry)
				.thenReturn(Optional.<Throwable>empty())
				.onErrorResume(TransientFailures::isTransient,
						(failure) -> Mono.just(Optional.of(TransientFailures.unwrap(failure))))
				// Stopped before the completion reaches flatMap (which then starts
				// the next write), so the gauge never shows more than the concurrency.
				.doOnTerminate(inFlight::stop)
				.doOnCancel(inFlight::stop);
		});
	}

	private static final class Meters {

		private final Counter delivered;

		private final Counter failed;

		private final Counter skipped;

		private final Timer duration;

		private final LongTaskTimer inFlight;

		Meters(MeterRegistry registry) {
			this.delivered = Counter.builder("querydriven.fanout.delivered")
				.description("Partitions written by fan-out on write")
				.register(registry);
			this.failed = Counter.builder("querydriven.fanout.failed")
				.description("Partition writes that still failed after their retries")
				.register(registry);
			this.skipped = Counter.builder("querydriven.fanout.skipped")
				.description("Items not fanned out: more recipients than the follower threshold")
				.register(registry);
			this.duration = Timer.builder("querydriven.fanout.duration")
				.description("Time to fan one item out to all its recipients")
				.register(registry);
			this.inFlight = LongTaskTimer.builder("querydriven.fanout.in.flight")
				.description("Fan-out writes in flight")
				.register(registry);
		}

	}

}
