package dev.querydriven.iotsensors;

import java.util.List;

import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.QueryCatalog;
import dev.querydriven.modeling.catalog.SizingFacts;

/**
 * Every query the service runs, step 1 of the guide's method, with the table serving it
 * and the sizing facts behind its partition key. Repository methods and tests carry the
 * ids with {@code @ServesQuery}.
 *
 * <p>
 * The facts assume a deployment of 100,000 sensors on 1,000 sites, each sensor sampling
 * at most once per second (registration refuses a shorter interval), readings kept 30
 * days and rollups a year.
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
					SizingFacts.singleRow(SENSORS, 56, 0.001,
							"one row per sensor (uuid, uuid, ~12-char type, int, timestamp), written once at "
									+ "registration")),
			new AccessPattern("Q2", "the sensors of a site, in sensor-id order, paged", "sensors_by_site",
					"SELECT site_id, sensor_id, type, sampling_interval_seconds, registered_at FROM sensors_by_site "
							+ "WHERE site_id = ? AND sensor_id > ? LIMIT ?",
					"sensor_id ASC",
					new SizingFacts(SITES, 10_000, 56, 0.01,
							"100 sensors per site on average; 10,000 is the assumed largest site (about 560 kB), "
									+ "not enforced in code")),
			new AccessPattern("Q3", "a sensor's readings in a time range, newest first (one hour partition per read)",
					"sensor_data",
					"SELECT sensor_id, date, hour, reading_time, temperature, humidity, battery_level FROM sensor_data "
							+ "WHERE sensor_id = ? AND date = ? AND hour = ? AND reading_time >= ? AND reading_time < ? "
							+ "ORDER BY reading_time DESC LIMIT ?",
					"reading_time DESC", sensorData()),
			new AccessPattern("Q4", "a sensor's readings in a time range, oldest first (one hour partition per read)",
					"sensor_data",
					"SELECT sensor_id, date, hour, reading_time, temperature, humidity, battery_level FROM sensor_data "
							+ "WHERE sensor_id = ? AND date = ? AND hour = ? AND reading_time >= ? AND reading_time < ? "
							+ "ORDER BY reading_time ASC LIMIT ?",
					"reading_time ASC", sensorData()),
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
					"", sensorData()),
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
									+ "at most about one write per second for a sensor sending readings one by one")),
			new AccessPattern("Q7", "a sensor's latest reading", "latest_reading_by_sensor",
					"SELECT sensor_id, reading_time, temperature, humidity, battery_level FROM latest_reading_by_sensor "
							+ "WHERE sensor_id = ?",
					"",
					SizingFacts.singleRow(SENSORS, 28, 1,
							"one row per sensor, overwritten by every ingestion request (at most one per second "
									+ "for a sensor sending readings one by one)")));

	private static SizingFacts sensorData() {
		return new SizingFacts(SENSORS * 30 * 24, 3_600, 28, 1,
				"one partition per sensor and UTC hour, kept 30 days (720 per sensor); at most one reading per "
						+ "second (registration refuses a shorter sampling interval), so at most 3,600 rows of 28 "
						+ "bytes of values (about 50 bytes on disk with the storage engine's per-row and per-cell "
						+ "overhead): about 180 kB per partition");
	}

	@Override
	public String keyspace() {
		return "iot_sensors";
	}

	@Override
	public List<AccessPattern> accessPatterns() {
		return PATTERNS;
	}

}
