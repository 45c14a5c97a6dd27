package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Starts real Cassandra nodes as child processes and checks what a user relies on.
 */
class EmbeddedCassandraIntegrationTests {

	@TempDir
	Path directory;

	/**
	 * A node starts and answers CQL as its generated superuser (the well-known default
	 * login is gone), its process drains and ends on a SIGTERM (a Ctrl-C reaches the node
	 * too), and a restart on the same directory keeps the data and the password and
	 * counts that stop as a clean one. Its superuser's password is hashed with bcrypt's
	 * cheapest work factor, an administrative session is set to close without the
	 * driver's two seconds of quiet, and options given to the builder reach the node's
	 * JVM. One test, because every node start costs seconds.
	 */
	@Test
	void nodeRunsAsGeneratedSuperuserStopsItsProcessAndRestartsWithItsData() {
		Credentials first;
		ProcessHandle process;
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			process = node.processHandle();
			first = node.superuser();
			assertThat(first.password()).isNotEqualTo("cassandra");
			assertThat(node.lastStartupTime()).isPositive();
			assertThatExceptionOfType(AllNodesFailedException.class)
				.isThrownBy(() -> CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
						new Credentials("cassandra", "cassandra"), Duration.ZERO));
			try (CqlSession session = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), first,
					Duration.ofSeconds(30))) {
				String version = session.execute("SELECT release_version FROM system.local").one().getString(0);
				assertThat(version).isEqualTo(node.version()).startsWith("5.0.");
				String hash = session
					.execute(SimpleStatement.newInstance("SELECT salted_hash FROM system_auth.roles WHERE role = ?",
							first.username()))
					.one()
					.getString("salted_hash");
				assertThat(hash).as("bcrypt with 2^4 rounds").startsWith("$2a$04$");
				DriverExecutionProfile config = session.getContext().getConfig().getDefaultProfile();
				for (DefaultDriverOption group : List.of(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD,
						DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD)) {
					assertThat(config.getInt(group)).as(group.getPath()).isEqualTo(100);
				}
				assertThat(config.getString(DefaultDriverOption.NETTY_IO_SHUTDOWN_UNIT)).isEqualTo("MILLISECONDS");
				assertThat(config.getString(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_UNIT)).isEqualTo("MILLISECONDS");
				session.execute(
						"CREATE KEYSPACE kept WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
			}
			// A Ctrl-C or an IDE's stop button signals the node too, not only its
			// parent: it drains and exits on its own, which is a clean stop.
			process.destroy();
			assertThat(process.onExit()).succeedsWithin(Duration.ofSeconds(60));
		}
		assertThat(process.isAlive()).isFalse();
		try (EmbeddedCassandra node = EmbeddedCassandra.builder()
			.directory(this.directory)
			.jvmOptions(List.of("-XX:TieredStopAtLevel=1"))
			.build()
			.start()) {
			assertThat(node.processHandle().info().arguments().orElseThrow()).contains("-XX:TieredStopAtLevel=1");
			assertThat(node.superuser()).isEqualTo(first);
			assertThat(node.lastCrashRecovery()).as("a node that drained on a signal stopped cleanly").isEmpty();
			try (CqlSession session = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), first,
					Duration.ofSeconds(30))) {
				assertThat(session.getMetadata().getKeyspace("kept")).isPresent();
			}
		}
	}

	/** A node that cannot start raises an error carrying the tail of its log. */
	@Test
	void failedStartReportsTheNodesLog() {
		EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).heap("1x").build();
		org.assertj.core.api.Assertions.assertThatExceptionOfType(CassandraStartupException.class)
			.isThrownBy(node::start)
			.withMessageContaining("Cassandra stopped while starting")
			.withMessageContaining("Invalid");
		assertThat(node.isRunning()).isFalse();
	}

}
