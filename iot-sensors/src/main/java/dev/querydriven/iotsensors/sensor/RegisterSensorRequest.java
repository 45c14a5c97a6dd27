package dev.querydriven.iotsensors.sensor;

import java.util.UUID;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * {@code POST /sensors}: a sensor's registration. The id is the provisioning system's, so
 * that a retried registration is recognised.
 *
 * @param sensorId the sensor's id
 * @param siteId the site it is installed on
 * @param type what it measures: lower-case letters, digits and dashes
 * @param samplingIntervalSeconds the seconds between two readings: at least one, the rate
 * the tables are sized for (see the README)
 */
record RegisterSensorRequest(@NotNull UUID sensorId, @NotNull UUID siteId,
		@NotNull @Size(min = 1, max = 40) @Pattern(regexp = "[a-z0-9][a-z0-9-]*",
				message = "must be lower-case letters, digits and dashes") String type,
		@NotNull @Min(1) @Max(86_400) Integer samplingIntervalSeconds) {

}
