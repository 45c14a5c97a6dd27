package dev.querydriven.iotsensors.seed;

import java.time.Duration;
import java.time.Instant;

/**
 * What to simulate.
 *
 * @param sensors how many sensors
 * @param sites over how many sites (sensor {@code i} is on site {@code i % sites})
 * @param samplingInterval the time between two readings of one sensor, whole seconds
 * @param period how long before {@code end} the readings start
 * @param end the end of the simulated period (exclusive), e.g. now
 * @param batchSize readings per ingestion request
 * @param concurrency ingestion requests in flight at once
 */
public record SimulationPlan(int sensors, int sites, Duration samplingInterval, Duration period, Instant end,
		int batchSize, int concurrency) {

	public SimulationPlan {
		if (sensors < 1 || sites < 1 || sites > sensors) {
			throw new IllegalArgumentException("A simulation needs at least one sensor and between 1 and "
					+ "sensors sites, not " + sensors + " sensors on " + sites + " sites");
		}
		if (samplingInterval.toMillis() < 1000 || samplingInterval.toMillis() % 1000 != 0) {
			throw new IllegalArgumentException(
					"The sampling interval must be a whole number of seconds, at least 1, not " + samplingInterval);
		}
		if (period.compareTo(samplingInterval) < 0) {
			throw new IllegalArgumentException("The period must be at least one sampling interval");
		}
		if (batchSize < 1 || concurrency < 1) {
			throw new IllegalArgumentException("batchSize and concurrency must be at least 1");
		}
	}

	/**
	 * The first reading time: the first point of the sampling grid (multiples of the
	 * interval since the epoch) at or after {@code end - period}.
	 * @return the first instant
	 */
	Instant start() {
		long interval = this.samplingInterval.toMillis();
		long from = this.end.minus(this.period).toEpochMilli();
		return Instant.ofEpochMilli(Math.floorDiv(from + interval - 1, interval) * interval);
	}

	/**
	 * How many readings each sensor sends.
	 * @return readings per sensor
	 */
	long readingsPerSensor() {
		long span = this.end.toEpochMilli() - start().toEpochMilli();
		return Math.max(0, Math.floorDiv(span - 1, this.samplingInterval.toMillis()) + 1);
	}

	/**
	 * How many readings the whole simulation sends.
	 * @return the total
	 */
	long totalReadings() {
		return readingsPerSensor() * this.sensors;
	}

}
