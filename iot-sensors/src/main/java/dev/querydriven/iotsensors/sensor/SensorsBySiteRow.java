package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * Q2: a row of {@code sensors_by_site}, the copy of a sensor's registration under its
 * site: one partition per site, sensors in id order for paging.
 *
 * @param siteId the site (partition key)
 * @param sensorId the sensor (clustering key)
 * @param type what it measures
 * @param samplingIntervalSeconds the seconds between two of its readings
 * @param registeredAt when it was registered
 */
@Table("sensors_by_site")
public record SensorsBySiteRow(
		@PrimaryKeyColumn(name = "site_id", ordinal = 0, type = PrimaryKeyType.PARTITIONED) UUID siteId,
		@PrimaryKeyColumn(name = "sensor_id", ordinal = 1, type = PrimaryKeyType.CLUSTERED) UUID sensorId, String type,
		@Column("sampling_interval_seconds") int samplingIntervalSeconds,
		@Column("registered_at") Instant registeredAt) {

	/**
	 * The copy of a registration under its site.
	 * @param sensor the registration
	 * @return the row
	 */
	static SensorsBySiteRow of(SensorsByIdRow sensor) {
		return new SensorsBySiteRow(sensor.siteId(), sensor.sensorId(), sensor.type(), sensor.samplingIntervalSeconds(),
				sensor.registeredAt());
	}

}
