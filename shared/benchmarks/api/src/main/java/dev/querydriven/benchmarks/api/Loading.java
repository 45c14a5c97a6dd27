package dev.querydriven.benchmarks.api;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Loads a data set through a service's own classes: many requests in flight (the load is
 * not measured), progress reported about every tenth, the first error failing the run.
 */
public final class Loading {

	/** Requests in flight while loading. */
	public static final int CONCURRENCY = 32;

	private Loading() {
	}

	/**
	 * Runs {@code total} loading requests.
	 * @param step what is loaded, e.g. "users"
	 * @param total how many requests
	 * @param request the {@code i}-th request
	 * @param progress where to report progress
	 */
	public static void run(String step, int total, IntFunction<Mono<?>> request, ServiceBenchmark.Progress progress) {
		AtomicLong done = new AtomicLong();
		long every = Math.max(1, total / 10);
		Flux.range(0, total).flatMap((i) -> request.apply(i).then(Mono.fromRunnable(() -> {
			long count = done.incrementAndGet();
			if (count % every == 0 || count == total) {
				progress.report(step, count, total);
			}
		})), CONCURRENCY).then().block(Duration.ofMinutes(10));
	}

}
