package dev.querydriven.blogplatform;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import dev.querydriven.tablemigration.PhaseTicker;

/**
 * The migration engine's ticker in the tests: the JVM's monotonic clock, until a test
 * asks for every phase the engine keeps in memory to be too old. While
 * {@link #agingEveryReading(Runnable)} runs, each reading is a day later than the one
 * before, so every routing decision finds its phase older than the refresh interval and
 * reads it within the request, as it does when the background refresh has failed for a
 * whole interval. The readings never go back.
 */
public final class AgingPhaseTicker implements PhaseTicker {

	private static final long DAY = Duration.ofDays(1).toNanos();

	private final AtomicLong offset = new AtomicLong();

	private volatile boolean aging;

	@Override
	public long nanoTime() {
		long ahead = this.aging ? this.offset.addAndGet(DAY) : this.offset.get();
		return System.nanoTime() + ahead;
	}

	/**
	 * Runs an action during which every phase the engine holds is too old to route on.
	 * @param action e.g. one request, measured
	 */
	public void agingEveryReading(Runnable action) {
		this.aging = true;
		try {
			action.run();
		}
		finally {
			this.aging = false;
		}
	}

}
