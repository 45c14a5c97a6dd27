package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * Q1: a row of {@code sensors_by_id}, the registry entry of one sensor, a one-row
 * partition found by the sensor's id alone (read on every ingestion request).
 *
 * @param sensorId the sensor (partition key)
 * @param siteId the site it belongs to
 * @param type what it measures, e.g. {@code cold-chain}
 * @param samplingIntervalSeconds the seconds between two of its readings
 * @param registeredAt when it was registered (the write timestamp of its registration)
 */
@Table("sensors_by_id")
public record SensorsByIdRow(
		@PrimaryKeyColumn(name = "sensor_id", ordinal = 0, type = PrimaryKeyType.PARTITIONED) UUID sensorId,
		@Column("site_id") UUID siteId, String type, @Column("sampling_interval_seconds") int samplingIntervalSeconds,
		@Column("registered_at") Instant registeredAt) {

	/**
	 * A new registration.
	 * @param sensor the sensor as the provisioning system describes it
	 * @param registeredAt when it is registered
	 * @return the row
	 */
	static SensorsByIdRow of(NewSensor sensor, Instant registeredAt) {
		return new SensorsByIdRow(sensor.sensorId(), sensor.siteId(), sensor.type(), sensor.samplingIntervalSeconds(),
				registeredAt);
	}

}
