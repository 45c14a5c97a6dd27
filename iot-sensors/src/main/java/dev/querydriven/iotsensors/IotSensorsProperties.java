package dev.querydriven.iotsensors;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The service's modeling knobs ({@code querydriven.iot-sensors.*}). Retentions and the
 * late allowance are checked against each other at startup: a setting that would let the
 * service write data it cannot keep consistent fails fast.
 *
 * @param readings retention and acceptance window of raw readings
 * @param ingestion batch cap and write concurrency
 * @param rollups retention and range of hourly rollups
 * @param sizing the sampling rate the tables are sized for (the bucket advisor's input)
 * @param simulator the demo-data simulator of dev runs
 */
@ConfigurationProperties("querydriven.iot-sensors")
public record IotSensorsProperties(@DefaultValue Readings readings, @DefaultValue Ingestion ingestion,
		@DefaultValue Rollups rollups, @DefaultValue Sizing sizing, @DefaultValue Simulator simulator) {

	/**
	 * The node's {@code maximum_timestamp_warn_threshold}: a write timestamp further in
	 * the future draws a warning. The latest-reading row is written with the reading's
	 * own time as its timestamp, so the clock-skew allowance must stay below it.
	 */
	public static final Duration MAXIMUM_FUTURE_TIMESTAMP = Duration.ofMinutes(10);

	public IotSensorsProperties {
		if (readings.lateAllowance().compareTo(readings.retention()) >= 0) {
			throw new IllegalArgumentException("readings.late-allowance (" + readings.lateAllowance()
					+ ") must be shorter than readings.retention (" + readings.retention()
					+ "): a late reading's hour is recomputed from its raw partition, which must still be complete");
		}
		if (rollups.retention().compareTo(readings.retention()) < 0) {
			throw new IllegalArgumentException("rollups.retention (" + rollups.retention()
					+ ") must be at least readings.retention (" + readings.retention() + ")");
		}
	}

	/**
	 * Raw readings ({@code sensor_data}).
	 *
	 * @param retention how long a reading is kept, counted from its own time (the TTL of
	 * each row is the retention minus the reading's age)
	 * @param lateAllowance how late a reading may arrive; older ones are rejected, which
	 * bounds how many compaction windows an hour's partition spans
	 * @param clockSkewAllowance how far in the future a reading's time may be (sensor
	 * clocks drift); below the node's 10-minute future-timestamp warning
	 * @param maxRange the longest range one readings query may ask for (longer ranges are
	 * the hourly rollups' job)
	 */
	public record Readings(@DefaultValue("30d") Duration retention, @DefaultValue("24h") Duration lateAllowance,
			@DefaultValue("2m") Duration clockSkewAllowance, @DefaultValue("24h") Duration maxRange) {

		public Readings {
			requirePositive(retention, "readings.retention");
			requirePositive(lateAllowance, "readings.late-allowance");
			requirePositive(maxRange, "readings.max-range");
			if (clockSkewAllowance.isNegative() || clockSkewAllowance.compareTo(MAXIMUM_FUTURE_TIMESTAMP) >= 0) {
				throw new IllegalArgumentException("readings.clock-skew-allowance (" + clockSkewAllowance
						+ ") must be between 0 and the node's maximum_timestamp_warn_threshold of "
						+ MAXIMUM_FUTURE_TIMESTAMP);
			}
		}

	}

	/**
	 * Ingestion requests.
	 *
	 * @param maxBatchSize the most readings one request may carry
	 * @param writeConcurrency how many partitions (sensor-hours) are written at once
	 */
	public record Ingestion(@DefaultValue("1000") int maxBatchSize, @DefaultValue("8") int writeConcurrency) {

		public Ingestion {
			if (maxBatchSize < 1 || writeConcurrency < 1) {
				throw new IllegalArgumentException(
						"ingestion.max-batch-size and ingestion.write-concurrency must be " + "at least 1");
			}
		}

	}

	/**
	 * Hourly rollups ({@code hourly_rollups_by_sensor}).
	 *
	 * @param retention how long a rollup is kept, counted from its hour
	 * @param maxRange the longest range one rollups query may ask for
	 */
	public record Rollups(@DefaultValue("365d") Duration retention, @DefaultValue("31d") Duration maxRange) {

		public Rollups {
			requirePositive(retention, "rollups.retention");
			requirePositive(maxRange, "rollups.max-range");
		}

	}

	/**
	 * What the tables are sized for: the bucket advisor's input, logged at startup.
	 *
	 * @param samplingRate readings per second of the fastest sensor (registration allows
	 * one per second at most)
	 * @param rowBytes the size of one {@code sensor_data} row on disk, values and per-row
	 * and per-cell overhead included
	 */
	public record Sizing(@DefaultValue("1.0") double samplingRate, @DefaultValue("50") long rowBytes) {

		public Sizing {
			if (!(samplingRate > 0) || Double.isInfinite(samplingRate) || rowBytes < 1) {
				throw new IllegalArgumentException("sizing.sampling-rate and sizing.row-bytes must be positive");
			}
		}

	}

	/**
	 * The simulator that seeds dev runs (and that a benchmark can drive).
	 *
	 * @param sensors how many sensors
	 * @param sites over how many sites
	 * @param samplingInterval the time between two readings of one sensor
	 * @param period how far back the simulated readings start (within the late allowance)
	 * @param concurrency how many ingestion requests run at once
	 */
	public record Simulator(@DefaultValue("20") int sensors, @DefaultValue("4") int sites,
			@DefaultValue("60s") Duration samplingInterval, @DefaultValue("12h") Duration period,
			@DefaultValue("2") int concurrency) {

	}

	private static void requirePositive(Duration duration, String name) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(name + " must be a positive duration");
		}
	}

}
