package dev.querydriven.iotsensors.sensor;

import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * The registry tables. Statements are prepared once, at startup.
 */
@Repository
class SensorRepository {

	private static final String SELECT_BY_ID = "SELECT sensor_id, site_id, type, sampling_interval_seconds, "
			+ "registered_at FROM sensors_by_id WHERE sensor_id = ?";

	private static final String SELECT_BY_SITE = "SELECT site_id, sensor_id, type, sampling_interval_seconds, "
			+ "registered_at FROM sensors_by_site WHERE site_id = ? LIMIT ?";

	private static final String SELECT_BY_SITE_AFTER = "SELECT site_id, sensor_id, type, sampling_interval_seconds, "
			+ "registered_at FROM sensors_by_site WHERE site_id = ? AND sensor_id > ? LIMIT ?";

	private static final String INSERT_BY_ID = "INSERT INTO sensors_by_id (sensor_id, site_id, type, "
			+ "sampling_interval_seconds, registered_at) VALUES (?, ?, ?, ?, ?)";

	private static final String INSERT_BY_SITE = "INSERT INTO sensors_by_site (site_id, sensor_id, type, "
			+ "sampling_interval_seconds, registered_at) VALUES (?, ?, ?, ?, ?)";

	private final CqlSession session;

	private final PreparedStatement selectById;

	private final PreparedStatement selectBySite;

	private final PreparedStatement selectBySiteAfter;

	private final PreparedStatement insertById;

	private final PreparedStatement insertBySite;

	SensorRepository(CqlSession session) {
		this.session = session;
		this.selectById = session.prepare(SELECT_BY_ID);
		this.selectBySite = session.prepare(SELECT_BY_SITE);
		this.selectBySiteAfter = session.prepare(SELECT_BY_SITE_AFTER);
		this.insertById = session.prepare(INSERT_BY_ID);
		this.insertBySite = session.prepare(INSERT_BY_SITE);
	}

	/**
	 * Q1. LOCAL_QUORUM: registrations are written at LOCAL_QUORUM, so a sensor registered
	 * a moment ago is found by the next ingestion request (R + W > RF).
	 * @param sensorId the sensor
	 * @return its registry row, or empty
	 */
	@ServesQuery("Q1")
	Mono<SensorsByIdRow> findById(UUID sensorId) {
		BoundStatement statement = this.selectById.bind(sensorId)
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return Mono.from(this.session.executeReactive(statement)).map(SensorRepository::toSensorsByIdRow);
	}

	/**
	 * Q2, one page. LOCAL_QUORUM, for the same read-your-registration reason as Q1.
	 * @param siteId the site
	 * @param after the last sensor of the previous page, or {@code null}
	 * @param limit the most rows to return
	 * @return the site's sensors in id order
	 */
	@ServesQuery("Q2")
	Flux<SensorsBySiteRow> findBySite(UUID siteId, UUID after, int limit) {
		BoundStatement statement = ((after != null) ? this.selectBySiteAfter.bind(siteId, after, limit)
				: this.selectBySite.bind(siteId, limit))
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return Flux.from(this.session.executeReactive(statement)).map(SensorRepository::toSensorsBySiteRow);
	}

	/**
	 * The {@code sensors_by_id} copy of a registration. LOCAL_QUORUM so that Q1 reads it
	 * back at once; the caller sets the shared timestamp.
	 * @param row the registration
	 * @return the insert
	 */
	BoundStatement insertById(SensorsByIdRow row) {
		return this.insertById
			.bind(row.sensorId(), row.siteId(), row.type(), row.samplingIntervalSeconds(), row.registeredAt())
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
	}

	/**
	 * The {@code sensors_by_site} copy of a registration.
	 * @param row the registration
	 * @return the insert
	 */
	BoundStatement insertBySite(SensorsByIdRow row) {
		return this.insertBySite
			.bind(row.siteId(), row.sensorId(), row.type(), row.samplingIntervalSeconds(), row.registeredAt())
			.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM);
	}

	private static SensorsByIdRow toSensorsByIdRow(Row row) {
		return new SensorsByIdRow(row.getUuid("sensor_id"), row.getUuid("site_id"), row.getString("type"),
				row.getInt("sampling_interval_seconds"), row.getInstant("registered_at"));
	}

	private static SensorsBySiteRow toSensorsBySiteRow(Row row) {
		return new SensorsBySiteRow(row.getUuid("site_id"), row.getUuid("sensor_id"), row.getString("type"),
				row.getInt("sampling_interval_seconds"), row.getInstant("registered_at"));
	}

}
