package dev.querydriven.iotsensors.reading;

import java.time.Instant;

/**
 * One reading.
 *
 * @param time when the values were measured
 * @param temperature degrees Celsius
 * @param humidity relative humidity, percent
 * @param batteryLevel battery charge, percent
 */
record ReadingResponse(Instant time, double temperature, double humidity, int batteryLevel) {

}
