package dev.querydriven.iotsensors;

import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.testsupport.CassandraTest;
import dev.querydriven.testsupport.SharedCassandra;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The guide's "Step 4: Optimize &amp; Validate" on this service's model: every catalogued
 * query against the live schema, the partition sizes from the declared facts, the
 * distribution of the keys, the anti-patterns, and the partitions the node measures after
 * the simulator's demo data is flushed. Keeps {@code docs/model-report.md} and
 * {@code .html} up to date (regenerate with {@code -Dquerydriven.update-generated=true}).
 *
 * <p>
 * The seeder is on for this test only, with a modest fleet: 10 sensors sampling every 10
 * seconds for 2 hours, 7,200 readings in hour partitions of up to 360 rows (a tenth of
 * the 3,600 the table is sized for), enough for the node's partition metrics to compare
 * with the estimate for the same row count, small enough to seed in a few seconds.
 */
@SpringBootTest(properties = { "querydriven.seed.enabled=true",
		"querydriven.iot-sensors.simulator.sensors=" + ModelCheckIntegrationTests.SENSORS,
		"querydriven.iot-sensors.simulator.sites=2", "querydriven.iot-sensors.simulator.sampling-interval=10s",
		"querydriven.iot-sensors.simulator.period=2h" })
@CassandraTest
class ModelCheckIntegrationTests {

	static final int SENSORS = 10;

	/** 10 sensors × 2 hours ÷ 10 s: the readings the seeder sends. */
	private static final long SEEDED_READINGS = SENSORS * 720L;

	/**
	 * The model passes the guide's checklist once the simulator's readings are written
	 * and flushed, the node's measured partitions included, and docs/model-report.* are
	 * up to date.
	 */
	@Test
	void modelPassesTheChecklist(@Autowired CqlSession session, @Autowired MeterRegistry meters) {
		// The seeder runs in the background; an ingestion request counts its readings
		// only once its raw rows, rollups and latest reading are all written.
		await().atMost(Duration.ofMinutes(2))
			.until(() -> meters.counter("querydriven.iotsensors.readings.ingested").count() >= SEEDED_READINGS);

		ModelReport report = ModelCheckHarness.of(new IotSensorsQueryCatalog(), session)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.verify();

		assertThat(report.testsChecked()).isTrue();
		assertThat(report.measured()).extracting(MeasuredTable::table)
			.contains("sensor_data", "hourly_rollups_by_sensor", "latest_reading_by_sensor", "sensors_by_id",
					"sensors_by_site");
		assertThat(report.measured()).filteredOn((table) -> table.table().equals("sensor_data"))
			.singleElement()
			.satisfies((sensorData) -> assertThat(sensorData.rows()).isGreaterThanOrEqualTo(SEEDED_READINGS));
	}

}
