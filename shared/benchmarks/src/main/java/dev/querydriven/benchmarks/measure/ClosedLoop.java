package dev.querydriven.benchmarks.measure;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import org.HdrHistogram.Recorder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A closed-model load: a fixed number of requests in flight, each worker sending its next
 * request as soon as the previous one ends, for a warm-up and then a measured window.
 * Latencies go into an HdrHistogram (microseconds, 3 significant digits); a request
 * counts in the window it started in. The calling thread waits for the window's ends to
 * read the CPU meter at the window's exact bounds, and, during the warm-up, looks at the
 * JIT compiler's activity ({@link WarmUp}). A window in which no request started (every
 * worker still busy with a request longer than the window, as a 1,000-row batch can be on
 * a slow machine in a one-second smoke window) stays open until one starts: it would
 * otherwise measure nothing. Its outcome is then over the time it was really open. A
 * window may also end early, once a given number of requests started in it: a run that
 * checks only that requests succeed (the smoke run) needs a few of them, not every
 * request the cores allow for the window's whole length.
 */
public final class ClosedLoop {

	/**
	 * A request that takes longer than this counts as a timeout, and the loop moves on.
	 */
	private static final Duration REQUEST_LIMIT = Duration.ofSeconds(30);

	private static final int ERROR_SAMPLES = 5;

	/** How often an empty window looks whether a request has started in it. */
	private static final Duration STARTED_PROBE = Duration.ofMillis(10);

	private ClosedLoop() {
	}

	/**
	 * Runs a window.
	 * @param request the {@code sequence}-th request; emits the rows it read or wrote
	 * @param concurrency requests in flight
	 * @param warmUp how long to run before measuring
	 * @param window how long to measure
	 * @param cpu read at the window's start and end
	 * @return the outcome and the CPU shares of the window, how long the warm-up took and
	 * how long the JIT compiled during the window
	 */
	public static Measured run(LongFunction<Mono<Integer>> request, int concurrency, WarmUp warmUp, Duration window,
			CpuMeter cpu) {
		return run(request, concurrency, warmUp, window, 0, cpu);
	}

