package dev.querydriven.iotsensors.seed;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulator on the real node: every simulated reading lands once, a re-run rewrites
 * the same rows, and progress is logged with the throughput.
 */
@IotSensorsIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class SensorSimulatorIntegrationTests {

	@Autowired
	private SensorSimulator simulator;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	/**
	 * Three sensors on two sites, one reading every five minutes for three hours: 108
	 * readings in 12 requests of at most 10, with progress logged. Running it again ten
	 * minutes later adds only the two new instants per sensor and rewrites the others
	 * with the same values.
	 */
	@Test
	void simulationWritesEveryReadingOnceAndIsIdempotent(CapturedOutput output) {
		Instant now = this.clock.instant();
		SimulationPlan first = plan(now.minus(Duration.ofMinutes(10)));

		this.simulator.run(first).as(StepVerifier::create).assertNext((report) -> {
			assertThat(report.sensors()).isEqualTo(3);
			assertThat(report.readings()).isEqualTo(108);
			assertThat(report.requests()).isEqualTo(12);
		}).verifyComplete();
		assertThat(output).contains("Simulator: 3 sensors on 2 sites")
			.contains("readings/s")
			.contains("Simulator: done, 108 readings in 12 requests");
		for (int sensor = 0; sensor < 3; sensor++) {
			assertSimulated(sensor, first.start(), first.end(), 36);
		}
		// Other simulations (the model check's demo data) share the site ids: look for
		// this plan's sensors only.
		assertThat(this.session
			.execute("SELECT sensor_id FROM sensors_by_site WHERE site_id = ?", SensorSimulator.siteId(0))
			.map((row) -> row.getUuid("sensor_id"))
			.all()).contains(sensorId(0), sensorId(2)).doesNotContain(sensorId(1));

		SimulationPlan second = plan(now);
		this.simulator.run(second)
			.as(StepVerifier::create)
			.assertNext((report) -> assertThat(report.readings()).isEqualTo(108))
			.verifyComplete();
		for (int sensor = 0; sensor < 3; sensor++) {
			assertSimulated(sensor, first.start(), second.end(), 38);
		}
	}

	private static SimulationPlan plan(Instant end) {
		return new SimulationPlan(3, 2, Duration.ofMinutes(5), Duration.ofHours(3), end, 10, 2);
	}

	private static UUID sensorId(int sensor) {
		return SensorSimulator.sensorId(sensor, Duration.ofMinutes(5));
	}

	private void assertSimulated(int sensor, Instant from, Instant to, int expected) {
		UUID sensorId = sensorId(sensor);
		List<NewReading> stored = new ArrayList<>();
		for (Instant hour = from.truncatedTo(ChronoUnit.HOURS); hour.isBefore(to); hour = hour.plusSeconds(3600)) {
			Bucket bucket = Bucket.of(BucketGranularity.HOUR, hour);
			this.session
				.execute(
						"SELECT reading_time, temperature, humidity, battery_level FROM sensor_data "
								+ "WHERE sensor_id = ? AND date = ? AND hour = ?",
						sensorId, bucket.date(), bucket.hour())
				.forEach((row) -> stored.add(new NewReading(row.getInstant("reading_time"),
						row.getDouble("temperature"), row.getDouble("humidity"), row.getInt("battery_level"))));
		}
		assertThat(stored).hasSize(expected)
			.allSatisfy((reading) -> assertThat(reading).isEqualTo(SensorSimulator.reading(sensor, reading.time())));
	}

}
