package dev.querydriven.iotsensors;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock a test sets: ingestion judges a reading's age against it, so a test can ingest
 * readings around a chosen instant (a month end, a leap day) as if it were now. Only ever
 * set to past instants: the latest-reading row takes a reading's time as its write
 * timestamp, and the node warns about timestamps in the future.
 */
public final class TestClock extends Clock {

	private volatile Instant now;

	TestClock() {
		reset();
	}

	/**
	 * Makes the clock read {@code instant} from now on.
	 * @param instant the instant
	 */
	public void set(Instant instant) {
		if (instant.isAfter(Instant.now())) {
			throw new IllegalArgumentException("A test clock must not run ahead of the real one: " + instant);
		}
		this.now = instant;
	}

	/**
	 * Makes the clock read the real time again, frozen at this moment.
	 */
	public void reset() {
		this.now = Instant.now();
	}

	@Override
	public Instant instant() {
		return this.now;
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("The test clock is UTC only");
	}

}
