package dev.querydriven.iotsensors;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.querydriven.iotsensors.reading.ReadingProperties;
import dev.querydriven.iotsensors.rollup.RollupProperties;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.modelcheck.catalog.WriteIntentsCatalog;

import org.springframework.boot.context.properties.bind.Binder;

import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_ONE;
import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_QUORUM;

/**
 * Every query the service runs (step 1 of the guide's method), the table serving it, the
 * sizing facts behind its partition key, and every write. This is the one place each
 * statement's CQL is written: the README's access-pattern tables are generated from it,
 * the model check judges it, and a test checks that the service runs exactly these
 * statements (Spring Data renders its own text, e.g. {@code SELECT *}; the test compares
 * the shapes: table, restrictions, order, limit, TTL). Repository methods and tests carry
 * the query ids with {@code @ServesQuery}.
 *
 * <p>
 * The facts assume a deployment of 100,000 sensors on 1,000 sites, each sensor sampling
 * at most once per second (registration refuses a shorter interval), readings kept 30
 * days and rollups a year. Row sizes are the bytes of a row's clustering and regular
 * values (the partition key is stored once per partition and counted apart): 8 per
 * {@code timestamp} or {@code double}, 4 per {@code int}, 16 per {@code uuid}, the
 * characters of a {@code text}. The model check
 * ({@code MeasuredPartitionsIntegrationTests}) compares them with the node's own
 * partition sizes after loading the simulator's data.
 *
 * <p>
 * Each query and write declares the level it runs at ({@code at(...)}), as its repository
 * sets it: {@code LOCAL_QUORUM}, so that a registration or a reading acknowledged is in
 * the next read, but for the rollup chart's reads (Q6), at {@code LOCAL_ONE}.
 */
public class IotSensorsQueryCatalog implements QueryCatalog {

	private static final long SENSORS = 100_000;

	private static final long SITES = 1_000;

	private static final List<AccessPattern> PATTERNS = List.of(
			new AccessPattern("Q1", "a sensor by its id (also: is this sensor registered? on every ingestion)",
					"sensors_by_id",
					"SELECT sensor_id, site_id, type, sampling_interval_seconds, registered_at FROM sensors_by_id "
							+ "WHERE sensor_id = ?",
					"",
					SizingFacts.singleRow(SENSORS, 40, 0.001,
							"one row per sensor: site_id uuid, type (~12 characters, at most 40), "
									+ "sampling_interval_seconds int, registered_at timestamp; written once at "
									+ "registration"))
				.at(LOCAL_QUORUM),
			new AccessPattern("Q2", "the sensors of a site, in sensor-id order, paged", "sensors_by_site",
					"SELECT site_id, sensor_id, type, sampling_interval_seconds, registered_at FROM sensors_by_site "
							+ "WHERE site_id = ? AND sensor_id > ? LIMIT ?",
					"sensor_id ASC",
					new SizingFacts(SITES, 10_000, 40, 0.01,
							"100 sensors per site on average; 10,000 is the assumed largest site, not enforced in "
									+ "code (rows: sensor_id uuid, type ~12 characters, int, timestamp)"))
				.withVariants("SELECT site_id, sensor_id, type, sampling_interval_seconds, registered_at "
						+ "FROM sensors_by_site WHERE site_id = ? LIMIT ?")
				.at(LOCAL_QUORUM),
			new AccessPattern("Q3", "a sensor's readings in a time range, newest first (one hour partition per read)",
					"sensor_data",
					"SELECT sensor_id, date, hour, reading_time, temperature, humidity, battery_level FROM sensor_data "
							+ "WHERE sensor_id = ? AND date = ? AND hour = ? AND reading_time >= ? AND reading_time < ? "
							+ "ORDER BY reading_time DESC LIMIT ?",
					"reading_time DESC", sensorData())
				.at(LOCAL_QUORUM),
			new AccessPattern("Q4", "a sensor's readings in a time range, oldest first (one hour partition per read)",
					"sensor_data",
					"SELECT sensor_id, date, hour, reading_time, temperature, humidity, battery_level FROM sensor_data "
							+ "WHERE sensor_id = ? AND date = ? AND hour = ? AND reading_time >= ? AND reading_time < ? "
							+ "ORDER BY reading_time ASC LIMIT ?",
					"reading_time ASC", sensorData())
				.at(LOCAL_QUORUM),
			new AccessPattern("Q5", "the aggregates of one sensor-hour, to recompute its rollup after an ingestion",
					"sensor_data",
					"SELECT count(*) AS reading_count, min(temperature) AS temperature_min, "
							+ "max(temperature) AS temperature_max, avg(temperature) AS temperature_avg, "
							+ "min(humidity) AS humidity_min, max(humidity) AS humidity_max, "
							+ "avg(humidity) AS humidity_avg, min(battery_level) AS battery_level_min, "
							+ "max(battery_level) AS battery_level_max, "
							+ "avg(CAST(battery_level AS double)) AS battery_level_avg, "
							+ "min(reading_time) AS first_reading_time, max(reading_time) AS last_reading_time "
							+ "FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?",
					"", sensorData())
				.at(LOCAL_QUORUM),
			new AccessPattern("Q6", "a sensor's hourly rollups in a range of up to 31 days, oldest first",
					"hourly_rollups_by_sensor",
					"SELECT sensor_id, date, hour_start, reading_count, temperature_min, temperature_max, "
							+ "temperature_avg, humidity_min, humidity_max, humidity_avg, battery_level_min, "
							+ "battery_level_max, battery_level_avg, first_reading_time, last_reading_time "
							+ "FROM hourly_rollups_by_sensor WHERE sensor_id = ? AND date = ? AND hour_start >= ? "
							+ "AND hour_start < ? LIMIT ?",
					"hour_start ASC",
					new SizingFacts(SENSORS * 365, 24, 92, 1,
							"one partition per sensor and UTC day, 24 hourly rows of 92 bytes (timestamp, 3 ints, "
									+ "7 doubles, 2 timestamps); rewritten after every ingestion touching the hour: "
									+ "at most about one write per second for a sensor sending readings one by one. "
									+ "Each rollup expires a year after its hour began, so a day's rows expire one "
									+ "per hour")
						.withDeletesPerSecondPerPartition(1.0 / 3_600))
				.at(LOCAL_ONE),
			new AccessPattern("Q7", "a sensor's latest reading", "latest_reading_by_sensor",
					"SELECT sensor_id, reading_time, temperature, humidity, battery_level FROM latest_reading_by_sensor "
							+ "WHERE sensor_id = ?",
					"",
					SizingFacts.singleRow(SENSORS, 28, 1,
							"one row per sensor, overwritten by every ingestion request (at most one per second "
									+ "for a sensor sending readings one by one)"))
				.at(LOCAL_QUORUM));

