package dev.querydriven.iotsensors.sizing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.iotsensors.rollup.RollupProperties;
import dev.querydriven.modeling.bucket.BucketAdvice;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketSizeAdvisor;
import dev.querydriven.modeling.bucket.BucketTargets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.stereotype.Component;

/**
 * Logs at startup what the tables are sized for, and warns when configuration and schema
 * disagree.
 */
@Component
class SizingReport implements ApplicationRunner {

	/**
	 * The bucket {@code sensor_data}'s partition key uses:
	 * {@code (sensor_id, date, hour)}.
	 */
	static final BucketGranularity SENSOR_DATA_BUCKET = BucketGranularity.HOUR;

	private static final Logger logger = LoggerFactory.getLogger(SizingReport.class);

	/** Spring Data's session, for the schema metadata the driver keeps (no query). */
	private final ReactiveSession session;

	private final SizingProperties sizing;

	private final ReadingProperties readings;

	private final RollupProperties rollups;

	SizingReport(ReactiveSession session, SizingProperties sizing, ReadingProperties readings,
			RollupProperties rollups) {
		this.session = session;
		this.sizing = sizing;
		this.readings = readings;
		this.rollups = rollups;
	}

	@Override
	public void run(ApplicationArguments args) {
		BucketAdvice advice = advice(this.sizing);
		String line = adviceLine(this.sizing, advice);
		if (advice.granularity() == SENSOR_DATA_BUCKET) {
			logger.info(line);
		}
		else {
			logger.warn("{} sensor_data is bucketed by {}: revisit its partition key.", line, SENSOR_DATA_BUCKET);
		}
		defaultTimeToLive("sensor_data").ifPresent((ttl) -> retentionWarning("sensor_data", ttl,
				this.readings.retention(), "querydriven.iot-sensors.reading.retention")
			.ifPresent(logger::warn));
		defaultTimeToLive("hourly_rollups_by_sensor").ifPresent((ttl) -> retentionWarning("hourly_rollups_by_sensor",
				ttl, this.rollups.retention(), "querydriven.iot-sensors.rollup.retention")
			.ifPresent(logger::warn));
	}

	static BucketAdvice advice(SizingProperties sizing) {
		return BucketSizeAdvisor.advise(sizing.samplingRate(), sizing.rowBytes(), BucketTargets.DEFAULT);
	}

	static String adviceLine(SizingProperties sizing, BucketAdvice advice) {
		List<String> candidates = new ArrayList<>();
		for (BucketAdvice.Candidate candidate : advice.candidates()) {
			candidates.add(String.format(Locale.ROOT, "%s %,.0f rows / %,.0f kB%s",
					candidate.granularity().name().toLowerCase(Locale.ROOT), candidate.rowsPerPartition(),
					candidate.bytesPerPartition() / 1000, candidate.fits() ? "" : " (too big)"));
		}
		return String.format(Locale.ROOT,
				"Bucket advice for sensor_data at the configured sampling rate of %s readings/s per sensor and %d B "
						+ "per row: %s buckets. %s Candidates: %s.",
				sizing.samplingRate(), sizing.rowBytes(), advice.granularity(), advice.explanation(),
				String.join(", ", candidates));
	}

	/**
	 * A table's {@code default_time_to_live} is only the safety net for writes without a
	 * TTL, but it lives in the CQL file while the retention lives in configuration: when
	 * they differ, say which {@code ALTER TABLE} brings them together.
	 */
	static Optional<String> retentionWarning(String table, int defaultTimeToLive, Duration retention, String property) {
		if (defaultTimeToLive == retention.toSeconds()) {
			return Optional.empty();
		}
		return Optional.of(String.format(Locale.ROOT,
				"%s has default_time_to_live = %d s but %s is %d s: rows written without a TTL would not follow the "
						+ "retention. Run ALTER TABLE %s WITH default_time_to_live = %d (and adapt the "
						+ "TimeWindowCompactionStrategy window to keep about 30 windows).",
				table, defaultTimeToLive, property, retention.toSeconds(), table, retention.toSeconds()));
	}

	private Optional<Integer> defaultTimeToLive(String table) {
		return this.session.getKeyspace()
			.flatMap((keyspace) -> this.session.getMetadata().getKeyspace(keyspace))
			.flatMap((keyspace) -> keyspace.getTable(table))
			.map(TableMetadata::getOptions)
			.map((options) -> options.get(CqlIdentifier.fromCql("default_time_to_live")))
			.filter(Integer.class::isInstance)
			.map(Integer.class::cast);
	}

}
