package dev.querydriven.iotsensors.rollup;

import java.time.Instant;

/**
 * The aggregates of one sensor-hour.
 *
 * @param hourStart the hour's first instant
 * @param readingCount how many readings it holds
 * @param temperature degrees Celsius
 * @param humidity percent
 * @param batteryLevel percent
 * @param firstReadingTime the hour's first reading
 * @param lastReadingTime the hour's last reading
 */
record HourlyRollupResponse(Instant hourStart, int readingCount, MetricSummary temperature, MetricSummary humidity,
		MetricSummary batteryLevel, Instant firstReadingTime, Instant lastReadingTime) {

	/**
	 * One metric over the hour.
	 *
	 * @param min the lowest value
	 * @param max the highest value
	 * @param avg the mean
	 */
	record MetricSummary(double min, double max, double avg) {

	}

}
