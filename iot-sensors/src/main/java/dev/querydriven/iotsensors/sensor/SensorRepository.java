package dev.querydriven.iotsensors.sensor;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.modeling.ServesQuery;
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
 * The registry tables, {@code sensors_by_id} and {@code sensors_by_site}. Every read
 * restricts the full partition key.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} reads and writes, so a sensor registered a moment ago
 * is found by the next ingestion request (R + W > RF).
 */
@Repository
class SensorRepository {

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	SensorRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * A sensor's registration.
	 * @param sensorId the sensor
	 * @return its registry row, or empty
	 */
	@ServesQuery("Q1")
	Mono<SensorsByIdRow> findById(UUID sensorId) {
		return this.template
			.select(Query.query(where("sensorId").is(sensorId)).queryOptions(READ), SensorsByIdRow.class)
			.next();
	}

	/**
	 * One page of a site's sensors, in id order, continuing strictly after {@code after}.
	 * @param siteId the site
	 * @param after the last sensor of the previous page, or {@code null}
	 * @param limit the most rows to return
	 * @return the site's sensors in id order
	 */
	@ServesQuery("Q2")
	Flux<SensorsBySiteRow> findBySite(UUID siteId, UUID after, int limit) {
		Query site = (after != null) ? Query.query(where("siteId").is(siteId), where("sensorId").gt(after))
				: Query.query(where("siteId").is(siteId));
		return this.template.select(site.limit(limit).queryOptions(READ), SensorsBySiteRow.class);
	}

	/**
	 * The {@code sensors_by_id} copy of a registration (for a dual write).
	 * @param sensor the registration
	 * @return the insert
	 */
	Mono<BoundStatement> insertById(SensorsByIdRow sensor) {
		return this.statements.insert(sensor, COPY);
	}

	/**
	 * The {@code sensors_by_site} copy of a registration (for a dual write).
	 * @param sensor the registration
	 * @return the insert
	 */
	Mono<BoundStatement> insertBySite(SensorsByIdRow sensor) {
		return this.statements.insert(SensorsBySiteRow.of(sensor), COPY);
	}

}
