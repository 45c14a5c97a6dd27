package dev.querydriven.benchmarks.peer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * iot-sensors' latest readings, {@code GET /sensors/{sensorId}/readings?from=&to=&limit=}
 * (and {@code order=asc|desc}, newest first by default), for any signed-in caller: a
 * sensor's readings in {@code [from, to)}, a page at a time. {@code sensor_data} has one
 * partition per sensor and UTC hour, so a range spans hour partitions.
 *
 * <p>
 * The statements, in the service's order: the sensor's registry row (an unknown sensor is
 * a 404), then one hour partition at a time in the read order, each asked for what the
 * page still lacks ({@code LIMIT}), until the page is full or the range's last hour is
 * read. One partition at a time, never all at once: a page that fills in its first hour
 * reads no other. Every read is at {@code LOCAL_QUORUM} (a reading acknowledged by
 * ingestion is in the next read) and idempotent.
 */
final class LatestReadingsPeer {

	/** The workload this peer serves. */
	static final String WORKLOAD = "iot-sensors/latest-readings";

	/** The text Spring Data renders for the service's registry lookup. */
	static final String SENSOR_BY_ID = "SELECT * FROM sensors_by_id WHERE sensor_id=?";

	/** The service's texts for one hour, newest first (Q3) and oldest first (Q4). */
	static final String IN_HOUR_NEWEST = "SELECT * FROM sensor_data WHERE sensor_id = ? AND date = ? "
			+ "AND hour = ? AND reading_time >= ? AND reading_time < ? ORDER BY reading_time DESC LIMIT ?";

	static final String IN_HOUR_OLDEST = "SELECT * FROM sensor_data WHERE sensor_id = ? AND date = ? "
			+ "AND hour = ? AND reading_time >= ? AND reading_time < ? ORDER BY reading_time ASC LIMIT ?";

	/** The service's {@code reading.retention}: older readings have expired. */
	static final Duration RETENTION = Duration.ofDays(30);

	/** The service's {@code reading.max-range}. */
	static final Duration MAX_RANGE = Duration.ofHours(24);

	private static final Instant EARLIEST = Instant.EPOCH;

	private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

	private static final Duration HOUR = Duration.ofHours(1);

	private static final int DEFAULT_LIMIT = 20;

	private static final int MAX_LIMIT = 100;

	private final CqlSession session;

	private final PreparedStatement sensorById;

	private final PreparedStatement newestInHour;

	private final PreparedStatement oldestInHour;

	private final BearerTokens tokens;

	private final CursorSigner cursors;

	private final Clock clock;

	/**
	 * Prepares the statements once, with the consistency and idempotence their bound
	 * statements inherit.
	 * @param session the session, in the service's keyspace
	 * @param tokens checks the callers' tokens
	 * @param cursors signs the cursor of a full page
	 * @param clock the clock the retention horizon is counted on
	 */
	LatestReadingsPeer(CqlSession session, BearerTokens tokens, CursorSigner cursors, Clock clock) {
		this.session = session;
		this.tokens = tokens;
		this.cursors = cursors;
		this.clock = clock;
		this.sensorById = prepare(session, SENSOR_BY_ID);
		this.newestInHour = prepare(session, IN_HOUR_NEWEST);
		this.oldestInHour = prepare(session, IN_HOUR_OLDEST);
	}