	private static final List<WritePattern> WRITES = List.of(
			new WritePattern("W1", "Register a sensor (one timestamp with its copy under the site, W2)",
					"sensors_by_id",
					"INSERT INTO sensors_by_id (sensor_id, site_id, type, sampling_interval_seconds, registered_at) "
							+ "VALUES (?, ?, ?, ?, ?)")
				.at(LOCAL_QUORUM),
			new WritePattern("W2", "Copy a registration under its site (never moves: a registration cannot change)",
					"sensors_by_site",
					"INSERT INTO sensors_by_site (site_id, sensor_id, type, sampling_interval_seconds, registered_at) "
							+ "VALUES (?, ?, ?, ?, ?)")
				.at(LOCAL_QUORUM),
			new WritePattern("W3",
					"Store a reading in its hour partition, with the TTL left from its own time; unlogged "
							+ "single-partition batches of 25",
					"sensor_data",
					"INSERT INTO sensor_data (sensor_id, date, hour, reading_time, temperature, humidity, "
							+ "battery_level) VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?")
				.at(LOCAL_QUORUM),
			new WritePattern("W4",
					"Offer the newest reading of an ingestion as the sensor's latest, with the reading's own time "
							+ "as its write timestamp (set by the dual writer), so the newest reading wins",
					"latest_reading_by_sensor",
					"INSERT INTO latest_reading_by_sensor (sensor_id, reading_time, temperature, humidity, "
							+ "battery_level) VALUES (?, ?, ?, ?, ?)")
				.at(LOCAL_QUORUM),
			new WritePattern("W5",
					"Upsert an hour's rollup whole, recomputed from its raw partition (Q5), with the moment of that "
							+ "read as its write timestamp and the TTL left from the hour's start",
					"hourly_rollups_by_sensor",
					"INSERT INTO hourly_rollups_by_sensor (sensor_id, date, hour_start, reading_count, "
							+ "temperature_min, temperature_max, temperature_avg, humidity_min, humidity_max, "
							+ "humidity_avg, battery_level_min, battery_level_max, battery_level_avg, "
							+ "first_reading_time, last_reading_time) "
							+ "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?")
				.at(LOCAL_QUORUM));

	private static final List<CatalogExemption> EXEMPTIONS = List.of(
			new CatalogExemption("sensor_data", "reversed-order",
					"Q4 (oldest first) reads a slice of one hour partition (at most 3,600 rows, about 170 kB at "
							+ "the 45-48 B a row measured) against its clustering order. Measured on a flushed full "
							+ "hour on the embedded node: a 20-row page took a median 1.1 ms oldest first against "
							+ "0.8 ms newest first, a 100-row page 0.9 against 0.8 ms, the whole hour 7.3 ms both "
							+ "ways. The table is clustered for Q3, newest first, what dashboards read; a copy "
							+ "clustered ascending would double every raw write to save a fraction of a "
							+ "millisecond on the rarer oldest-first read."),
			new CatalogExemption("sensor_data", "tombstones",
					"Rows expire (TTL from each reading's own time), they are never deleted, and expired rows "
							+ "are never inside a slice that is read: Q3/Q4 start at the retention horizon "
							+ "(ReadingService raises `from` to now - retention), Q5 reads only hours within the "
							+ "24-hour late allowance, and TimeWindowCompactionStrategy drops each expired day "
							+ "whole (ReadingServiceIntegrationTests.rangeNeverReachesPastTheRetention)."),
			new CatalogExemption("hourly_rollups_by_sensor", "tombstones",
					"Rollups expire a year after their hour began, they are never deleted, and Q6 starts at "
							+ "the retention horizon (RollupService raises `from` to now - one year), so expired "
							+ "rows are never inside a slice that is read "
							+ "(RollupServiceIntegrationTests.rollupsNeverReachPastTheRetention)."));

