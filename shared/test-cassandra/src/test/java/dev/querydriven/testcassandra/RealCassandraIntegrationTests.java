package dev.querydriven.testcassandra;

import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The shared node is a real Cassandra 5.0 with the guardrails on: a table's clustering
 * order serves a query's order, and the application role is refused the anti-patterns.
 */
@CassandraTest
class RealCassandraIntegrationTests {

	private static final String KEYSPACE = "test_cassandra";

	@BeforeAll
	static void createTable() {
		try (CqlSession session = SharedCassandra.migratorSession(KEYSPACE)) {
			session.execute("CREATE TABLE IF NOT EXISTS readings_by_sensor (sensor_id uuid, reading_time timestamp, "
					+ "value double, PRIMARY KEY (sensor_id, reading_time)) "
					+ "WITH CLUSTERING ORDER BY (reading_time DESC) AND comment = 'Q1: a sensor''s readings, newest first'");
		}
	}

	/** Rows come back in the clustering order, newest first, from one partition. */
	@Test
	void clusteringOrderServesNewestFirst() {
		UUID sensor = UUID.randomUUID();
		try (CqlSession session = SharedCassandra.serviceSession(KEYSPACE)) {
			PreparedStatement insert = session
				.prepare("INSERT INTO readings_by_sensor (sensor_id, reading_time, value) VALUES (?, ?, ?)");
			for (int minute = 0; minute < 5; minute++) {
				session.execute(insert.bind(sensor,
						java.time.Instant.parse("2026-01-01T00:00:00Z").plusSeconds(60L * minute), (double) minute));
			}
			List<Double> values = session
				.execute(session.prepare("SELECT value FROM readings_by_sensor WHERE sensor_id = ?").bind(sensor))
				.all()
				.stream()
				.map((Row row) -> row.getDouble("value"))
				.toList();
			assertThat(values).containsExactly(4.0, 3.0, 2.0, 1.0, 0.0);
		}
	}

	/**
	 * The application role is refused ALLOW FILTERING by the guardrail; a superuser is
	 * not.
	 */
	@Test
	void allowFilteringIsRefusedForTheApplicationRole() {
		String scan = "SELECT * FROM test_cassandra.readings_by_sensor WHERE value > 1 ALLOW FILTERING";
		try (CqlSession session = SharedCassandra.serviceSession(KEYSPACE)) {
			assertThatExceptionOfType(InvalidQueryException.class).isThrownBy(() -> session.execute(scan))
				.withMessageContaining("Guardrail allow_filtering violated");
		}
		try (CqlSession admin = SharedCassandra.adminSession()) {
			assertThat(admin.execute(scan).wasApplied()).isTrue();
		}
	}

	/**
	 * The node hashes role passwords with bcrypt's cheapest work factor, whichever
	 * backend runs it: every connection a test opens checks its password against that
	 * hash.
	 */
	@Test
	void rolePasswordsAreHashedWithTheCheapestWorkFactor() {
		String role = SharedCassandra.serviceRole(KEYSPACE, KEYSPACE).username();
		try (CqlSession admin = SharedCassandra.adminSession()) {
			String hash = admin
				.execute(SimpleStatement.newInstance("SELECT salted_hash FROM system_auth.roles WHERE role = ?", role))
				.one()
				.getString("salted_hash");
			assertThat(hash).as("bcrypt with 2^4 rounds").startsWith("$2a$04$");
		}
	}

	/**
	 * The migrator, which may change the schema, cannot create a secondary index: the
	 * guardrails judge the schema too.
	 */
	@Test
	void createIndexIsRefusedForTheMigrator() {
		try (CqlSession session = SharedCassandra.migratorSession(KEYSPACE)) {
			assertThatExceptionOfType(InvalidQueryException.class)
				.isThrownBy(() -> session.execute("CREATE INDEX ON readings_by_sensor (value)"))
				.withMessageContaining("secondary_indexes");
		}
	}

	/** The role owns its keyspace and nothing else. */
	@Test
	void applicationRoleCannotTouchOtherKeyspaces() {
		try (CqlSession session = SharedCassandra.serviceSession(KEYSPACE)) {
			assertThatExceptionOfType(com.datastax.oss.driver.api.core.servererrors.UnauthorizedException.class)
				.isThrownBy(() -> session.execute("CREATE KEYSPACE elsewhere WITH replication = "
						+ "{'class': 'SimpleStrategy', 'replication_factor': 1}"));
		}
	}

}
