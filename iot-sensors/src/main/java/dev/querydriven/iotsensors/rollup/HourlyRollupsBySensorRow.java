package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

/**
 * Q6: a row of {@code hourly_rollups_by_sensor}, the aggregates of one sensor's readings
 * in one UTC hour, in the partition of its sensor and UTC day, oldest hour first.
 *
 * @param sensorId the sensor (partition key)
 * @param date the UTC date of the hour (partition key)
 * @param hourStart the hour's first instant (clustering key)
 * @param readingCount how many readings the hour holds
 * @param temperatureMin lowest temperature
 * @param temperatureMax highest temperature
 * @param temperatureAvg mean temperature
 * @param humidityMin lowest humidity
 * @param humidityMax highest humidity
 * @param humidityAvg mean humidity
 * @param batteryLevelMin lowest battery level
 * @param batteryLevelMax highest battery level
 * @param batteryLevelAvg mean battery level
 * @param firstReadingTime the hour's first reading
 * @param lastReadingTime the hour's last reading
 */
@Table("hourly_rollups_by_sensor")
public record HourlyRollupsBySensorRow(
		@PrimaryKeyColumn(name = "sensor_id", ordinal = 0, type = PrimaryKeyType.PARTITIONED) UUID sensorId,
		@PrimaryKeyColumn(name = "date", ordinal = 1, type = PrimaryKeyType.PARTITIONED) LocalDate date,
		@PrimaryKeyColumn(name = "hour_start", ordinal = 2, type = PrimaryKeyType.CLUSTERED) Instant hourStart,
		@Column("reading_count") int readingCount, @Column("temperature_min") double temperatureMin,
		@Column("temperature_max") double temperatureMax, @Column("temperature_avg") double temperatureAvg,
		@Column("humidity_min") double humidityMin, @Column("humidity_max") double humidityMax,
		@Column("humidity_avg") double humidityAvg, @Column("battery_level_min") int batteryLevelMin,
		@Column("battery_level_max") int batteryLevelMax, @Column("battery_level_avg") double batteryLevelAvg,
		@Column("first_reading_time") Instant firstReadingTime, @Column("last_reading_time") Instant lastReadingTime) {

}
