package dev.querydriven.iotsensors.sizing;

import java.time.Duration;

import dev.querydriven.modeling.bucket.BucketAdvice;
import dev.querydriven.modeling.bucket.BucketGranularity;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the service logs at startup about its sizing.
 */
class SizingReportTests {

	/**
	 * At the configured one reading per second and 50-byte rows, the advisor picks the
	 * hourly bucket sensor_data uses: a day would hold 86,400 rows.
	 */
	@Test
	void configuredSamplingRateAdvisesTheHourlyBucketTheTableUses() {
		SizingProperties sizing = new SizingProperties(1.0, 50);
		BucketAdvice advice = SizingReport.advice(sizing);
		assertThat(advice.granularity()).isEqualTo(SizingReport.SENSOR_DATA_BUCKET).isEqualTo(BucketGranularity.HOUR);
		assertThat(advice.rowsPerPartition()).isEqualTo(3600);
		assertThat(advice.bytesPerPartition()).isEqualTo(180_000);
		assertThat(SizingReport.adviceLine(sizing, advice)).contains("HOUR buckets")
			.contains("day 86,400 rows / 4,320 kB (too big)")
			.contains("hour 3,600 rows / 180 kB");
	}

	/**
	 * A sensor sampling every ten seconds would fit a daily bucket: the guide's Pattern
	 * 2.
	 */
	@Test
	void slowerSamplingWouldFitDailyBuckets() {
		assertThat(SizingReport.advice(new SizingProperties(0.1, 50)).granularity()).isEqualTo(BucketGranularity.DAY);
	}

	/**
	 * A table default TTL that differs from the configured retention draws a warning with
	 * the fix.
	 */
	@Test
	void retentionMismatchIsReportedWithTheAlterTable() {
		assertThat(SizingReport.retentionWarning("sensor_data", 2_592_000, Duration.ofDays(30), "retention")).isEmpty();
		assertThat(SizingReport.retentionWarning("sensor_data", 2_592_000, Duration.ofDays(90), "retention"))
			.hasValueSatisfying((warning) -> assertThat(warning)
				.contains("ALTER TABLE sensor_data WITH default_time_to_live = 7776000"));
	}

}
