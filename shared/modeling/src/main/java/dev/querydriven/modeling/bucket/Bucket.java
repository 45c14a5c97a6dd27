package dev.querydriven.modeling.bucket;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.util.Objects;

/**
 * One time bucket: the part of a partition key that bounds a time-ordered partition.
 * Holds the instants {@code [start, end)} in UTC.
 *
 * <pre class="code">
 * Bucket hour = Bucket.of(BucketGranularity.HOUR, reading.time());
 * // sensor_data ((sensor_id, date, hour), reading_time DESC)
 * insert.bind(sensorId, hour.date(), hour.hour(), reading.time(), ...);
 *
 * Bucket month = Bucket.of(BucketGranularity.MONTH, event.time());
 * // events ((user_id, year_month), event_time DESC, event_id DESC), year_month = '2024-01'
 * insert.bind(userId, month.key(), event.time(), event.id(), ...);
 * </pre>
 *
 * Buckets cover the years 0001 to 9999, so that every key has a four-digit year and keys
 * of one granularity sort like the buckets they name.
 *
 * @param granularity the bucket size
 * @param start the first instant of the bucket
 */
public record Bucket(BucketGranularity granularity, Instant start) implements Comparable<Bucket> {

	/** The first instant a bucket may start at: 0001-01-01T00:00Z. */
	private static final Instant EARLIEST = LocalDate.of(1, 1, 1).atStartOfDay(ZoneOffset.UTC).toInstant();

	/** The first instant no bucket may start at: 10000-01-01T00:00Z. */
	private static final Instant BEYOND_LATEST = LocalDate.of(10_000, 1, 1).atStartOfDay(ZoneOffset.UTC).toInstant();

	public Bucket {
		Objects.requireNonNull(granularity, "granularity");
		Objects.requireNonNull(start, "start");
		if (start.isBefore(EARLIEST) || !start.isBefore(BEYOND_LATEST)) {
			throw new IllegalArgumentException(start + " is outside the years 0001 to 9999 that buckets cover");
		}
		if (!granularity.floor(start).equals(start)) {
			throw new IllegalArgumentException(start + " does not start a " + granularity + " bucket");
		}
	}

	/**
	 * The bucket holding an instant.
	 * @param granularity the bucket size
	 * @param instant any instant
	 * @return its bucket
	 */
	public static Bucket of(BucketGranularity granularity, Instant instant) {
		Objects.requireNonNull(granularity, "granularity");
		Objects.requireNonNull(instant, "instant");
		return new Bucket(granularity, granularity.floor(instant));
	}

	/**
	 * The hour bucket of a composite {@code (date, hour)} partition key, as in the
	 * guide's {@code sensor_data ((sensor_id, date, hour), ...)}: the inverse of
	 * {@link #date()} and {@link #hour()}.
	 * @param date the UTC date
	 * @param hour the UTC hour, 0 to 23
	 * @return the hour bucket
	 * @throws IllegalArgumentException when the hour is not 0 to 23
	 */
	public static Bucket ofHour(LocalDate date, int hour) {
		Objects.requireNonNull(date, "date");
		if (hour < 0 || hour > 23) {
			throw new IllegalArgumentException("An hour bucket's hour is 0 to 23, not " + hour);
		}
		return new Bucket(BucketGranularity.HOUR, date.atTime(hour, 0).toInstant(ZoneOffset.UTC));
	}

