package dev.querydriven.benchmarks.peer;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebInputException;

/**
 * iot-sensors' ingestion, {@code POST /sensors/{sensorId}/readings}, for the sensor
 * itself (a token whose subject is the sensor id, with the scope {@code readings:write}):
 * one reading object or an array of up to 1,000, answered with a 202 once every reading
 * is written and readable, and the hours it touched recomputed.
 *
 * <p>
 * The statements, in the service's order and stages, all at {@code LOCAL_QUORUM}:
 * <ol>
 * <li>the sensor's registry row (an unknown sensor is a 404, nothing written);</li>
 * <li>the change's write intent ({@link Intents}), {@code readings-stored} keyed by the
 * sensor and its first and last hour;</li>
 * <li>the raw rows: per hour partition, unlogged single-partition batches of
 * {@value #ROWS_PER_BATCH} inserts one after the other, up to {@value #WRITE_CONCURRENCY}
 * partitions at once; each row with the TTL left of its retention (counted from the
 * reading's own time), the batch idempotent, with the driver's timestamp;</li>
 * <li>then, side by side: the newest reading offered as the sensor's latest (idempotent,
 * its write timestamp the reading's own time), and, up to {@value #WRITE_CONCURRENCY}
 * hours at once, each touched hour's rollup: the aggregate read of its raw partition,
 * then the rollup's upsert with its TTL, its write timestamp the moment the read
 * began;</li>
 * <li>the answer, then the intent's completion.</li>
 * </ol>
 * Before any of it, the body is read and judged whole as the service judges it: its shape
 * field by field, then each reading's values and time window, readings of one instant
 * collapsed to the last one sent.
 */
final class IngestionPeer {

	/** The workloads this peer serves: one route, three batch sizes. */
	static final String INGEST_1 = "iot-sensors/ingest-1";

	static final String INGEST_100 = "iot-sensors/ingest-100";

	static final String INGEST_1000 = "iot-sensors/ingest-1000";

	/** The service's raw insert, character for character. */
	static final String INSERT = "INSERT INTO sensor_data (sensor_id, date, hour, reading_time, temperature, "
			+ "humidity, battery_level) VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?";

	/** The service's aggregate of one hour partition (Q5). */
	static final String AGGREGATE_HOUR = "SELECT count(*) AS reading_count, "
			+ "min(temperature) AS temperature_min, max(temperature) AS temperature_max, "
			+ "avg(temperature) AS temperature_avg, min(humidity) AS humidity_min, max(humidity) AS humidity_max, "
			+ "avg(humidity) AS humidity_avg, min(battery_level) AS battery_level_min, "
			+ "max(battery_level) AS battery_level_max, avg(CAST(battery_level AS double)) AS battery_level_avg, "
			+ "min(reading_time) AS first_reading_time, max(reading_time) AS last_reading_time "
			+ "FROM sensor_data WHERE sensor_id = ? AND date = ? AND hour = ?";

	/**
	 * The texts Spring Data renders for the rollup (with its TTL) and the latest reading.
	 */
	static final String ROLLUP = "INSERT INTO hourly_rollups_by_sensor (sensor_id,date,hour_start,reading_count,"
			+ "temperature_min,temperature_max,temperature_avg,humidity_min,humidity_max,humidity_avg,"
			+ "battery_level_min,battery_level_max,battery_level_avg,first_reading_time,last_reading_time) "
			+ "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) USING TTL ?";

	static final String LATEST = "INSERT INTO latest_reading_by_sensor (sensor_id,reading_time,temperature,humidity,"
			+ "battery_level) VALUES (?,?,?,?,?)";

	/** The kind of change an ingestion's intent records. */
	static final String STORED = "readings-stored";

	/** The scope a sensor's token needs to write its readings. */
	static final String WRITE_SCOPE = "readings:write";

	/** Rows per single-partition batch. */
	static final int ROWS_PER_BATCH = 25;

	/** Hour partitions written (and rollups recomputed) at once. */
	static final int WRITE_CONCURRENCY = 8;

	/** The most readings one request may carry. */
	static final int MAX_BATCH_SIZE = 1000;

	/** The services' settings ({@code querydriven.iot-sensors.*}). */
	static final Duration RETENTION = Duration.ofDays(30);

	static final Duration LATE_ALLOWANCE = Duration.ofHours(24);

	static final Duration CLOCK_SKEW_ALLOWANCE = Duration.ofMinutes(2);

