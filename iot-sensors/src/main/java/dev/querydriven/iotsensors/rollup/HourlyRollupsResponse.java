package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The hourly rollups of a range: every hour starting in {@code [from, to)} that holds
 * readings, oldest first. Not paged: the range is bounded.
 *
 * @param sensorId the sensor
 * @param from the range's start
 * @param to the range's end (exclusive)
 * @param hours the rollups
 */
record HourlyRollupsResponse(UUID sensorId, Instant from, Instant to, List<HourlyRollupResponse> hours) {

}
