package dev.querydriven.benchmarks.http;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

import dev.querydriven.benchmarks.Json;
import dev.querydriven.benchmarks.measure.Latency;
import org.HdrHistogram.Recorder;

/**
 * The HTTP layer's own measurements, taken in Gatling's JVM around each request (in
 * microseconds, where Gatling's report rounds to milliseconds), written when the run ends
 * for the suite to read.
 */
final class PhaseStats {

	/** The system property naming the file the results are written to. */
	static final String PROPERTY = "querydriven.benchmarks.http-results";

	private static final Map<Integer, PhaseStats> phases = new ConcurrentHashMap<>();

	private final Recorder latencies = new Recorder(3);

	private final LongAdder ok = new LongAdder();

	private final LongAdder failed = new LongAdder();

	private final LongAdder unanswered = new LongAdder();

	private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

	private final LongAccumulator firstStart = new LongAccumulator(Math::min, Long.MAX_VALUE);

	private final LongAccumulator lastEnd = new LongAccumulator(Math::max, Long.MIN_VALUE);

	/**
	 * Records the start of a closed phase's user, before its first request: its loop runs
	 * for the phase's length from there, so that is where the window begins, and the time
	 * its first request's inputs take to prepare (slow in a cold JVM on a busy machine)
	 * stays inside the window instead of shortening it.
	 * @param phase the phase's index
	 */
	static void userStarted(int phase) {
		phases.computeIfAbsent(phase, (index) -> new PhaseStats()).firstStart.accumulate(System.nanoTime());
	}

	/**
	 * Records one request.
	 * @param phase the phase's index
	 * @param started when it started ({@link System#nanoTime()})
	 * @param ended when its response arrived, or it failed
	 * @param failure whether it failed
	 * @param status its HTTP status, if it got one
	 */
	static void record(int phase, long started, long ended, boolean failure, Integer status) {
		PhaseStats stats = phases.computeIfAbsent(phase, (index) -> new PhaseStats());
		stats.firstStart.accumulate(started);
		stats.lastEnd.accumulate(ended);
		long micros = (ended - started) / 1000;
		if (!failure) {
			stats.ok.increment();
			stats.latencies.recordValue(Math.max(1, micros));
			return;
		}
		stats.failed.increment();
		if (status == null) {
			stats.unanswered.increment();
		}
		String error = (status != null) ? "HTTP " + status : "no response (timeout or connection error)";
		stats.errors.computeIfAbsent(error, (key) -> new LongAdder()).increment();
	}

	static void write() {
		Map<Integer, Result> results = new TreeMap<>();
		phases.forEach((index, stats) -> {
			Map<String, Long> errors = new TreeMap<>();
			stats.errors.forEach((error, count) -> errors.put(error, count.sum()));
			results.put(index,
					new Result(stats.ok.sum(), stats.failed.sum(), stats.unanswered.sum(),
							Latency.of(stats.latencies.getIntervalHistogram()), errors,
							(stats.lastEnd.get() - stats.firstStart.get()) / 1e9));
		});
		Json.write(Path.of(System.getProperty(PROPERTY)), new Results(results));
	}

	/**
	 * The results of every phase, by index.
	 *
	 * @param phases the results
	 */
	record Results(Map<Integer, Result> phases) {

	}

	/**
	 * One phase's results.
	 *
	 * @param ok successful requests
	 * @param failed failed requests (a status other than 2xx, or no response)
	 * @param unanswered failed requests without a response (timeouts, connection errors)
	 * @param latency the latency of successful requests, in milliseconds
	 * @param errors the failures by kind
	 * @param seconds from the phase's start (its first user's, closed; its first
	 * request's, open) to its last response
	 */
	record Result(long ok, long failed, long unanswered, Latency latency, Map<String, Long> errors, double seconds) {

	}

}
