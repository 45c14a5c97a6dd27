package dev.querydriven.testsupport.devrun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
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
