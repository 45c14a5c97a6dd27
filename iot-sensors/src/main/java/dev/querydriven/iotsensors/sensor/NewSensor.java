package dev.querydriven.iotsensors.sensor;

import java.util.UUID;

/**
 * A sensor to register, as the provisioning system describes it (validated by the
 * controller, or built by the simulator).
 *
 * @param sensorId the sensor's id, chosen by the provisioning system
 * @param siteId its site
 * @param type what it measures
 * @param samplingIntervalSeconds the seconds between two readings
 */
public record NewSensor(UUID sensorId, UUID siteId, String type, int samplingIntervalSeconds) {

}
