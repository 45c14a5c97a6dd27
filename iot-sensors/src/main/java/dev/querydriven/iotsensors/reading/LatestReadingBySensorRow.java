package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * Q7: the row of {@code latest_reading_by_sensor}, a sensor's newest reading, one row per
 * sensor, upserted by every ingestion.
 *
 * @param sensorId the sensor (partition key)
 * @param readingTime when the values were measured
 * @param temperature degrees Celsius
 * @param humidity percent
 * @param batteryLevel percent
 */
@Table("latest_reading_by_sensor")
public record LatestReadingBySensorRow(
		@PrimaryKeyColumn(name = "sensor_id", ordinal = 0, type = PrimaryKeyType.PARTITIONED) UUID sensorId,
		@Column("reading_time") Instant readingTime, double temperature, double humidity,
		@Column("battery_level") int batteryLevel) {

	/**
	 * The copy of a reading as its sensor's latest.
	 * @param reading the reading
	 * @return the row
	 */
	static LatestReadingBySensorRow of(SensorDataRow reading) {
		return new LatestReadingBySensorRow(reading.sensorId(), reading.readingTime(), reading.temperature(),
				reading.humidity(), reading.batteryLevel());
	}

	/**
	 * The write timestamp of a latest-reading row: the reading's own time in
	 * microseconds. A reading time has millisecond resolution, which leaves the three
	 * sub-millisecond digits free; they carry a hash of the values. Without it, two
	 * different versions of one instant (a re-sent, corrected reading) would tie, and
	 * Cassandra settles a tie cell by cell by the larger value, which could leave a mix
	 * of both versions in the row. With it, one version wins whole, the same one on every
	 * replica and replay (which one is arbitrary; the raw row and the rollup keep the
	 * last version written). Identical duplicates get identical timestamps. The timestamp
	 * may lie up to the clock-skew allowance in the future, below the node's 10-minute
	 * future-timestamp warning.
	 * @return microseconds since the epoch
	 */
	long writeTimestamp() {
		int valuesHash = Objects.hash(this.temperature, this.humidity, this.batteryLevel);
		return Math.multiplyExact(this.readingTime.toEpochMilli(), 1000L) + Math.floorMod(valuesHash, 1000);
	}

}
