package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A row of {@code hourly_rollups_by_sensor}: the aggregates of one sensor's readings in
 * one UTC hour.
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
public record HourlyRollupsBySensorRow(UUID sensorId, LocalDate date, Instant hourStart, int readingCount,
		double temperatureMin, double temperatureMax, double temperatureAvg, double humidityMin, double humidityMax,
		double humidityAvg, int batteryLevelMin, int batteryLevelMax, double batteryLevelAvg, Instant firstReadingTime,
		Instant lastReadingTime) {

}
