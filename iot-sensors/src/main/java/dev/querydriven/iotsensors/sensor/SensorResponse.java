package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.UUID;

/**
 * A registered sensor.
 *
 * @param sensorId the sensor
 * @param siteId its site
 * @param type what it measures
 * @param samplingIntervalSeconds the seconds between two readings
 * @param registeredAt when it was registered
 */
record SensorResponse(UUID sensorId, UUID siteId, String type, int samplingIntervalSeconds, Instant registeredAt) {

}
