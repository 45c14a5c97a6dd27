package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.ToIntFunction;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.ReadOrder;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * {@code sensor_data} (writes one hour partition at a time and reads a slice of one) and
 * {@code latest_reading_by_sensor} (one row per sensor). Every read restricts the full
 * partition key.
 */
@Repository
class ReadingRepository {

	/**
	 * Rows per single-partition batch. A batch of rows of ONE partition is applied as one
	 * mutation on one replica set: fewer round trips, no coordinator fan-out. Its size is
	 * bounded by {@code batch_size_warn_threshold} (5 KiB here): a row with a TTL weighs
	 * about 90 bytes in a mutation (clustering key, three cells and the row marker, each
	 * with its timestamp, TTL and expiry), so 25 rows stay near 2.3 KiB.
	 */
	static final int ROWS_PER_BATCH = 25;

	/**
	 * LOCAL_QUORUM: ingestion writes at LOCAL_QUORUM and answers once the rows are
	 * written, so a reading acknowledged by a 202 is in the next read (R + W > RF).
	 */
	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	/**
	 * A raw batch: LOCAL_QUORUM, so that the rows are readable at LOCAL_QUORUM before
	 * ingestion answers; idempotent, since every insert is an upsert of the same row.
	 */
	private static final QueryOptions BATCH = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private static final String INSERT = "INSERT INTO sensor_data (sensor_id, date, hour, reading_time, temperature, "
			+ "humidity, battery_level) VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?";

	/**
	 * Q3 and Q4, written out rather than built from a {@code Query} on every call: the
	 * template still prepares each once and maps the rows to the entity.
	 */
	private static final String IN_HOUR_NEWEST = "SELECT * FROM sensor_data WHERE sensor_id = ? AND date = ? "
			+ "AND hour = ? AND reading_time >= ? AND reading_time < ? ORDER BY reading_time DESC LIMIT ?";

	private static final String IN_HOUR_OLDEST = "SELECT * FROM sensor_data WHERE sensor_id = ? AND date = ? "
			+ "AND hour = ? AND reading_time >= ? AND reading_time < ? ORDER BY reading_time ASC LIMIT ?";

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	ReadingRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * Q3 and Q4: the readings of one hour partition within a slice, continuing strictly
	 * after {@code after}. {@code reading_time} has millisecond resolution, so "after t"
	 * newest first is {@code < t} and oldest first is {@code >= t + 1 ms}: one statement
	 * per order. A continuation never reaches below {@code slice.from()}, where the
	 * service has put the retention horizon, so it never scans expired rows.
	 *
	 * <p>
	 * Oldest first reads the partition against its clustering order ({@code reading_time
	 * DESC}), which the node does by walking the partition's index backwards. For an hour
	 * partition (at most 3,600 rows, about 170 kB) the cost is small: on a flushed full
	 * hour, a 20-row page took a median 1.1 ms oldest first against 0.8 ms newest first,
	 * and the whole hour 7.3 ms both ways. The table is clustered for Q3, newest first,
	 * the order dashboards read (a reviewed exemption in the model check).
	 *
	 * <p>
	 * LOCAL_QUORUM: ingestion writes at LOCAL_QUORUM and answers once the rows are
	 * written, so a reading acknowledged by a 202 is in the next read (R + W > RF).
	 * @param sensorId the sensor
	 * @param slice the hour and the instants to cover
	 * @param after the last reading time already returned, or {@code null}
	 * @param limit the most rows to return
	 * @param order newest or oldest first
	 * @return the rows, in order
	 */
	@ServesQuery({ "Q3", "Q4" })
	Flux<SensorDataRow> findInHour(UUID sensorId, BucketSlice slice, Instant after, int limit, ReadOrder order) {
		Bucket hour = slice.bucket();
		Instant lower = slice.from();
		Instant upper = slice.to();
		if (after != null && order == ReadOrder.NEWEST_FIRST) {
			upper = after.isBefore(upper) ? after : upper;
		}
		else if (after != null && !after.isBefore(lower)) {
			lower = after.plusMillis(1);
		}
		if (!lower.isBefore(upper)) {
			return Flux.empty();
		}
		String cql = (order == ReadOrder.NEWEST_FIRST) ? IN_HOUR_NEWEST : IN_HOUR_OLDEST;
		return this.template
			.select(SimpleStatement.newInstance(cql, sensorId, hour.date(), hour.hour(), lower, upper, limit)
				.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
				.setIdempotent(true), SensorDataRow.class);
	}

