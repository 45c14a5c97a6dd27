package dev.querydriven.modeling;

import java.time.Clock;

import dev.querydriven.modeling.time.TimeSource;

/**
 * The time source of the modeling library's tests: the system clock, which a plain
 * library's user would give too.
 */
public final class TestTime {

	/** One source for the test JVM, so that its write timestamps never repeat. */
	public static final TimeSource SOURCE = new TimeSource(Clock.systemUTC());

	private TestTime() {
	}

}
