package dev.querydriven.iotsensors.seed;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The simulator's grid: reading times are multiples of the sampling interval since the
 * epoch, so runs with different ends agree on every instant they share.
 */
class SimulationPlanTests {

	/**
	 * The first reading is the first grid point at or after end − period, and the end is
	 * exclusive.
	 */
	@Test
	void readingsSitOnTheSamplingGrid() {
		SimulationPlan plan = new SimulationPlan(2, 1, Duration.ofMinutes(1), Duration.ofHours(1),
				Instant.parse("2026-11-01T12:00:30Z"), 100, 1);
		assertThat(plan.start()).isEqualTo(Instant.parse("2026-11-01T11:01:00Z"));
		assertThat(plan.readingsPerSensor()).isEqualTo(60);
		assertThat(plan.totalReadings()).isEqualTo(120);
		SimulationPlan aligned = new SimulationPlan(2, 1, Duration.ofMinutes(1), Duration.ofHours(1),
				Instant.parse("2026-11-01T12:00:00Z"), 100, 1);
		assertThat(aligned.start()).isEqualTo(Instant.parse("2026-11-01T11:00:00Z"));
		assertThat(aligned.readingsPerSensor()).isEqualTo(60);
	}

	/**
	 * Simulated values depend on the sensor and the time only, and stay within the
	 * accepted ranges.
	 */
	@Test
	void readingsAreDeterministicAndPlausible() {
		Instant time = Instant.parse("2026-11-01T03:17:00Z");
		assertThat(SensorSimulator.reading(4, time)).isEqualTo(SensorSimulator.reading(4, time))
			.isNotEqualTo(SensorSimulator.reading(5, time));
		for (int sensor = 0; sensor < 50; sensor++) {
			for (int minute = 0; minute < 2880; minute += 7) {
				var reading = SensorSimulator.reading(sensor, time.plusSeconds(60L * minute));
				assertThat(reading.temperature()).isBetween(-80.0, 125.0);
				assertThat(reading.humidity()).isBetween(0.0, 100.0);
				assertThat(reading.batteryLevel()).isBetween(0, 100);
			}
		}
		assertThat(SensorSimulator.sensorId(1, Duration.ofSeconds(60)))
			.isEqualTo(SensorSimulator.sensorId(1, Duration.ofSeconds(60)))
			.isNotEqualTo(SensorSimulator.sensorId(1, Duration.ofSeconds(30)));
	}

	/** Plans that cannot run are refused up front. */
	@Test
	void impossiblePlansAreRefused() {
		Instant end = Instant.parse("2026-11-01T12:00:00Z");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SimulationPlan(2, 3, Duration.ofMinutes(1), Duration.ofHours(1), end, 10, 1));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SimulationPlan(2, 1, Duration.ofMillis(1500), Duration.ofHours(1), end, 10, 1));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SimulationPlan(2, 1, Duration.ofMinutes(1), Duration.ofSeconds(1), end, 10, 1));
	}

}
