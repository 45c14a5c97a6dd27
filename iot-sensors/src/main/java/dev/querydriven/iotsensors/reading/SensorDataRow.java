package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;

/**
 * A row of {@code sensor_data}: one reading of one sensor.
 *
 * @param sensorId the sensor (partition key)
 * @param date the UTC date of the reading (partition key)
 * @param hour the UTC hour of the reading, 0-23 (partition key)
 * @param readingTime when the values were measured, in milliseconds (clustering key)
 * @param temperature degrees Celsius
 * @param humidity relative humidity, percent
 * @param batteryLevel battery charge, percent
 */
public record SensorDataRow(UUID sensorId, LocalDate date, int hour, Instant readingTime, double temperature,
		double humidity, int batteryLevel) {

	/**
	 * A reading in its hourly partition.
	 * @param sensorId the sensor
	 * @param readingTime when it was measured
	 * @param temperature degrees Celsius
	 * @param humidity percent
	 * @param batteryLevel percent
	 * @return the row
	 */
	public static SensorDataRow of(UUID sensorId, Instant readingTime, double temperature, double humidity,
			int batteryLevel) {
		Bucket hour = Bucket.of(BucketGranularity.HOUR, readingTime);
		return new SensorDataRow(sensorId, hour.date(), hour.hour(), readingTime, temperature, humidity, batteryLevel);
	}

	/**
	 * The partition this row lives in.
	 * @return its hour bucket
	 */
	public Bucket bucket() {
		return Bucket.of(BucketGranularity.HOUR, this.readingTime);
	}

}
