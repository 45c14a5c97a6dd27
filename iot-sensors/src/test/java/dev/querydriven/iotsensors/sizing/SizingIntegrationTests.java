package dev.querydriven.iotsensors.sizing;

import java.util.Map;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.iotsensors.IotSensorsIntegrationTest;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.iotsensors.rollup.RollupProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live schema carries the retention and compaction decisions the configuration
 * expects: TTL safety nets equal to the retentions, daily TWCS windows for raw readings,
 * two-week windows for rollups, leveled compaction for the latest-reading rows.
 */
@IotSensorsIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class SizingIntegrationTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private ReadingProperties readings;

	@Autowired
	private RollupProperties rollups;

	@Autowired
	private SizingReport report;

	/**
	 * The startup report logs the advisor's answer for the configured sampling rate (the
	 * hourly bucket {@code sensor_data} uses), and no retention warning: the tables'
	 * default TTLs follow the configuration.
	 */
	@Test
	void startupReportLogsTheBucketAdvice(CapturedOutput output) {
		this.report.run(null);
		assertThat(output).contains("Bucket advice for sensor_data at the configured sampling rate of 1.0 readings/s")
			.doesNotContain("default_time_to_live");
	}

	/**
	 * sensor_data: TWCS with one-day windows, default TTL = the readings' retention,
	 * short GC grace.
	 */
	@Test
	void rawReadingsExpireUnderDailyTimeWindows() {
		Map<CqlIdentifier, Object> options = options("sensor_data");
		assertThat(compaction(options))
			.containsEntry("class", "org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy")
			.containsEntry("compaction_window_unit", "DAYS")
			.containsEntry("compaction_window_size", "1");
		assertThat(options.get(CqlIdentifier.fromCql("default_time_to_live")))
			.isEqualTo((int) this.readings.retention().toSeconds());
		assertThat(options.get(CqlIdentifier.fromCql("gc_grace_seconds"))).isEqualTo(10800);
		assertThat(SizingReport.retentionWarning("sensor_data",
				(Integer) options.get(CqlIdentifier.fromCql("default_time_to_live")), this.readings.retention(),
				"retention"))
			.isEmpty();
	}

	/**
	 * hourly_rollups_by_sensor: TWCS with two-week windows, default TTL = the rollups'
	 * retention.
	 */
	@Test
	void rollupsExpireUnderTwoWeekTimeWindows() {
		Map<CqlIdentifier, Object> options = options("hourly_rollups_by_sensor");
		assertThat(compaction(options)).containsEntry("compaction_window_unit", "DAYS")
			.containsEntry("compaction_window_size", "14");
		assertThat(options.get(CqlIdentifier.fromCql("default_time_to_live")))
			.isEqualTo((int) this.rollups.retention().toSeconds());
	}

	/**
	 * latest_reading_by_sensor: overwritten constantly, read by key: leveled compaction,
	 * no TTL.
	 */
	@Test
	void latestReadingsUseLeveledCompaction() {
		Map<CqlIdentifier, Object> options = options("latest_reading_by_sensor");
		assertThat(compaction(options)).containsEntry("class",
				"org.apache.cassandra.db.compaction.LeveledCompactionStrategy");
		assertThat(options.get(CqlIdentifier.fromCql("default_time_to_live"))).isEqualTo(0);
	}

	private Map<CqlIdentifier, Object> options(String table) {
		return this.session.getMetadata()
			.getKeyspace("iot_sensors")
			.flatMap((keyspace) -> keyspace.getTable(table))
			.orElseThrow()
			.getOptions();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> compaction(Map<CqlIdentifier, Object> options) {
		return (Map<String, String>) options.get(CqlIdentifier.fromCql("compaction"));
	}

}
