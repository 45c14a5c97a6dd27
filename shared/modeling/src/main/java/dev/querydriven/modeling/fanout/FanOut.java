package dev.querydriven.modeling.fanout;

import java.util.function.Function;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Writes one item into many partitions (followers' timelines) with bounded concurrency:
 * at most {@code concurrency} writes are in flight, and recipients are pulled from their
 * source only as fast as writes complete (backpressure), so a large follower list never
 * floods the driver.
 */
public final class FanOut {

	private final CqlSession session;

	private final int concurrency;

	private final Counter delivered;

	private final Timer duration;

	/**
	 * @param session the session
	 * @param concurrency the most writes in flight at once
	 * @param registry where the {@code querydriven.fanout.*} metrics go
	 */
	public FanOut(CqlSession session, int concurrency, MeterRegistry registry) {
		if (concurrency < 1) {
			throw new IllegalArgumentException("concurrency must be at least 1");
		}
		this.session = session;
		this.concurrency = concurrency;
		this.delivered = Counter.builder("querydriven.fanout.delivered")
			.description("Partitions written by fan-out on write")
			.register(registry);
		this.duration = Timer.builder("querydriven.fanout.duration")
			.description("Time to fan one item out to all its recipients")
			.register(registry);
	}

	/**
	 * Writes the item for every recipient, with one write timestamp on every copy.
	 * @param recipients the recipients, pulled as writes complete
	 * @param write the statement writing the item into one recipient's partition
	 * @param timestampMicros the write timestamp of every copy
	 * @param <R> the recipient type
	 * @return the number of partitions written, once all are written
	 */
	public <R> Mono<FanOutResult> deliver(Flux<R> recipients, Function<R, Statement<?>> write, long timestampMicros) {
		long started = System.nanoTime();
		return recipients
			.flatMap((recipient) -> Flux
				.from(this.session
					.executeReactive(write.apply(recipient).setQueryTimestamp(timestampMicros).setIdempotent(true)))
				.then(Mono.just(1L)), this.concurrency)
			.doOnNext((one) -> this.delivered.increment())
			.count()
			.map((count) -> new FanOutResult(count, false))
			.doOnTerminate(
					() -> this.duration.record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS));
	}

}
