package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.util.UUID;

/**
 * A sensor's latest reading.
 *
 * @param sensorId the sensor
 * @param time when the values were measured
 * @param temperature degrees Celsius
 * @param humidity relative humidity, percent
 * @param batteryLevel battery charge, percent
 */
record LatestReadingResponse(UUID sensorId, Instant time, double temperature, double humidity, int batteryLevel) {

}