	/**
	 * Reads a bucket back from its {@link #key()}. Only the exact key the bucket writes
	 * is accepted ({@code 2026-05}, not {@code 2026-5}), so a key and its bucket convert
	 * both ways without ambiguity.
	 * @param granularity the bucket size
	 * @param key the key
	 * @return the bucket
	 * @throws IllegalArgumentException when the key is not one of this granularity
	 */
	public static Bucket parse(BucketGranularity granularity, String key) {
		Objects.requireNonNull(granularity, "granularity");
		if (key == null) {
			throw new IllegalArgumentException("Not a " + granularity + " bucket key: null");
		}
		Bucket bucket;
		try {
			Instant start = switch (granularity) {
				case HOUR -> LocalDateTime.parse(key + ":00").toInstant(ZoneOffset.UTC);
				case DAY -> LocalDate.parse(key).atStartOfDay(ZoneOffset.UTC).toInstant();
				case WEEK -> parseWeek(key);
				case MONTH -> LocalDate.parse(key + "-01").atStartOfDay(ZoneOffset.UTC).toInstant();
			};
			bucket = new Bucket(granularity, start);
		}
		catch (DateTimeException | IndexOutOfBoundsException | IllegalArgumentException ex) {
			// DateTimeException covers parse errors and out-of-range fields (week 0);
			// NumberFormatException is an IllegalArgumentException.
			throw new IllegalArgumentException("Not a " + granularity + " bucket key: " + key, ex);
		}
		// The round trip rejects lenient forms: week 53 of a 52-week year (which the
		// week-based calendar rolls into week 1 of the next), a sign, an hour with
		// minutes.
		if (!bucket.key().equals(key)) {
			throw new IllegalArgumentException("Not a " + granularity + " bucket key: " + key);
		}
		return bucket;
	}

	private static Instant parseWeek(String key) {
		if (key.length() != 8 || key.charAt(4) != '-' || key.charAt(5) != 'W') {
			throw new IllegalArgumentException(key);
		}
		int weekBasedYear = Integer.parseInt(key.substring(0, 4));
		int week = Integer.parseInt(key.substring(6));
		// January 4th is always in week 1 of its week-based year (ISO-8601).
		LocalDate monday = LocalDate.of(weekBasedYear, 1, 4)
			.with(IsoFields.WEEK_OF_WEEK_BASED_YEAR, week)
			.with(DayOfWeek.MONDAY);
		return monday.atStartOfDay(ZoneOffset.UTC).toInstant();
	}

	/**
	 * The first instant after the bucket.
	 * @return the exclusive end
	 */
	public Instant end() {
		return this.granularity.next(this.start);
	}

	/**
	 * The following bucket.
	 * @return the next bucket
	 */
	public Bucket next() {
		return new Bucket(this.granularity, this.granularity.next(this.start));
	}

	/**
	 * The preceding bucket.
	 * @return the previous bucket
	 */
	public Bucket previous() {
		return new Bucket(this.granularity, this.granularity.previous(this.start));
	}

	/**
	 * The neighbour in a walk's direction.
	 * @param order the walk's order
	 * @return the next bucket when walking oldest first, the previous one when newest
	 * first
	 */
	public Bucket step(ReadOrder order) {
		return (order == ReadOrder.OLDEST_FIRST) ? next() : previous();
	}

	/**
	 * Whether the instant falls in this bucket.
	 * @param instant any instant
	 * @return {@code true} when {@code start <= instant < end}
	 */
	public boolean contains(Instant instant) {
		return !instant.isBefore(this.start) && instant.isBefore(end());
	}

	/**
	 * The key stored in a {@code text} partition-key column: {@code 2026-05-03T14}
	 * (hour), {@code 2026-05-03} (day), {@code 2026-W18} (ISO week of its week-based
	 * year), {@code 2026-05} (month). Keys of one granularity sort like their buckets,
	 * and {@link #parse(BucketGranularity, String)} reads them back.
	 * @return the key
	 */
	public String key() {
		return this.granularity.key(this.start);
	}

	/**
	 * The UTC date of the bucket's start, for composite keys such as
	 * {@code (sensor_id, date, hour)} or a CQL {@code date} column.
	 * @return the date
	 */
	public LocalDate date() {
		return LocalDate.ofInstant(this.start, ZoneOffset.UTC);
	}

	/**
	 * The UTC hour (0–23) of the bucket's start, for composite keys such as
	 * {@code (sensor_id, date, hour)}.
	 * @return the hour
	 */
	public int hour() {
		return this.start.atZone(ZoneOffset.UTC).getHour();
	}

	/**
	 * Orders buckets of one granularity by time.
	 * @throws IllegalArgumentException when the granularities differ
	 */
	@Override
	public int compareTo(Bucket other) {
		if (this.granularity != other.granularity) {
			throw new IllegalArgumentException("Cannot compare " + this.granularity + " and " + other.granularity);
		}
		return this.start.compareTo(other.start);
	}

	@Override
	public String toString() {
		return this.granularity + "[" + key() + "]";
	}

}
