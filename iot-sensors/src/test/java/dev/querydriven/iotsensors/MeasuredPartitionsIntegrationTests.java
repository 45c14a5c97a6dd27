package dev.querydriven.iotsensors;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.iotsensors.seed.SensorSimulator;
import dev.querydriven.iotsensors.seed.SimulationPlan;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitions of this service's model, measured on the test node once the simulator's
 * readings are written and flushed, against the model check's estimates (the guide's
 * checklist itself runs in {@link IotSensorsConformanceTests}). The full report, measured
 * figures included, is written to {@code target/model-check/}.
 *
 * <p>
 * The simulator runs with a modest fleet: 10 sensors sampling every 10 seconds for 2
 * hours, 7,200 readings in hour partitions of up to 360 rows (a tenth of the 3,600 the
 * table is sized for), enough for the node's partition metrics to compare with the
 * estimate for the same row count, small enough to write in a few seconds.
 */
@IotSensorsIntegrationTest
class MeasuredPartitionsIntegrationTests {

	static final int SENSORS = 10;

	/** 10 sensors × 2 hours ÷ 10 s: the readings the simulator sends. */
	private static final long SIMULATED_READINGS = SENSORS * 720L;

	@Autowired
	private SensorSimulator simulator;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	/**
	 * Every table the simulator fills was measured on the node, the raw readings all of
	 * them, and none measures a failure.
	 */
	@Test
	void everySimulatedTableIsMeasured() {
		Instant end = this.clock.instant().truncatedTo(ChronoUnit.SECONDS);
		SimulationPlan plan = new SimulationPlan(SENSORS, 2, Duration.ofSeconds(10), Duration.ofHours(2), end, 1000, 2);
		this.simulator.run(plan)
			.as(StepVerifier::create)
			.assertNext((report) -> assertThat(report.readings()).isEqualTo(SIMULATED_READINGS))
			.verifyComplete();

		ModelReport report = ModelCheckHarness.of(new IotSensorsQueryCatalog(), this.session)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.measure();

		assertThat(report.measured()).extracting(MeasuredTable::table)
			.contains("sensor_data", "hourly_rollups_by_sensor", "latest_reading_by_sensor", "sensors_by_id",
					"sensors_by_site");
		assertThat(report.measured()).filteredOn((table) -> table.table().equals("sensor_data"))
			.singleElement()
			.satisfies((sensorData) -> assertThat(sensorData.rows()).isGreaterThanOrEqualTo(SIMULATED_READINGS));
	}

}
