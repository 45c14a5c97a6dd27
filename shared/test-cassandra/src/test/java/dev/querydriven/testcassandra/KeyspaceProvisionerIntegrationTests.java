package dev.querydriven.testcassandra;

import java.time.Duration;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import dev.querydriven.servicesupport.cassandra.RoleLogin;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The admin step is idempotent (a restarted dev node provisions its keyspace and roles
 * again), and the tests' node hands out the same three roles as production.
 */
@CassandraTest
class KeyspaceProvisionerIntegrationTests {

	/**
	 * Provisioning twice raises no warning, and both logins work with their latest
	 * passwords: the migrator creates a table, the runtime role writes to it.
	 */
	@Test
	void provisioningAgainIsQuietAndUpdatesThePasswords() {
		QueryDrivenCassandraProperties.Replication replication = new QueryDrivenCassandraProperties.Replication(
				"SimpleStrategy", 1);
		CassandraBackend backend = SharedCassandra.backend();
		String migratorRole = KeyspaceProvisioner.migratorRole("reprovisioned");
		Credentials runtime = Credentials.generate("reprovisioned");
		Credentials migrator = Credentials.generate(migratorRole);
		try (CqlSession admin = SharedCassandra.adminSession()) {
			KeyspaceProvisioner.provision(admin, "reprovisioned", replication, backend.localDatacenter(),
					new RoleLogin("reprovisioned", "first"), new RoleLogin(migratorRole, "first"));
			KeyspaceProvisioner.provision(admin, "reprovisioned", replication, backend.localDatacenter(),
					new RoleLogin(runtime.username(), runtime.password()),
					new RoleLogin(migrator.username(), migrator.password()));
		}
		// The extension fails this test on any warning, such as one for a repeated GRANT.
		try (CqlSession session = CassandraLogin.open(backend.contactPoints(), backend.localDatacenter(), migrator,
				"reprovisioned", Duration.ofSeconds(10))) {
			session.execute(
					"CREATE TABLE IF NOT EXISTS kv (k int PRIMARY KEY, v int) WITH comment = 'Q1: a value by key'");
		}
		try (CqlSession session = CassandraLogin.open(backend.contactPoints(), backend.localDatacenter(), runtime,
				"reprovisioned", Duration.ofSeconds(10))) {
			session.execute("INSERT INTO kv (k, v) VALUES (1, 1)");
			assertThat(session.execute("SELECT v FROM kv WHERE k = 1").one().getInt("v")).isOne();
		}
	}

	/**
	 * The tests' sessions are production's roles: the service's session cannot create a
	 * table, the migrator's can, and support reads a masked column masked.
	 */
	@Test
	void sharedCassandraHandsOutTheRuntimeMigratorAndSupportRoles() {
		String keyspace = "provisioned_roles";
		try (CqlSession migrator = SharedCassandra.migratorSession(keyspace)) {
			migrator.execute("CREATE TABLE IF NOT EXISTS people_by_id (id uuid PRIMARY KEY, email text MASKED WITH "
					+ "DEFAULT) WITH comment = 'Q1: a person by id'");
		}
		UUID person = UUID.randomUUID();
		SimpleStatement read = SimpleStatement.newInstance("SELECT email FROM people_by_id WHERE id = ?", person);
		try (CqlSession service = SharedCassandra.serviceSession(keyspace)) {
			assertThatExceptionOfType(UnauthorizedException.class).isThrownBy(() -> service
				.execute("CREATE TABLE notes_by_id (id uuid PRIMARY KEY) WITH comment = 'Q2: a note by id'"));
			service.execute(SimpleStatement.newInstance("INSERT INTO people_by_id (id, email) VALUES (?, ?)", person,
					"ada@example.com"));
			assertThat(service.execute(read).one().getString("email")).isEqualTo("ada@example.com");
		}
		try (CqlSession support = SharedCassandra.supportSession(keyspace)) {
			assertThat(support.execute(read).one().getString("email")).isEqualTo("****");
		}
	}

}
