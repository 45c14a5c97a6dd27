package dev.querydriven.iotsensors.seed;

import java.time.Duration;

/**
 * What a simulation wrote.
 *
 * @param sensors the sensors registered (or found registered)
 * @param readings the readings ingested
 * @param requests the ingestion requests made
 * @param elapsed how long it took
 */
public record SimulationReport(int sensors, long readings, long requests, Duration elapsed) {

	/**
	 * The ingestion throughput.
	 * @return readings per second
	 */
	public double readingsPerSecond() {
		return (this.elapsed.isZero()) ? 0 : this.readings * 1000.0 / Math.max(1, this.elapsed.toMillis());
	}

}
