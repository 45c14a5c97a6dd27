package dev.querydriven.testsupport.devrun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import dev.querydriven.modelcheck.catalog.Consistency;
import dev.querydriven.servicesupport.cassandra.CassandraMigratorConnectionDetails;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.Disposable;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dev run (the service's configuration with {@link EmbeddedCassandraDevConfiguration},
 * as a test application adds it) with no contact points starts a real embedded node,
 * creates the service's keyspace and roles, applies its migrations as the migrator and
 * connects as the runtime role; the statement recorder sees what the application executes
 * on it.
 */
@SpringBootTest(classes = { DevRunApplication.class, EmbeddedCassandraDevConfiguration.class },
		properties = { "spring.cassandra.keyspace-name=dev_default", "querydriven.cassandra.embedded.preferred-port=0",
				"spring.main.web-application-type=none", "querydriven.statement-recorder.enabled=true" })
class EmbeddedCassandraDevConfigurationIntegrationTests {

	@TempDir
	static Path directory;

	@Autowired
	private CassandraConnectionDetails connectionDetails;

	@Autowired
	private ReactiveCassandraOperations cassandra;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraMigratorConnectionDetails migrator;

	@DynamicPropertySource
	static void nodeDirectory(DynamicPropertyRegistry registry) {
		registry.add("querydriven.cassandra.embedded.directory", () -> directory.toString());
	}

	/**
	 * The application logs in as its own role, whose generated password is kept beside
	 * the data.
	 */
	@Test
	void connectsAsGeneratedServiceRole() throws Exception {
		assertThat(this.connectionDetails).isInstanceOf(EmbeddedCassandraConnectionDetails.class);
		assertThat(this.connectionDetails.getUsername()).isEqualTo("dev_default");
		Path credentials = directory.resolve("dev_default.credentials.properties");
		assertThat(Files.readString(credentials)).contains("password=" + this.connectionDetails.getPassword());
		assertThat(Files.getPosixFilePermissions(credentials)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
				PosixFilePermission.OWNER_WRITE);
	}

	/**
	 * The migrations ran as the keyspace's migrator, whose generated password is kept
	 * beside the data too, owner-readable only; the application's own role cannot drop a
	 * table.
	 */
	@Test
	void migratesAsTheMigratorAndServesAsARoleThatCannotDropTables() throws Exception {
		assertThat(this.migrator.getUsername()).isEqualTo("dev_default_migrator");
		Path credentials = directory.resolve("dev_default_migrator.credentials.properties");
		assertThat(Files.readString(credentials)).contains("password=" + this.migrator.getPassword());
		assertThat(Files.getPosixFilePermissions(credentials)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
				PosixFilePermission.OWNER_WRITE);
		this.cassandra.getReactiveCqlOperations()
			.execute("DROP TABLE notes_by_id")
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).hasRootCauseInstanceOf(UnauthorizedException.class))
			.verify();
	}

	/**
	 * The session opens two connections to the node, not the driver's one, so that the
	 * continuations of the responses run on two event-loop threads.
	 */
	@Test
	void sessionKeepsTwoConnectionsToTheNode() {
		assertThat(this.session.getContext()
			.getConfig()
			.getDefaultProfile()
			.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE)).isEqualTo(2);
		assertThat(this.session.getMetadata().getNodes().values()).singleElement()
			.satisfies((node) -> assertThat(node.getOpenConnections()).isGreaterThanOrEqualTo(2));
	}

	/**
	 * The session follows the schema of the service's keyspace only: the node's system
	 * keyspaces and any other service's keyspace stay out of its metadata.
	 */
	@Test
	void sessionFollowsTheSchemaOfItsOwnKeyspaceOnly() {
		assertThat(this.session.getContext()
			.getConfig()
			.getDefaultProfile()
			.getStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES)).containsExactly("dev_default");
		assertThat(this.session.getMetadata().getKeyspaces().keySet())
			.containsExactly(CqlIdentifier.fromInternal("dev_default"));
		assertThat(this.session.getMetadata().getKeyspace("dev_default").orElseThrow().getTable("notes_by_id"))
			.isPresent();
	}

	/**
	 * The migrations ran before the session was used, and the guardrails bind the
	 * service.
	 */
	@Test
	void migrationsAppliedAndGuardrailsBind() {
		this.cassandra.getReactiveCqlOperations()
			.queryForObject("SELECT count(*) FROM schema_migration WHERE applied_successful = true", Long.class)
			.as(StepVerifier::create)
			.expectNext(1L)
			.verifyComplete();
		this.cassandra.getReactiveCqlOperations()
			.queryForObject("SELECT body FROM notes_by_id WHERE body = 'x' ALLOW FILTERING", String.class)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).hasMessageContaining("allow_filtering"))
			.verify();
	}

	/**
	 * The recorder keeps every level each statement ran at over the run: its own, else
	 * the session's default; a batch's statements at the batch's level (the driver
	 * ignores theirs), a lightweight transaction with its serial level.
	 */
	@Test
	void recordsTheLevelsEachStatementRanAt() {
		String read = "SELECT body FROM notes_by_id WHERE note_id = ?";
		String insert = "INSERT INTO notes_by_id (note_id, body) VALUES (?, ?)";
		String change = "UPDATE notes_by_id SET body = ? WHERE note_id = ? IF EXISTS";
		UUID id = UUID.randomUUID();
		ReactiveCqlOperations cql = this.cassandra.getReactiveCqlOperations();
		cql.execute(
				BatchStatement
					.newInstance(BatchType.LOGGED,
							SimpleStatement.newInstance(insert, id, "first")
								.setConsistencyLevel(DefaultConsistencyLevel.ONE))
					.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM))
			.then(cql.execute(SimpleStatement.newInstance(change, "second", id)
				.setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
				.setSerialConsistencyLevel(DefaultConsistencyLevel.LOCAL_SERIAL)))
			.thenMany(cql.queryForRows(
					SimpleStatement.newInstance(read, id).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)))
			.thenMany(cql.queryForRows(SimpleStatement.newInstance(read, id)))
			.as(StepVerifier::create)
			.expectNextCount(1)
			.verifyComplete();
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(5))).isTrue();
		// The read that sets no level ran at the session's default: the driver's own,
		// LOCAL_ONE, which this application leaves as it is.
		assertThat(this.recorder.applicationConsistencies())
			.containsEntry(insert, Set.of(Consistency.of(DefaultConsistencyLevel.LOCAL_QUORUM)))
			.containsEntry(change,
					Set.of(Consistency.lwt(DefaultConsistencyLevel.LOCAL_QUORUM, DefaultConsistencyLevel.LOCAL_SERIAL)))
			.containsEntry(read, Set.of(Consistency.of(DefaultConsistencyLevel.LOCAL_QUORUM),
					Consistency.of(DefaultConsistencyLevel.LOCAL_ONE)));
	}

	/**
	 * A read whose caller cancels it (the other half of a zip that failed) is not waited
	 * for: the driver may never report it, and whoever awaits quiet returns at once
	 * rather than after the recorder gives up on it.
	 */
	@Test
	void cancelledReadIsNotAwaited() {
		Disposable read = this.cassandra.getReactiveCqlOperations()
			.queryForObject("SELECT count(*) FROM schema_migration WHERE applied_successful = true", Long.class)
			.subscribe();
		read.dispose();
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(5))).isTrue();
	}

}