	private static SizingFacts sensorData() {
		return new SizingFacts(SENSORS * 30 * 24, 3_600, 28, 1,
				"one partition per sensor and UTC hour, kept 30 days (720 per sensor); at most one reading per "
						+ "second (registration refuses a shorter sampling interval), so at most 3,600 rows of 28 "
						+ "bytes of values (reading_time, temperature, humidity: 8 each; battery_level 4), about "
						+ "45-48 bytes a row on disk as measured (model check, nodetool): about 170 kB per partition. "
						+ "Each reading expires 30 days after its own time, so an hour's rows expire one per "
						+ "second during the hour its partition ages out")
			.withDeletesPerSecondPerPartition(1);
	}

	@Override
	public String keyspace() {
		return "iot_sensors";
	}

	/**
	 * The service's own queries, then the write intents' (every registration and every
	 * ingestion records one: at peak, each sensor's batch once a minute).
	 */
	@Override
	public List<AccessPattern> accessPatterns() {
		return Stream.concat(PATTERNS.stream(), WriteIntentsCatalog.accessPatterns(SENSORS / 60.0).stream()).toList();
	}

	@Override
	public List<WritePattern> writePatterns() {
		return Stream.concat(WRITES.stream(), WriteIntentsCatalog.writePatterns().stream()).toList();
	}

	@Override
	public Map<String, String> infrastructureTables() {
		Map<String, String> tables = new HashMap<>(QueryCatalog.super.infrastructureTables());
		tables.putAll(WriteIntentsCatalog.infrastructureTables());
		return tables;
	}

	@Override
	public List<CatalogExemption> exemptions() {
		return EXEMPTIONS;
	}

	/**
	 * Every route's partition budget. The time-bucketed reads walk one partition per
	 * bucket their range spans, so the worst cases follow from the service's default
	 * settings, bound here exactly as the application binds them: the longest range a
	 * readings request may ask for (hour buckets), the longest rollups range (day
	 * buckets), and the window a reading's time must fall in (late allowance and clock
	 * skew), since an ingestion recomputes the rollup of every hour it touched from that
	 * hour's raw partition.
	 */
	@Override
	public List<RouteBudget> routeBudgets() {
		ReadingProperties readings = new Binder().bindOrCreate("querydriven.iot-sensors.reading",
				ReadingProperties.class);
		RollupProperties rollups = new Binder().bindOrCreate("querydriven.iot-sensors.rollup", RollupProperties.class);
		int readingHours = bucketsSpanned(readings.maxRange(), Duration.ofHours(1));
		int ingestedHours = bucketsSpanned(readings.lateAllowance().plus(readings.clockSkewAllowance()),
				Duration.ofHours(1));
		int rollupDays = bucketsSpanned(rollups.maxRange(), Duration.ofDays(1));
		return List.of(new RouteBudget("POST /sensors", 1, 1, "the sensor, to tell a new registration from a replay"),
				new RouteBudget("GET /sensors/{sensorId}", 1, 1, "the sensor"),
				new RouteBudget("GET /sites/{siteId}/sensors", 1, 1, "the site's sensors, one partition"),
				new RouteBudget("POST /sensors/{sensorId}/readings", 1 + ingestedHours, 1 + ingestedHours,
						"the sensor, then the raw partition of every hour the batch touched, to recompute its rollup: "
								+ ingestedHours + " hours for readings spread over the "
								+ readings.lateAllowance().toHours() + " h late allowance and the "
								+ readings.clockSkewAllowance().toMinutes() + " min clock skew"),
				new RouteBudget("GET /sensors/{sensorId}/readings", 1 + readingHours, 1 + readingHours,
						"the sensor, then one hour partition after the other until the page is full: " + readingHours
								+ " for the longest range (" + readings.maxRange().toHours()
								+ " h, not aligned to the hour) with no readings"),
				new RouteBudget("GET /sensors/{sensorId}/readings/latest", 2, 2,
						"the latest reading; only a miss also reads the sensor, to tell an unknown sensor from a "
								+ "silent one"),
				new RouteBudget("GET /sensors/{sensorId}/rollups/hourly", 1 + rollupDays, 1 + rollupDays,
						"the sensor, then every day partition of the range: " + rollupDays + " for the longest range ("
								+ rollups.maxRange().toDays() + " days, not aligned to midnight)"),
				new RouteBudget("GET /buckets/advice", 0, 0, "arithmetic on the given rates: no read"));
	}

	/**
	 * The most buckets a range of the given length can touch: one more than it spans
	 * whole, when it does not start on a bucket boundary.
	 */
	private static int bucketsSpanned(Duration length, Duration bucket) {
		long whole = (length.toNanos() + bucket.toNanos() - 1) / bucket.toNanos();
		return Math.toIntExact(whole + 1);
	}

}