	private static PreparedStatement prepare(CqlSession session, String cql) {
		return session.prepare(SimpleStatement.newInstance(cql)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
	}

	/**
	 * The route.
	 * @return {@code GET /sensors/{sensorId}/readings}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.GET("/sensors/{sensorId}/readings"),
				(request) -> this.tokens.signedIn(request, (jwt) -> readings(request)));
	}

	private Mono<ServerResponse> readings(ServerRequest request) {
		Walk walk;
		try {
			walk = walk(request);
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		return execute(this.sensorById.bind(walk.sensorId)).flatMap((sensor) -> {
			if (sensor.one() == null) {
				return Problem.notFound("No sensor " + walk.sensorId);
			}
			return walk.read()
				.flatMap((page) -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(page));
		});
	}

	/**
	 * The page's walk, from the request's parameters, checked in the controller's order:
	 * the binding of each parameter, then the range.
	 */
	private Walk walk(ServerRequest request) {
		UUID sensorId = Parameters.uuid("sensorId", request.pathVariable("sensorId"));
		Instant requestedFrom = Parameters.instantParameter(request, "from");
		Instant requestedTo = Parameters.instantParameter(request, "to");
		String order = request.queryParam("order").orElse("desc");
		if (!order.equals("asc") && !order.equals("desc")) {
			throw Parameters.Invalid.constraint("order", "must be asc or desc");
		}
		int limit = Parameters.intParameter(request, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
		Parameters.firstPageOnly(request);
		requirePlausible(requestedFrom, "from");
		requirePlausible(requestedTo, "to");
		// A CQL timestamp has millisecond resolution: both ends are rounded up to it, so
		// that a sub-millisecond bound excludes and includes exactly what it says.
		Instant from = ceilToMillis(requestedFrom);
		Instant to = ceilToMillis(requestedTo);
		if (!from.isBefore(to)) {
			throw Parameters.Invalid.constraint("from", "must be before to (" + requestedTo + ")");
		}
		if (Duration.between(from, to).compareTo(MAX_RANGE) > 0) {
			throw Parameters.Invalid.constraint("to", "the range from " + requestedFrom + " to " + requestedTo
					+ " is longer than the 24 hours one request may read");
		}
		return new Walk(sensorId, from, to, order.equals("desc"), limit);
	}

	private static void requirePlausible(Instant instant, String name) {
		if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
			throw Parameters.Invalid.constraint(name, "must be between " + EARLIEST + " and " + LATEST);
		}
	}

	private Mono<AsyncResultSet> execute(BoundStatement statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	private static Instant ceilToMillis(Instant instant) {
		Instant millis = Instant.ofEpochMilli(instant.toEpochMilli());
		return millis.isBefore(instant) ? millis.plusMillis(1) : millis;
	}

	/**
	 * One page's walk over the hour partitions of a range. Confined to one request, whose
	 * partition reads run one after the other.
	 */
	private final class Walk {

		private final UUID sensorId;

		private final Instant requestedFrom;

		private final Instant to;

		private final boolean newestFirst;

		private final int limit;

		private final List<Reading> items = new ArrayList<>();

		private Instant lastHour;

		private Instant from;

		private Instant endHour;

		Walk(UUID sensorId, Instant from, Instant to, boolean newestFirst, int limit) {
			this.sensorId = sensorId;
			this.requestedFrom = from;
			this.to = to;
			this.newestFirst = newestFirst;
			this.limit = limit;
		}

		Mono<Page<Reading>> read() {
			// Never below the retention horizon: older readings have expired row by row,
			// and until compaction drops them a read over them would scan each one as a
			// tombstone. The answer is the same without them.
			Instant horizon = LatestReadingsPeer.this.clock.instant().minus(RETENTION);
			this.from = this.requestedFrom.isBefore(horizon) ? horizon : this.requestedFrom;
			if (!this.from.isBefore(this.to)) {
				return Mono.just(new Page<>(List.of(), null));
			}
			Instant oldestHour = this.from.truncatedTo(ChronoUnit.HOURS);
			Instant newestHour = this.to.minusNanos(1).truncatedTo(ChronoUnit.HOURS);
			this.endHour = this.newestFirst ? oldestHour : newestHour;
			return readHour(this.newestFirst ? newestHour : oldestHour).then(Mono.fromSupplier(this::page));
		}

		/**
		 * Reads the part of one hour partition within the range, asking for what the page
		 * still lacks, then the next hour if the page has room and the range goes on.
		 */
		private Mono<Void> readHour(Instant hour) {
			Instant sliceFrom = this.from.isAfter(hour) ? this.from : hour;
			Instant hourEnd = hour.plus(HOUR);
			Instant sliceTo = this.to.isBefore(hourEnd) ? this.to : hourEnd;
			int wanted = this.limit - this.items.size();
			PreparedStatement statement = this.newestFirst ? LatestReadingsPeer.this.newestInHour
					: LatestReadingsPeer.this.oldestInHour;
			BoundStatement bound = statement.bind(this.sensorId, LocalDate.ofInstant(hour, ZoneOffset.UTC),
					hour.atZone(ZoneOffset.UTC).getHour(), sliceFrom, sliceTo, wanted);
			return execute(bound).flatMap((rows) -> {
				Iterator<Row> page = rows.currentPage().iterator();
				int taken = 0;
				while (taken < wanted && page.hasNext()) {
					this.items.add(Reading.of(page.next()));
					taken++;
				}
				if (taken > 0) {
					this.lastHour = hour;
				}
				if (this.items.size() >= this.limit || hour.equals(this.endHour)) {
					return Mono.empty();
				}
				return readHour(this.newestFirst ? hour.minus(HOUR) : hourEnd);
			});
		}

		/**
		 * The page, with a cursor when it is full: the service's walk reads every hour of
		 * the range before it answers a short page, so only a full one may have more. The
		 * position is the service's: the hour and the last reading time read.
		 */
		private Page<Reading> page() {
			String next = null;
			if (this.items.size() >= this.limit) {
				String scope = "sensor-readings:" + this.sensorId + ":" + this.requestedFrom + ":" + this.to + ":"
						+ (this.newestFirst ? "NEWEST_FIRST" : "OLDEST_FIRST");
				Instant last = this.items.get(this.items.size() - 1).time();
				next = LatestReadingsPeer.this.cursors.sign(scope,
						CursorSigner.position(this.lastHour.toEpochMilli(), last.toEpochMilli()));
			}
			return new Page<>(this.items, next);
		}

	}

	/**
	 * A reading as the service answers it (its {@code ReadingResponse}).
	 *
	 * @param time when it was measured
	 * @param temperature degrees Celsius
	 * @param humidity percent
	 * @param batteryLevel percent
	 */
	record Reading(Instant time, double temperature, double humidity, int batteryLevel) {

		/**
		 * Reads a row as the service's row reader does (absent values read as 0).
		 * @param row a {@code sensor_data} row
		 * @return the reading
		 */
		static Reading of(Row row) {
			return new Reading(row.getInstant("reading_time"), row.getDouble("temperature"), row.getDouble("humidity"),
					row.getInt("battery_level"));
		}

	}

}
