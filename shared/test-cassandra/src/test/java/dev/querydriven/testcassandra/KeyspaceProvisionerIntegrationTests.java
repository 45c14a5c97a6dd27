package dev.querydriven.testcassandra;

import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin step is idempotent: a restarted dev node provisions its keyspace and role
 * again.
 */
@CassandraTest
class KeyspaceProvisionerIntegrationTests {

	/**
	 * Provisioning twice raises no warning, and the role logs in with its latest
	 * password.
	 */
	@Test
	void provisioningAgainIsQuietAndUpdatesThePassword() {
		QueryDrivenCassandraProperties.Replication replication = new QueryDrivenCassandraProperties.Replication(
				"SimpleStrategy", 1);
		CassandraBackend backend = SharedCassandra.backend();
		Credentials second = Credentials.generate("reprovisioned");
		try (CqlSession admin = SharedCassandra.adminSession()) {
			KeyspaceProvisioner.provision(admin, "reprovisioned", replication, backend.localDatacenter(),
					"reprovisioned", Credentials.generate("reprovisioned").password());
			KeyspaceProvisioner.provision(admin, "reprovisioned", replication, backend.localDatacenter(),
					second.username(), second.password());
		}
		// The extension fails this test on any warning, such as one for a repeated GRANT.
		try (CqlSession session = CassandraLogin.open(backend.contactPoints(), backend.localDatacenter(), second,
				"reprovisioned", Duration.ofSeconds(10))) {
			session.execute(
					"CREATE TABLE IF NOT EXISTS kv (k int PRIMARY KEY, v int) WITH comment = 'Q1: a value by key'");
			assertThat(session.getKeyspace())
				.hasValueSatisfying((keyspace) -> assertThat(keyspace.asInternal()).isEqualTo("reprovisioned"));
		}
	}

}
