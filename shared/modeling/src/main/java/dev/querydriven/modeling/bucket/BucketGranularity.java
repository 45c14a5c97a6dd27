package dev.querydriven.modeling.bucket;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

/**
 * The size of a time bucket. Buckets are computed in UTC and their keys are written with
 * ASCII digits whatever the JVM's default time zone and locale, so every client, server
 * and time zone maps an instant to the same partition. Daylight saving time never
 * matters: a UTC day always has 24 hours.
 */
public enum BucketGranularity {

	/**
	 * One partition per hour, e.g. the guide's
	 * {@code sensor_data ((sensor_id, date, hour), ...)}.
	 */
	HOUR(Duration.ofHours(1)),

	/**
	 * One partition per UTC day, e.g. the guide's
	 * {@code sensor_readings ((sensor_id, date), ...)}.
	 */
	DAY(Duration.ofDays(1)),

	/**
	 * One partition per ISO-8601 week (Monday to Sunday, UTC), keyed by its week-based
	 * year: 2021-01-01 falls in {@code 2020-W53} and 2024-12-30 in {@code 2025-W01}.
	 */
	WEEK(Duration.ofDays(7)),

	/**
	 * One partition per UTC calendar month, e.g. the guide's {@code (user_id, month)}.
	 */
	MONTH(Duration.ofDays(31));

	private final Duration maximumLength;

	BucketGranularity(Duration maximumLength) {
		this.maximumLength = maximumLength;
	}

	/**
	 * The longest a bucket of this granularity lasts (a month: 31 days). Partition sizing
	 * uses it, so that the largest bucket, not the average one, stays under the limits.
	 * @return the maximum length
	 */
	public Duration maximumLength() {
		return this.maximumLength;
	}

	/**
	 * The start of the bucket holding an instant.
	 * @param instant any instant
	 * @return the bucket's first instant (inclusive)
	 */
	Instant floor(Instant instant) {
		ZonedDateTime utc = instant.atZone(ZoneOffset.UTC);
		return switch (this) {
			case HOUR -> utc.truncatedTo(ChronoUnit.HOURS).toInstant();
			case DAY -> utc.truncatedTo(ChronoUnit.DAYS).toInstant();
			case WEEK ->
				utc.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).toInstant();
			case MONTH -> utc.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).toInstant();
		};
	}

	/**
	 * The start of the bucket after the one starting at {@code start}.
	 * @param start a bucket's start
	 * @return the next bucket's start
	 */
	Instant next(Instant start) {
		ZonedDateTime utc = start.atZone(ZoneOffset.UTC);
		return switch (this) {
			case HOUR -> utc.plusHours(1).toInstant();
			case DAY -> utc.plusDays(1).toInstant();
			case WEEK -> utc.plusWeeks(1).toInstant();
			case MONTH -> utc.plusMonths(1).toInstant();
		};
	}

	/**
	 * The start of the bucket before the one starting at {@code start}.
	 * @param start a bucket's start
	 * @return the previous bucket's start
	 */
	Instant previous(Instant start) {
		ZonedDateTime utc = start.atZone(ZoneOffset.UTC);
		return switch (this) {
			case HOUR -> utc.minusHours(1).toInstant();
			case DAY -> utc.minusDays(1).toInstant();
			case WEEK -> utc.minusWeeks(1).toInstant();
			case MONTH -> utc.minusMonths(1).toInstant();
		};
	}

	/**
	 * The bucket's key as stored in a {@code text} partition-key column:
	 * {@code 2026-05-03T14} (hour), {@code 2026-05-03} (day), {@code 2026-W18} (ISO
	 * week), {@code 2026-05} (month).
	 * @param start a bucket's start
	 * @return the key
	 */
	String key(Instant start) {
		LocalDate date = LocalDate.ofInstant(start, ZoneOffset.UTC);
		// Locale.ROOT: a default locale with its own digits (Thai, Arabic) would
		// otherwise write another key, hence another partition, for the same instant.
		return switch (this) {
			case HOUR -> date + String.format(Locale.ROOT, "T%02d", start.atZone(ZoneOffset.UTC).getHour());
			case DAY -> date.toString();
			case WEEK -> String.format(Locale.ROOT, "%04d-W%02d", date.get(IsoFields.WEEK_BASED_YEAR),
					date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
			case MONTH -> String.format(Locale.ROOT, "%04d-%02d", date.getYear(), date.getMonthValue());
		};
	}

}
