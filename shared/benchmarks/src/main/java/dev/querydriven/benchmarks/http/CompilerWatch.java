package dev.querydriven.benchmarks.http;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.querydriven.benchmarks.measure.WarmUp;

/**
 * Ends a warm-up phase once the service JVM's JIT compiler is quiet: runs in Gatling's
 * JVM, beside the load, and reads the service's compiler threads from {@code /proc} once
 * a second ({@link WarmUp}). A service JVM starts cold, and a window measured while its
 * compiler still competes with the load for the two cores measures the compiler.
 */
final class CompilerWatch {

	private static final Map<Integer, AtomicBoolean> done = new ConcurrentHashMap<>();

	private static final ScheduledExecutorService probes = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "compiler-watch");
		thread.setDaemon(true);
		return thread;
	});

	private CompilerWatch() {
	}

	/**
	 * Starts watching for a warm-up phase, the first time one of its requests starts.
	 * @param phase the warm-up phase
	 */
	static void start(HttpPlan.Phase phase) {
		done.computeIfAbsent(phase.index(), (index) -> {
			AtomicBoolean warm = new AtomicBoolean();
			watch(phase, warm);
			return warm;
		});
	}

	/**
	 * Whether the phase's warm-up may end.
	 * @param phase the warm-up phase
	 * @return true once its service's compiler is quiet, or its limit is reached
	 */
	static boolean done(HttpPlan.Phase phase) {
		AtomicBoolean warm = done.get(phase.index());
		return warm != null && warm.get();
	}

	private static void watch(HttpPlan.Phase phase, AtomicBoolean warm) {
		WarmUp warmUp = new WarmUp(Duration.ofMillis(Math.round(phase.minimumSeconds() * 1000)),
				Duration.ofMillis(Math.round(phase.seconds() * 1000)));
		probe(warmUp, WarmUp.compiler(phase.watchedPid()), warm, System.nanoTime(), 0);
	}

	/** Looks at the compiler a probe from now, and again until the warm-up may end. */
	private static void probe(WarmUp warmUp, WarmUp.CompilerClock compiler, AtomicBoolean warm, long start, int quiet) {
		probes.schedule(() -> {
			long compiled = compiler.lap();
			// Without /proc for the service (it is not on this machine), the warm-up
			// lasts its longest.
			int quietNow = (compiled >= 0) ? WarmUp.afterProbe(quiet, compiled) : 0;
			if (warmUp.done(Duration.ofNanos(System.nanoTime() - start), quietNow)) {
				warm.set(true);
			}
			else {
				probe(warmUp, compiler, warm, start, quietNow);
			}
		}, WarmUp.PROBE.toMillis(), TimeUnit.MILLISECONDS);
	}

}