	static final Duration ROLLUP_RETENTION = Duration.ofDays(365);

	private static final Set<String> FIELDS = Set.of("time", "temperature", "humidity", "batteryLevel");

	private final CqlSession session;

	private final BearerTokens tokens;

	private final Intents intents;

	private final Clock clock;

	private final AtomicLong lastMicros = new AtomicLong(Long.MIN_VALUE);

	private final PreparedStatement sensorById;

	private final PreparedStatement insert;

	private final PreparedStatement aggregateHour;

	private final PreparedStatement rollup;

	private final PreparedStatement latest;

	/**
	 * Prepares the statements once, with the consistency and idempotence their bound
	 * statements inherit (a batch carries its own).
	 * @param session the session, in the service's keyspace
	 * @param tokens checks the callers' tokens
	 * @param intents records and completes each ingestion's intent
	 * @param clock the clock readings are judged against
	 */
	IngestionPeer(CqlSession session, BearerTokens tokens, Intents intents, Clock clock) {
		this.session = session;
		this.tokens = tokens;
		this.intents = intents;
		this.clock = clock;
		this.sensorById = session.prepare(SimpleStatement.newInstance(LatestReadingsPeer.SENSOR_BY_ID)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
		this.insert = session
			.prepare(SimpleStatement.newInstance(INSERT).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM));
		this.aggregateHour = session.prepare(SimpleStatement.newInstance(AGGREGATE_HOUR)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
		this.rollup = session
			.prepare(SimpleStatement.newInstance(ROLLUP).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM));
		this.latest = session
			.prepare(SimpleStatement.newInstance(LATEST).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM));
	}

	/**
	 * The route.
	 * @return {@code POST /sensors/{sensorId}/readings}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.POST("/sensors/{sensorId}/readings"),
				(request) -> this.tokens.signedIn(request, (jwt) -> ingest(request, jwt)));
	}

	private Mono<ServerResponse> ingest(ServerRequest request, Jwt jwt) {
		String sensorText = request.pathVariable("sensorId");
		// The access rule comes before the parameters are read, as the services'
		// security filter runs before their controllers.
		if (!BearerTokens.owns(jwt, sensorText) || !grants(jwt, WRITE_SCOPE)) {
			return Problem.forbidden();
		}
		UUID sensorId;
		try {
			sensorId = Parameters.uuid("sensorId", sensorText);
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		return request.bodyToMono(JsonNode.class)
			.onErrorMap(ServerWebInputException.class, IngestionPeer::unreadable)
			.switchIfEmpty(
					Mono.error(() -> Parameters.Invalid.conversion("body", "is required and must be a JSON document")))
			.map((body) -> validate(parse(body), body.isObject(), this.clock.instant()))
			.flatMap((readings) -> execute(this.sensorById.bind(sensorId)).flatMap((sensor) -> {
				if (sensor.one() == null) {
					return Problem.notFound("No sensor " + sensorId);
				}
				return store(sensorId, readings).flatMap((partitions) -> ServerResponse.status(HttpStatus.ACCEPTED)
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue(new Accepted(readings.received(), partitions)));
			}))
			.onErrorResume(Parameters.Invalid.class, Parameters.Invalid::response)
			.onErrorResume(Intents.Overloaded.class, (ex) -> Problem.unavailable(ex.getMessage()));
	}

	/**
	 * Whether a token grants a scope, read as Spring Security reads it: the {@code scope}
	 * claim (else {@code scp}), a space-separated text or a list.
	 */
	static boolean grants(Jwt jwt, String scope) {
		Object scopes = jwt.hasClaim("scope") ? jwt.getClaims().get("scope") : jwt.getClaims().get("scp");
		if (scopes instanceof String text) {
			return !text.isBlank() && Arrays.asList(text.split(" ")).contains(scope);
		}
		return scopes instanceof Collection<?> list && list.contains(scope);
	}

	/**
	 * Writes the readings, then the tables derived from them, as one change.
	 * @return the number of hour partitions written
	 */
	private Mono<Integer> store(UUID sensorId, Readings readings) {
		return Mono.defer(() -> {
			TreeMap<Instant, List<Reading>> partitions = new TreeMap<>();
			for (Reading reading : readings.readings()) {
				partitions.computeIfAbsent(reading.time().truncatedTo(ChronoUnit.HOURS), (hour) -> new ArrayList<>())
					.add(reading);
			}
			List<Instant> hours = List.copyOf(partitions.keySet());
			Mono<List<Instant>> source = Flux.fromIterable(partitions.values())
				.flatMap((partition) -> insertPartition(sensorId, partition, readings.validatedAt()), WRITE_CONCURRENCY)
				.then(Mono.just(hours));
			Map<String, String> key = Map.of("sensor_id", sensorId.toString(), "first_hour", hourKey(hours.get(0)),
					"last_hour", hourKey(hours.get(hours.size() - 1)));
			return this.intents.run(STORED, key, source,
					(written) -> writeDerived(sensorId, readings, written).thenReturn(written.size()));
		});
	}

	/**
	 * One hour partition's rows, as unlogged batches of {@value #ROWS_PER_BATCH}, one
	 * after the other: one mutation on one replica set each, never a multi-partition
	 * batch.
	 */
	private Mono<Void> insertPartition(UUID sensorId, List<Reading> rows, Instant receivedAt) {
		Instant hour = rows.get(0).time().truncatedTo(ChronoUnit.HOURS);
		LocalDate date = LocalDate.ofInstant(hour, ZoneOffset.UTC);
		int hourOfDay = hour.atZone(ZoneOffset.UTC).getHour();
		return Flux.fromIterable(rows).buffer(ROWS_PER_BATCH).concatMap((batch) -> {
			List<BatchableStatement<?>> inserts = new ArrayList<>(batch.size());
			for (Reading row : batch) {
				inserts.add(this.insert.bind(sensorId, date, hourOfDay, row.time(), row.temperature(), row.humidity(),
						row.batteryLevel(), ttlSeconds(row.time(), receivedAt)));
			}
			return execute(BatchStatement.newInstance(DefaultBatchType.UNLOGGED, inserts)
				.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
				.setIdempotent(true));
		}).then();
	}

	/**
	 * Retention counted from the reading's own time: a reading that arrives a day late
	 * expires with its neighbours.
	 * @param time the reading's time
	 * @param receivedAt when its age was judged
	 * @return its TTL in seconds
	 */
	static int ttlSeconds(Instant time, Instant receivedAt) {
		return Math.toIntExact(RETENTION.minus(Duration.between(time, receivedAt)).toSeconds());
	}

	/**
	 * The latest reading and the rollups of the hours written, side by side; each
	 * statement retried on its own after a transient failure.
	 */
	private Mono<Void> writeDerived(UUID sensorId, Readings readings, List<Instant> hours) {
		Mono<Void> latest = Mono.defer(() -> {
			Reading newest = readings.readings().get(readings.readings().size() - 1);
			return write(this.latest.bind(sensorId, newest.time(), newest.temperature(), newest.humidity(),
					newest.batteryLevel()), latestTimestamp(newest));
		});
		Mono<Void> rollups = Flux.fromIterable(hours)
			.flatMap((hour) -> recompute(sensorId, hour, readings.validatedAt()), WRITE_CONCURRENCY)
			.then();
		return Flux.merge(latest, rollups).then();
	}

	/**
	 * An hour's rollup, recomputed from its raw partition by the node and upserted whole,
	 * with the moment its read began as the write timestamp: of two recomputes of one
	 * hour, the later read saw at least as many readings and wins.
	 */
	private Mono<Void> recompute(UUID sensorId, Instant hour, Instant receivedAt) {
		return Mono.defer(() -> {
			long readStartedMicros = nowMicros();
			LocalDate date = LocalDate.ofInstant(hour, ZoneOffset.UTC);
			return execute(this.aggregateHour.bind(sensorId, date, hour.atZone(ZoneOffset.UTC).getHour()))
				.flatMap((rows) -> {
					Row row = rows.one();
					if (row == null || row.getLong("reading_count") <= 0) {
						return Mono.empty();
					}
					// A rollup expires one retention after its hour began, however late
					// it was last recomputed.
					int ttl = Math.toIntExact(ROLLUP_RETENTION.minus(Duration.between(hour, receivedAt)).toSeconds());
					return write(this.rollup.bind(sensorId, date, hour, Math.toIntExact(row.getLong("reading_count")),
							row.getDouble("temperature_min"), row.getDouble("temperature_max"),
							row.getDouble("temperature_avg"), row.getDouble("humidity_min"),
							row.getDouble("humidity_max"), row.getDouble("humidity_avg"),
							row.getInt("battery_level_min"), row.getInt("battery_level_max"),
							row.getDouble("battery_level_avg"), row.getInstant("first_reading_time"),
							row.getInstant("last_reading_time"), ttl), readStartedMicros);
				});
		});
	}

	/**
	 * The latest reading's write timestamp: its time in microseconds, the sub-millisecond
	 * digits a hash of its values, so that two versions of one instant never tie cell by
	 * cell.
	 * @param reading the reading
	 * @return microseconds since the epoch
	 */
	static long latestTimestamp(Reading reading) {
		int valuesHash = Objects.hash(reading.temperature(), reading.humidity(), reading.batteryLevel());
		return Math.multiplyExact(reading.time().toEpochMilli(), 1000L) + Math.floorMod(valuesHash, 1000);
	}

	/**
	 * A write timestamp from the clock, strictly increasing here, as the services' time
	 * source gives one.
	 */
	private long nowMicros() {
		long now = ChronoUnit.MICROS.between(Instant.EPOCH, this.clock.instant());
		return this.lastMicros.updateAndGet((last) -> Math.max(now, last + 1));
	}

	private Mono<Void> write(Statement<?> statement, long timestampMicros) {
		return execute(statement.setQueryTimestamp(timestampMicros).setIdempotent(true)).retryWhen(Retries.copy())
			.then();
	}

	private Mono<AsyncResultSet> execute(Statement<?> statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	/**
	 * The key of an hour bucket, e.g. {@code 2026-05-03T14}.
	 * @param hour the hour's first instant
	 * @return the UTC date and hour
	 */
	static String hourKey(Instant hour) {
		return LocalDate.ofInstant(hour, ZoneOffset.UTC)
				+ String.format(Locale.ROOT, "T%02d", hour.atZone(ZoneOffset.UTC).getHour());
	}

	/**
	 * Reads the body, one reading object or an array of them, as the service reads it by
	 * hand: each field checked for presence and JSON type, no unknown field; the first
	 * problem named as the client wrote the field ({@code temperature}, or
	 * {@code readings[3].temperature} in an array).
	 * @param body the body
	 * @return the readings, in request order
	 * @throws Parameters.Invalid naming the first offending field
	 */
	static List<Reading> parse(JsonNode body) {
		if (body.isObject()) {
			return List.of(reading(body, -1));
		}
		if (!body.isArray()) {
			throw Parameters.Invalid.constraint("body", "must be a reading object or an array of readings");
		}
		if (body.isEmpty()) {
			throw Parameters.Invalid.constraint("readings", "must hold at least one reading");
		}
		if (body.size() > MAX_BATCH_SIZE) {
			throw Parameters.Invalid.constraint("readings",
					"holds " + body.size() + " readings, more than the " + MAX_BATCH_SIZE + " one request may carry");
		}
		List<Reading> readings = new ArrayList<>(body.size());
		for (int i = 0; i < body.size(); i++) {
			JsonNode element = body.get(i);
			if (!element.isObject()) {
				throw invalid(i, null, "must be a reading object");
			}
			readings.add(reading(element, i));
		}
		return readings;
	}

	private static Reading reading(JsonNode node, int index) {
		for (String name : node.propertyNames()) {
			if (!FIELDS.contains(name)) {
				throw invalid(index, name,
						"is not a field of a reading (known: batteryLevel, humidity, temperature, time)");
			}
		}
		JsonNode time = required(node, "time", index);
		if (!time.isString()) {
			throw invalid(index, "time", "must be an ISO-8601 instant such as 2026-05-03T14:00:00Z");
		}
		Instant instant;
		try {
			instant = Instant.parse(time.stringValue());
		}
		catch (DateTimeException ex) {
			throw invalid(index, "time", "is not an ISO-8601 instant such as 2026-05-03T14:00:00Z");
		}
		return new Reading(instant, number(node, "temperature", index), number(node, "humidity", index),
				wholeNumber(node, "batteryLevel", index));
	}

	private static double number(JsonNode node, String field, int index) {
		JsonNode value = required(node, field, index);
		if (!value.isNumber()) {
			throw invalid(index, field, "must be a number");
		}
		return value.numberValue().doubleValue();
	}

	private static int wholeNumber(JsonNode node, String field, int index) {
		JsonNode value = required(node, field, index);
		if (!value.isNumber()) {
			throw invalid(index, field, "must be a number");
		}
		if (!value.isIntegralNumber() || !value.canConvertToInt()) {
			throw invalid(index, field, "must be a whole number");
		}
		return value.intValue();
	}

	private static JsonNode required(JsonNode node, String field, int index) {
		JsonNode value = node.get(field);
		if (value == null || value.isNull()) {
			throw invalid(index, field, "is required");
		}
		return value;
	}

	/**
	 * A problem with one field of one reading, named as the client wrote it.
	 * @param index the reading's index in the array, or -1 for a single reading
	 */
	private static Parameters.Invalid invalid(int index, String field, String message) {
		String name;
		if (index < 0) {
			name = (field != null) ? field : "body";
		}
		else {
			name = "readings[" + index + "]" + ((field != null) ? "." + field : "");
		}
		return Parameters.Invalid.constraint(name, message);
	}

	/**
	 * Judges the readings whole before anything is written: values a sensor can produce,
	 * and a time the tables can hold (not beyond the clock-skew allowance in the future,
	 * not older than the retention or the late allowance). Times are cut to milliseconds,
	 * and readings of one instant collapse to the last one sent.
	 * @param readings the readings, in request order
	 * @param single whether the body was one reading object rather than an array, which
	 * decides how a field is named
	 * @param now the instant their ages are judged against
	 * @return the readings to write, oldest first
	 * @throws Parameters.Invalid naming the first offending field
	 */
	static Readings validate(List<Reading> readings, boolean single, Instant now) {
		TreeMap<Instant, Reading> byTime = new TreeMap<>();
		for (int i = 0; i < readings.size(); i++) {
			Reading reading = readings.get(i);
			int index = single ? -1 : i;
			checkTime(index, reading.time(), now);
			checkRange(index, "temperature", reading.temperature(), -80, 125);
			checkRange(index, "humidity", reading.humidity(), 0, 100);
			checkRange(index, "batteryLevel", reading.batteryLevel(), 0, 100);
			Instant time = Instant.ofEpochMilli(reading.time().toEpochMilli());
			byTime.put(time, new Reading(time, reading.temperature(), reading.humidity(), reading.batteryLevel()));
		}
		return new Readings(List.copyOf(byTime.values()), readings.size(), now);
	}

	private static void checkTime(int index, Instant time, Instant now) {
		Duration age = Duration.between(time, now);
		if (age.negated().compareTo(CLOCK_SKEW_ALLOWANCE) > 0) {
			throw invalid(index, "time", time + " is in the future, beyond the clock-skew allowance of "
					+ CLOCK_SKEW_ALLOWANCE.toSeconds() + " s (server time " + now + ")");
		}
		if (age.compareTo(RETENTION) >= 0) {
			throw invalid(index, "time",
					time + " is older than the retention of " + RETENTION.toDays() + " days: it would expire at once");
		}
		if (age.compareTo(LATE_ALLOWANCE) > 0) {
			throw invalid(index, "time", time + " arrives later than the late-reading allowance of "
					+ LATE_ALLOWANCE.toHours() + " hours (server time " + now + ")");
		}
	}

	private static void checkRange(int index, String field, double value, double min, double max) {
		if (!Double.isFinite(value)) {
			throw invalid(index, field, "must be a finite number");
		}
		if (value < min || value > max) {
			throw invalid(index, field,
					"must be between " + format(min) + " and " + format(max) + ", not " + format(value));
		}
	}

	private static String format(double value) {
		return (value == Math.rint(value)) ? Long.toString((long) value) : Double.toString(value);
	}

	/**
	 * A body the JSON reader refused: not JSON at all, or no body.
	 */
	private static Throwable unreadable(ServerWebInputException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof StreamReadException) {
				return Parameters.Invalid.conversion("body", "Malformed JSON: not a well-formed JSON document");
			}
		}
		return Parameters.Invalid.conversion("body", "is required and must be a JSON document");
	}

	/**
	 * One reading as sent.
	 *
	 * @param time when the values were measured
	 * @param temperature degrees Celsius
	 * @param humidity percent
	 * @param batteryLevel percent
	 */
	record Reading(Instant time, double temperature, double humidity, int batteryLevel) {

	}

	/**
	 * Readings judged fit to write.
	 *
	 * @param readings one per instant, oldest first
	 * @param received how many the request held, duplicates included
	 * @param validatedAt the instant their ages were judged against; TTLs count from it
	 */
	record Readings(List<Reading> readings, int received, Instant validatedAt) {

	}

	/**
	 * The 202's body, as the service answers it (its {@code IngestionResponse}).
	 *
	 * @param accepted the readings of the request, duplicates included
	 * @param partitions the hour partitions written
	 */
	record Accepted(int accepted, int partitions) {

	}

}
