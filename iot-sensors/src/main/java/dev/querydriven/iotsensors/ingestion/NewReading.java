package dev.querydriven.iotsensors.ingestion;

import java.time.Instant;
import java.util.Objects;

/**
 * A reading as sent by a sensor, before validation.
 *
 * @param time when the values were measured
 * @param temperature degrees Celsius
 * @param humidity relative humidity, percent
 * @param batteryLevel battery charge, percent
 */
public record NewReading(Instant time, double temperature, double humidity, int batteryLevel) {

	public NewReading {
		Objects.requireNonNull(time, "time");
	}

}
