package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.ReactiveResultSet;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * Computes a rollup from {@code sensor_data} and stores and reads
 * {@code hourly_rollups_by_sensor}. Every read restricts the full partition key.
 *
 * <p>
 * The one place the service maps a row by hand: Q5's answer is an aggregate (a count,
 * minima, maxima and means computed by Cassandra inside one raw partition), not a row of
 * any table, so it has no entity; and an hour without readings answers one row of
 * {@code null} aggregates, which no entity of primitive values could take.
 */
@Repository
class RollupRepository {

	// avg() of an int column is an int (a truncated mean): the battery level is cast.
	// Criteria cannot say aggregates: the template runs this text (prepared once).
	private static final String AGGREGATE_HOUR = "SELECT count(*) AS reading_count, "
			+ "min(temperature) AS temperature_min, max(temperature) AS temperature_max, "
			+ "avg(temperature) AS temperature_avg, min(humidity) AS humidity_min, max(humidity) AS humidity_max, "
			+ "avg(humidity) AS humidity_avg, min(battery_level) AS battery_level_min, "
			+ "max(battery_level) AS battery_level_max, avg(CAST(battery_level AS double)) AS battery_level_avg, "
			+ "min(reading_time) AS first_reading_time, max(reading_time) AS last_reading_time "
			+ "FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?";

	/**
	 * LOCAL_ONE: a chart over days tolerates a rollup that lags by a replica's catch-up,
	 * and one replica per partition is half the work of a quorum over 31 partitions. (On
	 * one node both are the same.)
	 */
	private static final QueryOptions CHART_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_ONE)
		.idempotent(true)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	RollupRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
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
		SimpleStatement aggregate = SimpleStatement.newInstance(AGGREGATE_HOUR, sensorId, hour.date(), hour.hour())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		// The template's execute prepares the text once; its rows are mapped below.
		return this.template.execute(aggregate)
			.flatMapMany(ReactiveResultSet::rows)
			.next()
			.filter((row) -> row.getLong("reading_count") > 0)
			.map((row) -> toRollup(sensorId, hour, row));
	}

	private static HourlyRollupsBySensorRow toRollup(UUID sensorId, Bucket hour, Row row) {
		return new HourlyRollupsBySensorRow(sensorId, hour.date(), hour.start(),
				Math.toIntExact(row.getLong("reading_count")), row.getDouble("temperature_min"),
				row.getDouble("temperature_max"), row.getDouble("temperature_avg"), row.getDouble("humidity_min"),
				row.getDouble("humidity_max"), row.getDouble("humidity_avg"), row.getInt("battery_level_min"),
				row.getInt("battery_level_max"), row.getDouble("battery_level_avg"),
				row.getInstant("first_reading_time"), row.getInstant("last_reading_time"));
	}

	/**
	 * The upsert of a rollup, whole (for a write with the timestamp of the read it was
	 * computed from). LOCAL_QUORUM, idempotent (same values, same timestamp).
	 * @param rollup the rollup
	 * @param ttlSeconds its time to live
	 * @return the insert
	 */
	Mono<BoundStatement> insert(HourlyRollupsBySensorRow rollup, int ttlSeconds) {
		WriteOptions options = WriteOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.ttl(ttlSeconds)
			.build();
		return this.statements.insert(rollup, options);
	}

	/**
	 * Q6: the rollups of one day partition whose hour starts in the slice, oldest first,
	 * continuing after {@code after}.
	 * @param sensorId the sensor
	 * @param slice the day and the instants to cover
	 * @param after the last hour already returned, or {@code null}
	 * @param limit the most rows to return
	 * @return the rollups, oldest first
	 */
	@ServesQuery("Q6")
	Flux<HourlyRollupsBySensorRow> findInDay(UUID sensorId, BucketSlice slice, Instant after, int limit) {
		Instant lower = (after != null) ? after.plusMillis(1) : slice.from();
		Query day = Query
			.query(where("sensorId").is(sensorId), where("date").is(slice.bucket().date()),
					where("hourStart").gte(lower), where("hourStart").lt(slice.to()))
			.limit(limit)
			.queryOptions(CHART_READ);
		return this.template.select(day, HourlyRollupsBySensorRow.class);
	}

}
