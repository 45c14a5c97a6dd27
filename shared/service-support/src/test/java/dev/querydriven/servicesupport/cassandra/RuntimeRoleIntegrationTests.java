package dev.querydriven.servicesupport.cassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.servicesupport.provisioning.ClusterProvisioning;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Least privilege in the database: a service serves as a runtime role that reads and
 * writes rows of its own keyspace and does nothing else, migrates its schema as a
 * separate migrator role that cannot hand anything out, and people in support read
 * through a role that sees personal columns masked. The node runs here alone: the tests'
 * shared node lives in test-cassandra, which builds on this module.
 */
class RuntimeRoleIntegrationTests {

	private static final String KEYSPACE = "roles_service";

	private static final String OTHER_KEYSPACE = "roles_other";

	private static final QueryDrivenCassandraProperties.Replication ONE_REPLICA = new QueryDrivenCassandraProperties.Replication(
			"SimpleStrategy", 1);

	@TempDir
	static Path directory;

	private static EmbeddedCassandra node;

	private static RoleLogin runtime;

	private static RoleLogin migrator;

	private static Credentials supportPerson;

	private static final ListAppender<ILoggingEvent> driverWarnings = new ListAppender<>();

	@BeforeAll
	static void startNodeAndMigrateAsTheService() {
		Logger driver = (Logger) LoggerFactory.getLogger("com.datastax.oss.driver");
		driverWarnings.start();
		driver.addAppender(driverWarnings);
		node = TestNodes.throwaway(directory.resolve("node")).build().start();
		runtime = login(KEYSPACE);
		migrator = login(KeyspaceProvisioner.migratorRole(KEYSPACE));
		try (CqlSession admin = adminSession()) {
			KeyspaceProvisioner.provision(admin, KEYSPACE, ONE_REPLICA, node.localDatacenter(), runtime, migrator);
			KeyspaceProvisioner.provision(admin, OTHER_KEYSPACE, ONE_REPLICA, node.localDatacenter(),
					login(OTHER_KEYSPACE), login(KeyspaceProvisioner.migratorRole(OTHER_KEYSPACE)));
			admin.execute("CREATE TABLE " + OTHER_KEYSPACE
					+ ".secrets_by_id (id int PRIMARY KEY, secret text) WITH comment = 'Q1: a secret by id'");
			// A person in support logs in as themselves and is granted the group role.
			supportPerson = Credentials.generate("alice");
			admin.execute("CREATE ROLE alice WITH PASSWORD = '" + supportPerson.password()
					+ "' AND LOGIN = true AND SUPERUSER = false");
			admin.execute("GRANT " + KeyspaceProvisioner.supportRole(KEYSPACE) + " TO alice");
		}
		// The service starts: its migrations run as the migrator, in a session of their
		// own, and the application is left with the runtime login.
		service().run((context) -> assertThat(context).hasNotFailed());
	}

	@AfterAll
	static void stopNode() {
		((Logger) LoggerFactory.getLogger("com.datastax.oss.driver")).detachAppender(driverWarnings);
		if (node != null) {
			node.close();
		}
	}

	@AfterEach
	void noCassandraWarnings() {
		List<String> warnings = new ArrayList<>();
		for (ILoggingEvent event : List.copyOf(driverWarnings.list)) {
			if (event.getLevel().isGreaterOrEqual(Level.WARN)
					&& event.getFormattedMessage().contains("server side warning")) {
				warnings.add(event.getFormattedMessage());
			}
		}
		driverWarnings.list.clear();
		assertThat(warnings).as("Cassandra warnings are defects").isEmpty();
	}

	/**
	 * On its keyspace the runtime role holds exactly SELECT, MODIFY and UNMASK (the
	 * service shows users their own email), and no grant on any single table.
	 */
	@Test
	void runtimeRoleHoldsExactlySelectModifyAndUnmask() {
		assertThat(permissions(runtime.role()))
			.containsExactly(Map.entry("data/" + KEYSPACE, Set.of("SELECT", "MODIFY", "UNMASK")));
	}

	/**
	 * As the runtime role, dropping, altering or creating a table and granting the
	 * keyspace to another role are all refused by the database.
	 */
	@Test
	void runtimeRoleCannotChangeTheSchemaOrGrant() {
		try (CqlSession session = session(runtime)) {
			for (String statement : List.of("DROP TABLE customers_by_id", "ALTER TABLE customers_by_id ADD note text",
					"CREATE TABLE notes_by_id (id int PRIMARY KEY) WITH comment = 'Q2: a note by id'",
					"GRANT SELECT ON KEYSPACE " + KEYSPACE + " TO alice", "DROP KEYSPACE " + KEYSPACE)) {
				assertThatExceptionOfType(UnauthorizedException.class).as(statement)
					.isThrownBy(() -> session.execute(statement));
			}
		}
	}

	/** The runtime role cannot read another service's keyspace. */
	@Test
	void runtimeRoleCannotReadAnotherServicesKeyspace() {
		try (CqlSession session = session(runtime)) {
			assertThatExceptionOfType(UnauthorizedException.class)
				.isThrownBy(() -> session.execute("SELECT * FROM " + OTHER_KEYSPACE + ".secrets_by_id WHERE id = 1"));
		}
	}

