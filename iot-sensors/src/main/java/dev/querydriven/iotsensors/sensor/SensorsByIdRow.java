package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code sensors_by_id}: the registry entry of one sensor.
 *
 * @param sensorId the sensor
 * @param siteId the site it belongs to
 * @param type what it measures, e.g. {@code cold-chain}
 * @param samplingIntervalSeconds the seconds between two of its readings
 * @param registeredAt when it was registered (the write timestamp of its registration)
 */
public record SensorsByIdRow(UUID sensorId, UUID siteId, String type, int samplingIntervalSeconds,
		Instant registeredAt) {

}
