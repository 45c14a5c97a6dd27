package dev.querydriven.iotsensors.reading;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Raw readings ({@code sensor_data}): how long they are kept, which ones are accepted,
 * how far one query reaches and how they are written
 * ({@code querydriven.iot-sensors.reading.*}). The late allowance is checked against the
 * retention at startup: a setting that would let the service write data it cannot keep
 * consistent fails fast.
 *
 * @param retention how long a reading is kept, counted from its own time (the TTL of each
 * row is the retention minus the reading's age)
 * @param lateAllowance how late a reading may arrive; older ones are rejected, which
 * bounds how many compaction windows an hour's partition spans
 * @param clockSkewAllowance how far in the future a reading's time may be (sensor clocks
 * drift); below the node's 10-minute future-timestamp warning
 * @param maxRange the longest range one readings query may ask for (longer ranges are the
 * hourly rollups' job)
 * @param writeConcurrency how many partitions (sensor-hours) are written at once, by an
 * ingestion and by each table derived from its readings
 */
@ConfigurationProperties("querydriven.iot-sensors.reading")
public record ReadingProperties(@DefaultValue("30d") Duration retention, @DefaultValue("24h") Duration lateAllowance,
		@DefaultValue("2m") Duration clockSkewAllowance, @DefaultValue("24h") Duration maxRange,
		@DefaultValue("8") int writeConcurrency) {

	/**
	 * The node's {@code maximum_timestamp_warn_threshold}: a write timestamp further in
	 * the future draws a warning. The latest-reading row is written with the reading's
	 * own time as its timestamp, so the clock-skew allowance must stay below it.
	 */
	public static final Duration MAXIMUM_FUTURE_TIMESTAMP = Duration.ofMinutes(10);

	public ReadingProperties {
		requirePositive(retention, "retention");
		requirePositive(lateAllowance, "late-allowance");
		requirePositive(maxRange, "max-range");
		if (clockSkewAllowance.isNegative() || clockSkewAllowance.compareTo(MAXIMUM_FUTURE_TIMESTAMP) >= 0) {
			throw new IllegalArgumentException("querydriven.iot-sensors.reading.clock-skew-allowance ("
					+ clockSkewAllowance + ") must be between 0 and the node's maximum_timestamp_warn_threshold of "
					+ MAXIMUM_FUTURE_TIMESTAMP);
		}
		if (writeConcurrency < 1) {
			throw new IllegalArgumentException("querydriven.iot-sensors.reading.write-concurrency must be at least 1");
		}
		if (lateAllowance.compareTo(retention) >= 0) {
			throw new IllegalArgumentException("querydriven.iot-sensors.reading.late-allowance (" + lateAllowance
					+ ") must be shorter than querydriven.iot-sensors.reading.retention (" + retention
					+ "): a late reading's hour is recomputed from its raw partition, which must still be complete");
		}
	}

	private static void requirePositive(Duration duration, String name) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(
					"querydriven.iot-sensors.reading." + name + " must be a positive duration");
		}
	}

}