	/**
	 * The migrator creates, alters and drops tables, but cannot grant its keyspace to
	 * anyone.
	 */
	@Test
	void migratorChangesTheSchemaButCannotGrant() {
		try (CqlSession session = session(migrator)) {
			session.execute("CREATE TABLE scratch_by_id (id int PRIMARY KEY) WITH comment = 'Q9: a scratch row by id'");
			session.execute("ALTER TABLE scratch_by_id ADD note text");
			session.execute("DROP TABLE scratch_by_id");
			assertThatExceptionOfType(UnauthorizedException.class)
				.isThrownBy(() -> session.execute("GRANT SELECT ON KEYSPACE " + KEYSPACE + " TO alice"));
			assertThatExceptionOfType(UnauthorizedException.class)
				.isThrownBy(() -> session.execute("SELECT * FROM " + OTHER_KEYSPACE + ".secrets_by_id WHERE id = 1"));
		}
	}

	/**
	 * The service migrated as the migrator, which then gave up the grants Cassandra hands
	 * the creator of a table (AUTHORIZE and UNMASK among them): it keeps exactly its
	 * keyspace permissions.
	 */
	@Test
	void migratorKeepsNoGrantOnTheTablesItCreated() {
		try (CqlSession admin = adminSession()) {
			assertThat(admin.getMetadata().getKeyspace(KEYSPACE).orElseThrow().getTable("customers_by_id")).isPresent();
		}
		assertThat(permissions(migrator.role()))
			.containsExactly(Map.entry("data/" + KEYSPACE, Set.of("CREATE", "ALTER", "DROP", "SELECT", "MODIFY")));
	}

