package dev.querydriven.socialfeed.timeline;

import java.time.Clock;

import dev.querydriven.modeling.time.TimeSource;

/**
 * The time source of the fan-out's own tests, which drive the mechanism on the driver
 * alone, without the application (and its clock bean): the system clock.
 */
final class TestTime {

	/** One source for the test JVM, so that its write timestamps never repeat. */
	static final TimeSource SOURCE = new TimeSource(Clock.systemUTC());

	private TestTime() {
	}

}
