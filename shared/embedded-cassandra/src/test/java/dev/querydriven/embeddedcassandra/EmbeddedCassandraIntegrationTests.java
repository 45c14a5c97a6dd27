package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
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
	 * A node starts, answers CQL as the generated superuser, and its process ends on
	 * stop.
	 */
	@Test
	void nodeStartsAcceptsGeneratedSuperuserAndStopsItsProcess() {
		EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start();
		ProcessHandle process = node.processHandle();
		try (CqlSession session = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
				node.superuser(), java.time.Duration.ofSeconds(30))) {
			String version = session.execute("SELECT release_version FROM system.local").one().getString(0);
			assertThat(version).isEqualTo(node.version()).startsWith("5.0.");
		}
		assertThat(node.superuser().password()).isNotEqualTo("cassandra");
		assertThat(node.lastStartupTime()).isPositive();
		node.stop();
		assertThat(process.isAlive()).isFalse();
	}

	/**
	 * The well-known default login is gone, and a restart on the same directory keeps the
	 * data and password.
	 */
	@Test
	void restartOnSameDirectoryKeepsGeneratedPasswordAndData() {
		Credentials first;
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			first = node.superuser();
			assertThatExceptionOfType(AllNodesFailedException.class)
				.isThrownBy(() -> CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
						new Credentials("cassandra", "cassandra"), java.time.Duration.ZERO));
			try (CqlSession session = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), first,
					java.time.Duration.ofSeconds(30))) {
				session.execute(
						"CREATE KEYSPACE kept WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
			}
		}
		try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(this.directory).build().start()) {
			assertThat(node.superuser()).isEqualTo(first);
			try (CqlSession session = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), first,
					java.time.Duration.ofSeconds(30))) {
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
