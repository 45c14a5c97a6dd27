package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * Computes a rollup from {@code sensor_data} and stores and reads
 * {@code hourly_rollups_by_sensor}. Statements are prepared once, at startup.
 */
@Repository
class RollupRepository {

	// avg() of an int column is an int (a truncated mean): the battery level is cast.
	private static final String AGGREGATE_HOUR = "SELECT count(*) AS reading_count, "
			+ "min(temperature) AS temperature_min, max(temperature) AS temperature_max, "
			+ "avg(temperature) AS temperature_avg, min(humidity) AS humidity_min, max(humidity) AS humidity_max, "
			+ "avg(humidity) AS humidity_avg, min(battery_level) AS battery_level_min, "
			+ "max(battery_level) AS battery_level_max, avg(CAST(battery_level AS double)) AS battery_level_avg, "
			+ "min(reading_time) AS first_reading_time, max(reading_time) AS last_reading_time "
			+ "FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?";

	private static final String COLUMNS = "sensor_id, date, hour_start, reading_count, temperature_min, "
			+ "temperature_max, temperature_avg, humidity_min, humidity_max, humidity_avg, battery_level_min, "
			+ "battery_level_max, battery_level_avg, first_reading_time, last_reading_time";

	private static final String UPSERT = "INSERT INTO hourly_rollups_by_sensor (" + COLUMNS + ") "
			+ "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ? AND TIMESTAMP ?";

	private static final String SELECT_IN_DAY = "SELECT " + COLUMNS + " FROM hourly_rollups_by_sensor "
			+ "WHERE sensor_id = ? AND date = ? AND hour_start >= ? AND hour_start < ? LIMIT ?";

	private final CqlSession session;

	private final PreparedStatement aggregateHour;

	private final PreparedStatement upsert;

	private final PreparedStatement selectInDay;

	RollupRepository(CqlSession session) {
		this.session = session;
		this.aggregateHour = session.prepare(AGGREGATE_HOUR);
		this.upsert = session.prepare(UPSERT);
		this.selectInDay = session.prepare(SELECT_IN_DAY);
	}

	/**
	 * Q5: the aggregates of one raw hour partition, computed by Cassandra inside that
	 * partition (one partition read; the rows never travel to the service).
	 *
	 * <p>
	 * LOCAL_QUORUM: the aggregate must include every reading whose write was acknowledged
	 * at LOCAL_QUORUM before this read began.
	 * @param sensorId the sensor
	 * @param hour the hour
	 * @return the rollup, or empty when the hour holds no reading
	 */
	@ServesQuery("Q5")
	Mono<HourlyRollupsBySensorRow> aggregateHour(UUID sensorId, Bucket hour) {
		return Mono
			.from(this.session.executeReactive(this.aggregateHour.bind(sensorId, hour.date(), hour.hour())
				.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
				.setIdempotent(true)))
			.filter((row) -> row.getLong("reading_count") > 0)
			.map((row) -> new HourlyRollupsBySensorRow(sensorId, hour.date(), hour.start(),
					Math.toIntExact(row.getLong("reading_count")), row.getDouble("temperature_min"),
					row.getDouble("temperature_max"), row.getDouble("temperature_avg"), row.getDouble("humidity_min"),
					row.getDouble("humidity_max"), row.getDouble("humidity_avg"), row.getInt("battery_level_min"),
					row.getInt("battery_level_max"), row.getDouble("battery_level_avg"),
					row.getInstant("first_reading_time"), row.getInstant("last_reading_time")));
	}

	/**
	 * Upserts a rollup whole. LOCAL_QUORUM, idempotent (same values, same timestamp).
	 * @param row the rollup
	 * @param ttlSeconds its time to live
	 * @param timestampMicros its write timestamp
	 * @return completes once written
	 */
	Mono<Void> upsert(HourlyRollupsBySensorRow row, int ttlSeconds, long timestampMicros) {
		return Flux.from(this.session.executeReactive(this.upsert
			.bind(row.sensorId(), row.date(), row.hourStart(), row.readingCount(), row.temperatureMin(),
					row.temperatureMax(), row.temperatureAvg(), row.humidityMin(), row.humidityMax(), row.humidityAvg(),
					row.batteryLevelMin(), row.batteryLevelMax(), row.batteryLevelAvg(), row.firstReadingTime(),
					row.lastReadingTime(), ttlSeconds, timestampMicros)
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true))).then();
	}

	/**
	 * Q6: the rollups of one day partition whose hour starts in the slice, oldest first,
	 * continuing after {@code after}.
	 *
	 * <p>
	 * LOCAL_ONE: a chart over days tolerates a rollup that lags by a replica's catch-up,
	 * and one replica per partition is half the work of a quorum over 31 partitions. (On
	 * one node both are the same.)
	 * @param sensorId the sensor
	 * @param slice the day and the instants to cover
	 * @param after the last hour already returned, or {@code null}
	 * @param limit the most rows to return
	 * @return the rollups, oldest first
	 */
	@ServesQuery("Q6")
	Flux<HourlyRollupsBySensorRow> findInDay(UUID sensorId, BucketSlice slice, Instant after, int limit) {
		Instant lower = (after != null) ? after.plusMillis(1) : slice.from();
		return Flux.from(this.session
			.executeReactive(this.selectInDay.bind(sensorId, slice.bucket().date(), lower, slice.to(), limit)
				.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_ONE)
				.setIdempotent(true)))
			.map(RollupRepository::toRow);
	}

	private static HourlyRollupsBySensorRow toRow(Row row) {
		return new HourlyRollupsBySensorRow(row.getUuid("sensor_id"), row.getLocalDate("date"),
				row.getInstant("hour_start"), row.getInt("reading_count"), row.getDouble("temperature_min"),
				row.getDouble("temperature_max"), row.getDouble("temperature_avg"), row.getDouble("humidity_min"),
				row.getDouble("humidity_max"), row.getDouble("humidity_avg"), row.getInt("battery_level_min"),
				row.getInt("battery_level_max"), row.getDouble("battery_level_avg"),
				row.getInstant("first_reading_time"), row.getInstant("last_reading_time"));
	}

}