	/**
	 * Writes readings of ONE partition (one sensor, one hour) as unlogged
	 * single-partition batches of {@value #ROWS_PER_BATCH} rows, one after the other.
	 * Never a multi-partition batch: that would make one coordinator wait on many replica
	 * sets (the anti-pattern of batching for bulk loading).
	 *
	 * <p>
	 * Every insert is an idempotent upsert (same sensor and time = same row), so the
	 * driver may retry it. LOCAL_QUORUM, so that the rows are readable at LOCAL_QUORUM
	 * before ingestion answers.
	 * @param rows rows of one partition, with distinct reading times
	 * @param ttlSeconds each row's time to live
	 * @return completes once every row is written
	 */
	Mono<Void> insertPartition(List<SensorDataRow> rows, ToIntFunction<SensorDataRow> ttlSeconds) {
		if (rows.isEmpty()) {
			return Mono.empty();
		}
		Bucket partition = rows.get(0).bucket();
		UUID sensorId = rows.get(0).sensorId();
		for (SensorDataRow row : rows) {
			if (!row.sensorId().equals(sensorId) || !row.bucket().equals(partition)) {
				return Mono.error(new IllegalArgumentException(
						"A batch must hold one partition: " + row + " is not in " + sensorId + " " + partition));
			}
		}
		return Flux.fromIterable(rows)
			.buffer(ROWS_PER_BATCH)
			.concatMap((batch) -> Flux.fromIterable(batch)
				.concatMap((row) -> insert(row, ttlSeconds.applyAsInt(row)))
				.collectList()
				.flatMap((inserts) -> this.template.batchOps(BatchType.UNLOGGED)
					.addStatements(inserts)
					.withQueryOptions(BATCH)
					.execute()))
			.then();
	}

	/**
	 * One raw row with its TTL: the statement written out and bound by hand, the one
	 * write of this service that skips the entity. Ingestion turns every reading into an
	 * insert, and rendering each from the entity (converting its properties, building the
	 * CQL) was the largest cost of ingesting a batch (the service README, "What it costs,
	 * measured"). The text is the one Spring Data renders for a {@link SensorDataRow}
	 * with a TTL.
	 */
	private Mono<BoundStatement> insert(SensorDataRow row, int ttlSeconds) {
		return this.statements.bind(INSERT, COPY, row.sensorId(), row.date(), row.hour(), row.readingTime(),
				row.temperature(), row.humidity(), row.batteryLevel(), ttlSeconds);
	}

	/**
	 * A sensor's latest reading. LOCAL_QUORUM: the latest reading acknowledged by a 202
	 * is the one returned.
	 * @param sensorId the sensor
	 * @return its latest reading, or empty before its first one
	 */
	@ServesQuery("Q7")
	Mono<LatestReadingBySensorRow> findLatest(UUID sensorId) {
		return this.template
			.select(Query.query(where("sensorId").is(sensorId)).queryOptions(READ), LatestReadingBySensorRow.class)
			.next();
	}

	/**
	 * A reading offered as its sensor's latest (for a write with the reading's own
	 * timestamp).
	 * @param latest the candidate
	 * @return the insert
	 */
	Mono<BoundStatement> insertLatest(LatestReadingBySensorRow latest) {
		return this.statements.insert(latest, COPY);
	}

}
