package dev.querydriven.iotsensors.sizing;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the tables are sized for: the bucket advisor's input, logged at startup
 * ({@code querydriven.iot-sensors.sizing.*}).
 *
 * @param samplingRate readings per second of the fastest sensor (registration allows one
 * per second at most)
 * @param rowBytes the size of one {@code sensor_data} row on disk, values and per-row and
 * per-cell overhead included
 */
@ConfigurationProperties("querydriven.iot-sensors.sizing")
record SizingProperties(@DefaultValue("1.0") double samplingRate, @DefaultValue("50") long rowBytes) {

	SizingProperties {
		if (!(samplingRate > 0) || Double.isInfinite(samplingRate) || rowBytes < 1) {
			throw new IllegalArgumentException(
					"querydriven.iot-sensors.sizing.sampling-rate and row-bytes must be positive");
		}
	}

}
