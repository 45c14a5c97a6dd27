package dev.querydriven.tablemigration;

/**
 * Where the engine reads the age of the phases it keeps in memory: a monotonic clock in
 * nanoseconds, like {@link System#nanoTime()}, never the wall clock. The engine promises
 * that no routing decision uses a phase read more than one refresh interval before, and
 * the backfill's safety rests on that promise, so the age must not shrink when the wall
 * clock is set back. Tests substitute a ticker that moves on command, to reach the moment
 * a phase has aged out without waiting for it.
 */
@FunctionalInterface
public interface PhaseTicker {

	/** The JVM's monotonic clock. */
	PhaseTicker SYSTEM = System::nanoTime;

	/**
	 * The current reading.
	 * @return nanoseconds from an arbitrary origin, never decreasing
	 */
	long nanoTime();

}
