package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * Q3, Q4, Q5: a row of {@code sensor_data}, one reading of one sensor, in the partition
 * of its sensor and UTC hour, newest first. {@code (sensor_id, reading_time)} is the
 * reading's identity: a second write for the same instant overwrites it.
 *
 * @param sensorId the sensor (partition key)
 * @param date the UTC date of the reading (partition key)
 * @param hour the UTC hour of the reading, 0-23 (partition key)
 * @param readingTime when the values were measured, in milliseconds (clustering key)
 * @param temperature degrees Celsius
 * @param humidity relative humidity, percent
 * @param batteryLevel battery charge, percent
 */
@Table("sensor_data")
public record SensorDataRow(
		@PrimaryKeyColumn(name = "sensor_id", ordinal = 0, type = PrimaryKeyType.PARTITIONED) UUID sensorId,
		@PrimaryKeyColumn(name = "date", ordinal = 1, type = PrimaryKeyType.PARTITIONED) LocalDate date,
		@PrimaryKeyColumn(name = "hour", ordinal = 2, type = PrimaryKeyType.PARTITIONED) int hour,
		@PrimaryKeyColumn(name = "reading_time", ordinal = 3, type = PrimaryKeyType.CLUSTERED,
				ordering = Ordering.DESCENDING) Instant readingTime,
		double temperature, double humidity, @Column("battery_level") int batteryLevel) {

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