	/**
	 * Runs a window that ends at its end or once {@code requestLimit} requests started in
	 * it, whichever comes first.
	 * @param request the {@code sequence}-th request; emits the rows it read or wrote
	 * @param concurrency requests in flight
	 * @param warmUp how long to run before measuring
	 * @param window how long to measure at most
	 * @param requestLimit after how many started requests the window ends ({@code 0}: no
	 * limit)
	 * @param cpu read at the window's start and end
	 * @return the outcome and the CPU shares of the window, how long the warm-up took and
	 * how long the JIT compiled during the window
	 */
	public static Measured run(LongFunction<Mono<Integer>> request, int concurrency, WarmUp warmUp, Duration window,
			long requestLimit, CpuMeter cpu) {
		long start = System.nanoTime();
		Counters counters = new Counters(requestLimit);
		AtomicLong sequence = new AtomicLong();
		CompletableFuture<Void> done = Flux.range(0, concurrency)
			.flatMap((worker) -> Mono.defer(() -> counters.time(request.apply(sequence.getAndIncrement())))
				.repeat(() -> System.nanoTime() < counters.until), concurrency)
			.then()
			.toFuture();
		waitUntil(start + warmUp.minimum().toNanos());
		if (warmUp.adaptive()) {
			awaitQuietCompiler(start + warmUp.maximum().toNanos());
		}
		long from = System.nanoTime();
		counters.measure(from, from + window.toNanos());
		WarmUp.CompilerClock compiler = WarmUp.compiler(ProcessHandle.current().pid());
		CpuMeter.Snapshot first = cpu.snapshot();
		// The window's end moves earlier once its request limit is reached.
		while (System.nanoTime() < counters.until) {
			waitUntil(Math.min(counters.until, System.nanoTime() + STARTED_PROBE.toNanos()));
		}
		if (counters.started.get() == 0) {
			counters.reopen();
			long limit = System.nanoTime() + REQUEST_LIMIT.toNanos();
			while (counters.started.get() == 0 && System.nanoTime() < limit) {
				waitUntil(Math.min(limit, System.nanoTime() + STARTED_PROBE.toNanos()));
			}
			counters.close(System.nanoTime());
		}
		CpuMeter.Snapshot last = cpu.snapshot();
		long compiled = compiler.lap();
		try {
			done.get(REQUEST_LIMIT.toSeconds() + 30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while the last requests ended", ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("The load did not end", ex);
		}
		return new Measured(counters.outcome(), first.sharesUntil(last), (from - start) / 1e9, compiled);
	}

	/**
	 * Keeps the load running until the compiler was quiet for {@link WarmUp#QUIET_PROBES}
	 * probes in a row, or the deadline.
	 */
	private static void awaitQuietCompiler(long deadline) {
		int quiet = 0;
		WarmUp.CompilerClock compiler = WarmUp.compiler(ProcessHandle.current().pid());
		while (quiet < WarmUp.QUIET_PROBES && System.nanoTime() < deadline) {
			waitUntil(Math.min(deadline, System.nanoTime() + WarmUp.PROBE.toNanos()));
			long compiled = compiler.lap();
			quiet = (compiled >= 0) ? WarmUp.afterProbe(quiet, compiled) : 0;
		}
	}

	private static void waitUntil(long nanos) {
		for (long left = nanos - System.nanoTime(); left > 0; left = nanos - System.nanoTime()) {
			LockSupport.parkNanos(left);
		}
	}

	/**
	 * Whether an error is a timeout: the driver's own (no answer in time), Cassandra's
	 * (replicas too slow), or the loop's limit.
	 * @param error the error
	 * @return true for a timeout anywhere in its causes
	 */
	static boolean isTimeout(Throwable error) {
		for (Throwable cause = error; cause != null; cause = cause.getCause()) {
			if (cause instanceof DriverTimeoutException || cause instanceof ReadTimeoutException
					|| cause instanceof WriteTimeoutException || cause instanceof TimeoutException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A window's outcome and CPU shares.
	 *
	 * @param outcome what the requests did
	 * @param cpu who used the CPU meanwhile
	 * @param warmUpSeconds how long the load ran before the window
	 * @param compilationMillis how long the JIT compiled during the window ({@code -1}:
	 * not measured)
	 */
	public record Measured(Outcome outcome, CpuShares cpu, double warmUpSeconds, long compilationMillis) {

	}

	private static final class Counters {

		// Nothing is measured until the warm-up ends; the load runs until the window
		// ends.
		private volatile long from = Long.MAX_VALUE;

		private volatile long until = Long.MAX_VALUE;

		private final Recorder latencies = new Recorder(3);

		private final LongAdder requests = new LongAdder();

		/** Requests started in the window (measured when they end). */
		private final AtomicLong started = new AtomicLong();

		/** After how many started requests the window ends; {@code 0}: no limit. */
		private final long limit;

		private final LongAdder rows = new LongAdder();

		private final LongAdder errors = new LongAdder();

		private final LongAdder timeouts = new LongAdder();

		private final LongAdder warmUpErrors = new LongAdder();

		private final Map<String, Long> errorSamples = new ConcurrentHashMap<>();

		Counters(long limit) {
			this.limit = limit;
		}

		void measure(long from, long until) {
			this.until = until;
			this.from = from;
		}

		/** Keeps the window open until {@link #close(long)}. */
		void reopen() {
			this.until = Long.MAX_VALUE;
		}

		void close(long until) {
			this.until = until;
		}

		Mono<Void> time(Mono<Integer> request) {
			long started = System.nanoTime();
			boolean measured = started >= this.from && started < this.until;
			if (measured && this.started.incrementAndGet() == this.limit) {
				// The window ends with the start of its last request; requests that
				// other workers started at the same moment still count in it.
				this.until = Math.min(this.until, started + 1);
			}
			return request.timeout(REQUEST_LIMIT).doOnSuccess((count) -> {
				if (measured) {
					this.latencies.recordValue(Math.max(1, (System.nanoTime() - started) / 1000));
					this.requests.increment();
					this.rows.add((count != null) ? count : 0);
				}
			}).doOnError((error) -> {
				if (!measured) {
					this.warmUpErrors.increment();
					return;
				}
				this.errors.increment();
				if (isTimeout(error)) {
					this.timeouts.increment();
				}
				String sample = error.getClass().getSimpleName() + ": " + error.getMessage();
				String key = sample.substring(0, Math.min(sample.length(), 200));
				if (this.errorSamples.containsKey(key) || this.errorSamples.size() < ERROR_SAMPLES) {
					this.errorSamples.merge(key, 1L, Long::sum);
				}
			}).onErrorResume((error) -> Mono.empty()).then();
		}

		Outcome outcome() {
			double seconds = (this.until - this.from) / 1e9;
			long completed = this.requests.sum();
			return new Outcome(seconds, completed, this.errors.sum(), this.timeouts.sum(), this.warmUpErrors.sum(),
					completed / seconds, Latency.of(this.latencies.getIntervalHistogram()),
					(completed > 0) ? (double) this.rows.sum() / completed : 0, this.errorSamples);
		}

	}

}
