package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A persistent node (a dev run's) keeps what it acknowledged through a crash, as a
 * production Cassandra does, and its stored superuser login stays usable.
 *
 * <p>
 * Tagged {@code slow} (it kills nodes and starts five): it runs in CI's {@code slow}
 * stage, after {@code ./mvnw -B verify}.
 */
@Tag("slow")
class CrashRecoveryIntegrationTests {

	private static final int ROWS = 100;

	@TempDir
	Path directory;

	/**
	 * A node killed with SIGKILL right after its writes reopens on the same directory
	 * with its superuser login, a role and its grant, a table and every acknowledged row,
	 * and its start reports the commit-log replay.
	 */
	@Test
	void killedNodeReopensWithItsLoginRoleTableAndRows() {
		Credentials superuser;
		Credentials role = Credentials.generate("crash_reader");
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			assertThat(node.throwaway()).isFalse();
			assertThat(node.processHandle().info().arguments().orElseThrow())
				.doesNotContain("-Dcassandra.unsafesystem=true");
			assertThat(node.lastCrashRecovery()).isEmpty();
			superuser = node.superuser();
			try (CqlSession session = login(node, superuser)) {
				session.execute(
						"CREATE KEYSPACE crash WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
				session.execute("CREATE TABLE crash.kv (k int PRIMARY KEY, v text)");
				session.execute("CREATE ROLE crash_reader WITH PASSWORD = '" + role.password() + "' AND LOGIN = true");
				session.execute("GRANT SELECT ON KEYSPACE crash TO crash_reader");
				for (int i = 0; i < ROWS; i++) {
					session
						.execute(SimpleStatement.newInstance("INSERT INTO crash.kv (k, v) VALUES (?, ?)", i, "v" + i));
				}
			}
			node.kill();
		}
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			assertThat(node.superuser()).isEqualTo(superuser);
			assertThat(node.lastCrashRecovery()).hasValueSatisfying(
					(recovery) -> assertThat(recovery.replayedMutations()).isGreaterThanOrEqualTo(ROWS));
			try (CqlSession session = login(node, role)) {
				assertThat(session.execute("SELECT k, v FROM crash.kv").all()).hasSize(ROWS)
					.allSatisfy((row) -> assertThat(row.getString("v")).isEqualTo("v" + row.getInt("k")));
			}
		}
	}

	/**
	 * A node that lost its superuser's password change (still on the default password)
	 * gets it again from the stored file; a stored login that the node refuses as well as
	 * the default one fails the start at once, naming the directory and what to do.
	 */
	@Test
	void lostPasswordChangeIsMadeAgainAndAForeignLoginFailsClearly() throws Exception {
		Credentials superuser;
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			superuser = node.superuser();
			try (CqlSession session = login(node, superuser)) {
				// What a lost change leaves: the default password, beside the stored
				// file.
				session.execute("ALTER ROLE cassandra WITH PASSWORD = 'cassandra'");
			}
		}
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			assertThat(node.lastCrashRecovery()).as("a clean stop before").isEmpty();
			assertThat(node.superuser()).isEqualTo(superuser);
			login(node, superuser).close();
			assertThatExceptionOfType(AllNodesFailedException.class)
				.isThrownBy(() -> login(node, new Credentials("cassandra", "cassandra")).close());
		}
		Credentials.generate("cassandra").writeTo(this.directory.resolve("superuser.properties"));
		EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build();
		assertThatExceptionOfType(CassandraStartupException.class).isThrownBy(node::start)
			.withMessageContaining("refuses both the superuser login stored in")
			.withMessageContaining(this.directory.toString())
			.withMessageContaining("delete");
		assertThat(node.isRunning()).isFalse();
	}

	private static CqlSession login(EmbeddedCassandra node, Credentials credentials) {
		return CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), credentials, Duration.ZERO);
	}

}
