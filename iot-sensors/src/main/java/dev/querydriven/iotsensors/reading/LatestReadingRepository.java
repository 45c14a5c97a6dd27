package dev.querydriven.iotsensors.reading;

import java.util.Objects;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code latest_reading_by_sensor}: one row per sensor. Statements are prepared once.
 */
@Repository
public class LatestReadingRepository {

	private static final String SELECT = "SELECT sensor_id, reading_time, temperature, humidity, battery_level "
			+ "FROM latest_reading_by_sensor WHERE sensor_id = ?";

	private static final String UPSERT = "INSERT INTO latest_reading_by_sensor (sensor_id, reading_time, "
			+ "temperature, humidity, battery_level) VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?";

	private final CqlSession session;

	private final PreparedStatement select;

	private final PreparedStatement upsert;

	LatestReadingRepository(CqlSession session) {
		this.session = session;
		this.select = session.prepare(SELECT);
		this.upsert = session.prepare(UPSERT);
	}

	/**
	 * Q7. LOCAL_QUORUM: the latest reading acknowledged by a 202 is the one returned.
	 * @param sensorId the sensor
	 * @return its latest reading, or empty before its first one
	 */
	@ServesQuery("Q7")
	Mono<LatestReadingBySensorRow> findLatest(UUID sensorId) {
		return Mono.from(this.session.executeReactive(this.select.bind(sensorId)
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true))).map(LatestReadingRepository::toRow);
	}

	/**
	 * Offers a reading as the sensor's latest, written with {@link #writeTimestamp} so
	 * that among all readings ever offered Cassandra keeps the newest: last-write-wins
	 * compares write timestamps, not arrival order, so a late, older reading loses
	 * without any read before the write. LOCAL_QUORUM, idempotent.
	 * @param row the candidate
	 * @return completes once written
	 */
	public Mono<Void> offer(LatestReadingBySensorRow row) {
		return Flux
			.from(this.session.executeReactive(this.upsert
				.bind(row.sensorId(), row.readingTime(), row.temperature(), row.humidity(), row.batteryLevel(),
						writeTimestamp(row))
				.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
				.setIdempotent(true)))
			.then();
	}

	/**
	 * The write timestamp of a latest-reading row: the reading's own time in
	 * microseconds. A reading time has millisecond resolution, which leaves the three
	 * sub-millisecond digits free; they carry a hash of the values. Without it, two
	 * different versions of one instant (a re-sent, corrected reading) would tie, and
	 * Cassandra settles a tie cell by cell by the larger value, which could leave a mix
	 * of both versions in the row. With it, one version wins whole, the same one on every
	 * replica and replay (which one is arbitrary; the raw row and the rollup keep the
	 * last version written). Identical duplicates get identical timestamps. The timestamp
	 * may lie up to the clock-skew allowance in the future, below the node's 10-minute
	 * future-timestamp warning.
	 * @param row the reading
	 * @return microseconds since the epoch
	 */
	static long writeTimestamp(LatestReadingBySensorRow row) {
		int valuesHash = Objects.hash(row.temperature(), row.humidity(), row.batteryLevel());
		return Math.multiplyExact(row.readingTime().toEpochMilli(), 1000L) + Math.floorMod(valuesHash, 1000);
	}

	private static LatestReadingBySensorRow toRow(Row row) {
		return new LatestReadingBySensorRow(row.getUuid("sensor_id"), row.getInstant("reading_time"),
				row.getDouble("temperature"), row.getDouble("humidity"), row.getInt("battery_level"));
	}

}
