package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.util.UUID;

/**
 * The row of {@code latest_reading_by_sensor}: a sensor's newest reading.
 *
 * @param sensorId the sensor (partition key)
 * @param readingTime when the values were measured
 * @param temperature degrees Celsius
 * @param humidity percent
 * @param batteryLevel percent
 */
public record LatestReadingBySensorRow(UUID sensorId, Instant readingTime, double temperature, double humidity,
		int batteryLevel) {

}
