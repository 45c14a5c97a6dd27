package dev.querydriven.iotsensors.rollup;

import java.time.Duration;

import dev.querydriven.iotsensors.reading.ReadingProperties;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Hourly rollups ({@code hourly_rollups_by_sensor}): how long they are kept and how far
 * one query reaches ({@code querydriven.iot-sensors.rollup.*}).
 *
 * @param retention how long a rollup is kept, counted from its hour
 * @param maxRange the longest range one rollups query may ask for
 */
@ConfigurationProperties("querydriven.iot-sensors.rollup")
public record RollupProperties(@DefaultValue("365d") Duration retention, @DefaultValue("31d") Duration maxRange) {

	public RollupProperties {
		requirePositive(retention, "retention");
		requirePositive(maxRange, "max-range");
	}

	/**
	 * Fails unless rollups are kept at least as long as the raw readings they summarise,
	 * so that every hour still held raw still has its rollup. The readings' retention is
	 * the reading feature's setting, which this record cannot see while it is bound: the
	 * rollup service checks both at startup.
	 * @param readings the raw readings' settings
	 */
	void requireOutlives(ReadingProperties readings) {
		if (this.retention.compareTo(readings.retention()) < 0) {
			throw new IllegalArgumentException("querydriven.iot-sensors.rollup.retention (" + this.retention
					+ ") must be at least querydriven.iot-sensors.reading.retention (" + readings.retention() + ")");
		}
	}

	private static void requirePositive(Duration duration, String name) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(
					"querydriven.iot-sensors.rollup." + name + " must be a positive duration");
		}
	}

}