	/**
	 * A person granted the support role reads rows with the email masked, and cannot
	 * write; the runtime role reads it in the clear.
	 */
	@Test
	void supportRoleReadsMaskedValuesAndCannotModify() {
		UUID customer = UUID.randomUUID();
		SimpleStatement read = SimpleStatement.newInstance("SELECT email FROM customers_by_id WHERE customer_id = ?",
				customer);
		try (CqlSession session = session(runtime)) {
			session.execute(SimpleStatement.newInstance(
					"INSERT INTO customers_by_id (customer_id, email) VALUES (?, ?)", customer, "ada@example.com"));
			assertThat(session.execute(read).one().getString("email")).isEqualTo("ada@example.com");
		}
		try (CqlSession session = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
				supportPerson, KEYSPACE, Duration.ofSeconds(30))) {
			assertThat(session.execute(read).one().getString("email")).isEqualTo("****");
			assertThatExceptionOfType(UnauthorizedException.class)
				.isThrownBy(() -> session.execute(SimpleStatement.newInstance(
						"UPDATE customers_by_id SET email = ? WHERE customer_id = ?", "eve@example.com", customer)));
		}
		assertThat(permissions(KeyspaceProvisioner.supportRole(KEYSPACE)))
			.containsExactly(Map.entry("data/" + KEYSPACE, Set.of("SELECT")));
	}

	/**
	 * Provisioning an install made by an older version, which granted ALL PERMISSIONS on
	 * the keyspace and on a table, revokes everything beyond each role's needs; running
	 * it again changes nothing and raises no warning.
	 */
	@Test
	void provisioningRevokesWhatOlderInstallsGranted() {
		String keyspace = "roles_legacy";
		RoleLogin legacyRuntime = login(keyspace);
		RoleLogin legacyMigrator = login(KeyspaceProvisioner.migratorRole(keyspace));
		try (CqlSession admin = adminSession()) {
			admin.execute("CREATE KEYSPACE " + keyspace
					+ " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
			admin.execute("CREATE TABLE " + keyspace
					+ ".posts_by_id (id int PRIMARY KEY, body text) WITH comment = 'Q1: a post by id'");
			admin.execute("CREATE ROLE " + keyspace + " WITH PASSWORD = 'old' AND LOGIN = true");
			admin.execute("GRANT ALL PERMISSIONS ON KEYSPACE " + keyspace + " TO " + keyspace);
			admin.execute("GRANT ALL PERMISSIONS ON TABLE " + keyspace + ".posts_by_id TO " + keyspace);

			KeyspaceProvisioner.provision(admin, keyspace, ONE_REPLICA, node.localDatacenter(), legacyRuntime,
					legacyMigrator);
			Map<String, Set<String>> runtimeAfterUpgrade = permissions(legacyRuntime.role());
			assertThat(runtimeAfterUpgrade)
				.containsExactly(Map.entry("data/" + keyspace, Set.of("SELECT", "MODIFY", "UNMASK")));

			KeyspaceProvisioner.provision(admin, keyspace, ONE_REPLICA, node.localDatacenter(), legacyRuntime,
					legacyMigrator);
			assertThat(permissions(legacyRuntime.role())).isEqualTo(runtimeAfterUpgrade);
			assertThat(permissions(legacyMigrator.role()))
				.containsExactly(Map.entry("data/" + keyspace, Set.of("CREATE", "ALTER", "DROP", "SELECT", "MODIFY")));
		}
		try (CqlSession session = session(legacyRuntime, keyspace)) {
			session.execute("INSERT INTO posts_by_id (id, body) VALUES (1, 'kept')");
			assertThatExceptionOfType(UnauthorizedException.class)
				.isThrownBy(() -> session.execute("DROP TABLE posts_by_id"));
		}
	}

	/**
	 * The provisioning command (Compose's one-shot) writes each service's two logins as
	 * owner-only config-tree files that log in as its roles, and a second run keeps them.
	 */
	@Test
	void provisioningCommandHandsEachServiceItsTwoLogins() throws IOException {
		Map<String, String> environment = Map.of("CASSANDRA_CONTACT_POINTS", TestNodes.contactPoint(node),
				"CASSANDRA_LOCAL_DATACENTER", node.localDatacenter(), "CASSANDRA_SUPERUSER",
				node.superuser().username(), "CASSANDRA_SUPERUSER_PASSWORD", node.superuser().password(),
				"PROVISION_STATE", directory.resolve("provision").toString(), "PROVISION_LOGINS",
				directory.resolve("logins").toString(), "PROVISION_SERVICES", "notes-service:provisioned_notes",
				"PROVISION_REPLICATION_STRATEGY", "SimpleStrategy", "PROVISION_REPLICATION_FACTOR", "1");
		ClusterProvisioning.run(environment::get);
		Path logins = directory.resolve("logins/notes-service");
		Map<String, String> files = new TreeMap<>();
		try (Stream<Path> listed = Files.list(logins)) {
			for (Path file : listed.toList()) {
				assertThat(Files.getPosixFilePermissions(file)).as(file.toString())
					.isEqualTo(PosixFilePermissions.fromString("rw-------"));
				files.put(file.getFileName().toString(), Files.readString(file));
			}
		}
		assertThat(Files.getPosixFilePermissions(logins)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
		assertThat(files).containsOnlyKeys("spring.cassandra.username", "spring.cassandra.password",
				"querydriven.cassandra.migrator.username", "querydriven.cassandra.migrator.password");
		assertThat(files).containsEntry("spring.cassandra.username", "provisioned_notes")
			.containsEntry("querydriven.cassandra.migrator.username", "provisioned_notes_migrator");
		assertThat(permissions("provisioned_notes"))
			.containsExactly(Map.entry("data/provisioned_notes", Set.of("SELECT", "MODIFY", "UNMASK")));
		try (CqlSession session = session(new RoleLogin("provisioned_notes", files.get("spring.cassandra.password")),
				"provisioned_notes")) {
			assertThat(session.getKeyspace())
				.hasValueSatisfying((keyspace) -> assertThat(keyspace.asInternal()).isEqualTo("provisioned_notes"));
		}

		ClusterProvisioning.run(environment::get);
		assertThat(Files.readString(logins.resolve("spring.cassandra.password")))
			.isEqualTo(files.get("spring.cassandra.password"));
		assertThat(Files.readString(logins.resolve("querydriven.cassandra.migrator.password")))
			.isEqualTo(files.get("querydriven.cassandra.migrator.password"));
	}

	/**
	 * A service as it is configured: its runtime login, its migrator login and a
	 * migration that creates a table with a masked column.
	 */
	private static ApplicationContextRunner service() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(CassandraAutoConfiguration.class,
					CassandraSchemaMigrationAutoConfiguration.class))
			.withPropertyValues("spring.cassandra.contact-points=" + TestNodes.contactPoint(node),
					"spring.cassandra.local-datacenter=" + node.localDatacenter(),
					"spring.cassandra.keyspace-name=" + KEYSPACE, "spring.cassandra.username=" + runtime.role(),
					"spring.cassandra.password=" + runtime.password(),
					"querydriven.cassandra.migrator.username=" + migrator.role(),
					"querydriven.cassandra.migrator.password=" + migrator.password(),
					"querydriven.cassandra.migrations.location=roles-cql");
	}

	/** What a role holds, by resource, as {@code system_auth.role_permissions} says. */
	private static Map<String, Set<String>> permissions(String role) {
		Map<String, Set<String>> permissions = new TreeMap<>();
		try (CqlSession admin = adminSession()) {
			for (Row row : admin.execute(SimpleStatement
				.newInstance("SELECT resource, permissions FROM system_auth.role_permissions WHERE role = ?", role))) {
				permissions.put(row.getString("resource"), row.getSet("permissions", String.class));
			}
		}
		return permissions;
	}

	private static RoleLogin login(String role) {
		return new RoleLogin(role, Credentials.generate(role).password());
	}

	private static CqlSession session(RoleLogin login) {
		return session(login, KEYSPACE);
	}

	private static CqlSession session(RoleLogin login, String keyspace) {
		return CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
				new Credentials(login.role(), login.password()), keyspace, Duration.ofSeconds(30));
	}

	private static CqlSession adminSession() {
		return CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), node.superuser(),
				Duration.ofSeconds(30));
	}

}
