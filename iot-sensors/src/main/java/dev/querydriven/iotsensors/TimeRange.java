package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;

import dev.querydriven.servicesupport.web.InvalidRequestException;

/**
 * A requested time range {@code [from, to)}, checked before any read: {@code from} before
 * {@code to}, and no longer than the endpoint allows, so that one request reads a bounded
 * number of bucket partitions. Both ends are rounded up to the millisecond, the
 * resolution of a CQL {@code timestamp}, so that a sub-millisecond bound excludes and
 * includes exactly what it says.
 *
 * @param from the first instant (inclusive)
 * @param to the end (exclusive)
 */
public record TimeRange(Instant from, Instant to) {

	/** The earliest instant a range may name. */
	public static final Instant EARLIEST = Instant.EPOCH;

	/** The latest instant a range may name (the end of year 9999). */
	public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

	/**
	 * Checks a requested range.
	 * @param from the requested start
	 * @param to the requested end
	 * @param maxLength the longest range the endpoint serves
	 * @return the range
	 * @throws InvalidRequestException naming {@code from} or {@code to}
	 */
	public static TimeRange of(Instant from, Instant to, Duration maxLength) {
		requirePlausible(from, "from");
		requirePlausible(to, "to");
		Instant start = ceilToMillis(from);
		Instant end = ceilToMillis(to);
		if (!start.isBefore(end)) {
			throw new InvalidRequestException("from", "must be before to (" + to + ")");
		}
		if (Duration.between(start, end).compareTo(maxLength) > 0) {
			throw new InvalidRequestException("to", "the range from " + from + " to " + to + " is longer than the "
					+ describe(maxLength) + " one request may read");
		}
		return new TimeRange(start, end);
	}

	private static String describe(Duration length) {
		if (length.toDays() > 1 && length.equals(Duration.ofDays(length.toDays()))) {
			return length.toDays() + " days";
		}
		return (length.equals(Duration.ofHours(length.toHours()))) ? length.toHours() + " hours"
				: length.toMinutes() + " minutes";
	}

	private static void requirePlausible(Instant instant, String field) {
		if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
			throw new InvalidRequestException(field, "must be between " + EARLIEST + " and " + LATEST);
		}
	}

	/**
	 * Rounds up to the millisecond.
	 * @param instant any instant
	 * @return the first whole millisecond at or after it
	 */
	public static Instant ceilToMillis(Instant instant) {
		Instant millis = Instant.ofEpochMilli(instant.toEpochMilli());
		return millis.isBefore(instant) ? millis.plusMillis(1) : millis;
	}

}
