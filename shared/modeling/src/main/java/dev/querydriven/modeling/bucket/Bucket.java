package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
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
 * </pre>
 *
 * @param granularity the bucket size
 * @param start the first instant of the bucket
 */
public record Bucket(BucketGranularity granularity, Instant start) implements Comparable<Bucket> {

	public Bucket {
		Objects.requireNonNull(granularity, "granularity");
		Objects.requireNonNull(start, "start");
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
		return new Bucket(granularity, granularity.floor(instant));
	}

	/**
	 * Reads a bucket back from its {@link #key()}.
	 * @param granularity the bucket size
	 * @param key the key
	 * @return the bucket
	 * @throws IllegalArgumentException when the key is not one of this granularity
	 */
	public static Bucket parse(BucketGranularity granularity, String key) {
		try {
			Instant start = switch (granularity) {
				case HOUR -> LocalDateTime.parse(key + ":00").toInstant(ZoneOffset.UTC);
				case DAY -> LocalDate.parse(key).atStartOfDay(ZoneOffset.UTC).toInstant();
				case WEEK -> parseWeek(key);
				case MONTH -> LocalDate.parse(key + "-01").atStartOfDay(ZoneOffset.UTC).toInstant();
			};
			Bucket bucket = new Bucket(granularity, start);
			if (!bucket.key().equals(key)) {
				throw new IllegalArgumentException("Not a " + granularity + " bucket key: " + key);
			}
			return bucket;
		}
		catch (DateTimeParseException | IndexOutOfBoundsException | NumberFormatException ex) {
			throw new IllegalArgumentException("Not a " + granularity + " bucket key: " + key, ex);
		}
	}

	private static Instant parseWeek(String key) {
		int year = Integer.parseInt(key.substring(0, 4));
		if (key.charAt(4) != '-' || key.charAt(5) != 'W') {
			throw new NumberFormatException(key);
		}
		int week = Integer.parseInt(key.substring(6));
		LocalDate monday = LocalDate.of(year, 1, 4)
			.with(IsoFields.WEEK_OF_WEEK_BASED_YEAR, week)
			.with(java.time.DayOfWeek.MONDAY);
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
	 * The key stored in a {@code text} partition-key column, e.g. {@code 2026-05} for a
	 * month.
	 * @return the key
	 */
	public String key() {
		return this.granularity.key(this.start);
	}

	/**
	 * The UTC date of the bucket's start, for composite keys such as
	 * {@code (sensor_id, date, hour)}.
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
