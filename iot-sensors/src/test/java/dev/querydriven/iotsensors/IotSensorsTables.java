package dev.querydriven.iotsensors;

import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.iotsensors.ingestion.NewReading;
import dev.querydriven.modeling.bucket.Bucket;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads the tables straight from the node, write timestamps included: every non-key
 * column of every copied or derived row must carry the one timestamp its write chose, or
 * the row could end up a mix of two writes.
 */
public final class IotSensorsTables {

	private final CqlSession session;

	public IotSensorsTables(CqlSession session) {
		this.session = session;
	}

	/**
	 * Both copies of a registration agree, and every column of both carries the
	 * registration's one timestamp, the microsecond its {@code registered_at} was taken
	 * from.
	 * @param sensorId the sensor
	 * @return the registration's timestamp
	 */
	public long assertRegistrationCopiesAgree(UUID sensorId) {
		Row byId = this.session
			.execute("SELECT site_id, type, sampling_interval_seconds, registered_at, WRITETIME(site_id) AS w1, "
					+ "WRITETIME(type) AS w2, WRITETIME(sampling_interval_seconds) AS w3, "
					+ "WRITETIME(registered_at) AS w4 FROM sensors_by_id WHERE sensor_id = ?", sensorId)
			.one();
		assertThat(byId).as("sensors_by_id row of %s", sensorId).isNotNull();
		Row bySite = this.session
			.execute(
					"SELECT type, sampling_interval_seconds, registered_at, WRITETIME(type) AS w1, "
							+ "WRITETIME(sampling_interval_seconds) AS w2, WRITETIME(registered_at) AS w3 "
							+ "FROM sensors_by_site WHERE site_id = ? AND sensor_id = ?",
					byId.getUuid("site_id"), sensorId)
			.one();
		assertThat(bySite).as("sensors_by_site row of %s", sensorId).isNotNull();
		assertThat(bySite.getString("type")).isEqualTo(byId.getString("type"));
		assertThat(bySite.getInt("sampling_interval_seconds")).isEqualTo(byId.getInt("sampling_interval_seconds"));
		assertThat(bySite.getInstant("registered_at")).isEqualTo(byId.getInstant("registered_at"));
		long timestamp = oneWriteTime(byId, 4);
		assertThat(oneWriteTime(bySite, 3)).as("the copies' timestamp").isEqualTo(timestamp);
		assertThat(byId.getInstant("registered_at").toEpochMilli()).isEqualTo(timestamp / 1000);
		return timestamp;
	}

	/**
	 * A sensor's latest reading is the expected one, and every column carries the
	 * reading's own time as its timestamp (in microseconds, a hash of the values in the
	 * sub-millisecond digits).
	 * @param sensorId the sensor
	 * @param expected the reading that must be the latest
	 */
	public void assertLatestReading(UUID sensorId, NewReading expected) {
		Row latest = this.session
			.execute("SELECT reading_time, temperature, humidity, battery_level, WRITETIME(reading_time) AS w1, "
					+ "WRITETIME(temperature) AS w2, WRITETIME(humidity) AS w3, WRITETIME(battery_level) AS w4 "
					+ "FROM latest_reading_by_sensor WHERE sensor_id = ?", sensorId)
			.one();
		assertThat(latest).as("latest reading of %s", sensorId).isNotNull();
		assertThat(new NewReading(latest.getInstant("reading_time"), latest.getDouble("temperature"),
				latest.getDouble("humidity"), latest.getInt("battery_level")))
			.isEqualTo(expected);
		long micros = expected.time().toEpochMilli() * 1000;
		assertThat(oneWriteTime(latest, 4)).isBetween(micros, micros + 999);
	}

	/**
	 * Every column of an hour's rollup carries one timestamp (the moment its raw hour was
	 * read).
	 * @param sensorId the sensor
	 * @param hour the hour
	 * @return the rollup's timestamp
	 */
	public long rollupWriteTime(UUID sensorId, Bucket hour) {
		Row rollup = this.session
			.execute("SELECT WRITETIME(reading_count) AS w1, WRITETIME(temperature_min) AS w2, "
					+ "WRITETIME(temperature_max) AS w3, WRITETIME(temperature_avg) AS w4, "
					+ "WRITETIME(humidity_min) AS w5, WRITETIME(humidity_max) AS w6, WRITETIME(humidity_avg) AS w7, "
					+ "WRITETIME(battery_level_min) AS w8, WRITETIME(battery_level_max) AS w9, "
					+ "WRITETIME(battery_level_avg) AS w10, WRITETIME(first_reading_time) AS w11, "
					+ "WRITETIME(last_reading_time) AS w12 FROM hourly_rollups_by_sensor "
					+ "WHERE sensor_id = ? AND date = ? AND hour_start = ?", sensorId, hour.date(), hour.start())
			.one();
		assertThat(rollup).as("rollup of %s at %s", sensorId, hour).isNotNull();
		return oneWriteTime(rollup, 12);
	}

	private static long oneWriteTime(Row row, int columns) {
		long first = row.getLong("w1");
		for (int i = 2; i <= columns; i++) {
			assertThat(row.getLong("w" + i)).as("write time of column %d of %d", i, columns).isEqualTo(first);
		}
		return first;
	}

}
