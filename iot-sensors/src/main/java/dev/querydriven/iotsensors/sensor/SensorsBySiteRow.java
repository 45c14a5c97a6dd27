package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code sensors_by_site}: the copy of a sensor's registration under its site.
 *
 * @param siteId the site (partition key)
 * @param sensorId the sensor (clustering key)
 * @param type what it measures
 * @param samplingIntervalSeconds the seconds between two of its readings
 * @param registeredAt when it was registered
 */
public record SensorsBySiteRow(UUID siteId, UUID sensorId, String type, int samplingIntervalSeconds,
		Instant registeredAt) {

}
