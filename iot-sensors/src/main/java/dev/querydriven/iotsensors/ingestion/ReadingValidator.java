package dev.querydriven.iotsensors.ingestion;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.InvalidRequestException;

import org.springframework.stereotype.Component;

/**
 * Judges a whole batch before anything is written: the values a sensor can produce, and
 * the time window the tables can hold.
 *
 * <ul>
 * <li>Not in the future beyond the clock-skew allowance (2 minutes by default): sensor
 * clocks drift, but the latest-reading row takes the reading's time as its write
 * timestamp, which must stay below the node's 10-minute future-timestamp warning.</li>
 * <li>Not older than the retention: its TTL (retention − age) would be zero or less.</li>
 * <li>Not older than the late allowance (24 hours by default): the hour it lands in is
 * recomputed from its raw partition, which must still be complete, and late data spreads
 * an hour's partition over more compaction windows.</li>
 * </ul>
 */
@Component
public class ReadingValidator {

	static final double MIN_TEMPERATURE = -80;

	static final double MAX_TEMPERATURE = 125;

	private final ReadingProperties policy;

	private final int maxBatchSize;

	private final TimeSource time;

	ReadingValidator(ReadingProperties readings, IngestionProperties ingestion, TimeSource time) {
		this.policy = readings;
		this.maxBatchSize = ingestion.maxBatchSize();
		this.time = time;
	}

	/**
	 * Validates a batch.
	 * @param batch the readings of one request
	 * @return the readings, ready to write
	 * @throws InvalidRequestException naming the first offending field
	 */
	public ValidatedReadings validate(ReadingBatch batch) {
		List<NewReading> readings = batch.readings();
		if (readings.isEmpty() || readings.size() > this.maxBatchSize) {
			throw new InvalidRequestException("readings", "#",
					"must hold between 1 and " + this.maxBatchSize + " readings, not " + readings.size());
		}
		Instant now = this.time.instant();
		Map<Instant, NewReading> byTime = new TreeMap<>();
		for (int i = 0; i < readings.size(); i++) {
			NewReading reading = readings.get(i);
			checkTime(batch, i, reading.time(), now);
			checkRange(batch, i, "temperature", reading.temperature(), MIN_TEMPERATURE, MAX_TEMPERATURE);
			checkRange(batch, i, "humidity", reading.humidity(), 0, 100);
			checkRange(batch, i, "batteryLevel", reading.batteryLevel(), 0, 100);
			Instant time = Instant.ofEpochMilli(reading.time().toEpochMilli());
			byTime.put(time, new NewReading(time, reading.temperature(), reading.humidity(), reading.batteryLevel()));
		}
		return new ValidatedReadings(List.copyOf(byTime.values()), readings.size(), now);
	}

	private void checkTime(ReadingBatch batch, int index, Instant time, Instant now) {
		Duration age = Duration.between(time, now);
		if (age.negated().compareTo(this.policy.clockSkewAllowance()) > 0) {
			throw batch.invalid(index, "time", time + " is in the future, beyond the clock-skew allowance of "
					+ this.policy.clockSkewAllowance().toSeconds() + " s (server time " + now + ")");
		}
		if (age.compareTo(this.policy.retention()) >= 0) {
			throw batch.invalid(index, "time", time + " is older than the retention of "
					+ this.policy.retention().toDays() + " days: it would expire at once");
		}
		if (age.compareTo(this.policy.lateAllowance()) > 0) {
			throw batch.invalid(index, "time", time + " arrives later than the late-reading allowance of "
					+ this.policy.lateAllowance().toHours() + " hours (server time " + now + ")");
		}
	}

	private static void checkRange(ReadingBatch batch, int index, String field, double value, double min, double max) {
		if (!Double.isFinite(value)) {
			throw batch.invalid(index, field, "must be a finite number");
		}
		if (value < min || value > max) {
			throw batch.invalid(index, field,
					"must be between " + format(min) + " and " + format(max) + ", not " + format(value));
		}
	}

	private static String format(double value) {
		return (value == Math.rint(value)) ? Long.toString((long) value) : Double.toString(value);
	}

}
