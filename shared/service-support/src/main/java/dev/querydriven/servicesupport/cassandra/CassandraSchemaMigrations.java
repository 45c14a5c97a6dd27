package dev.querydriven.servicesupport.cassandra;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import org.cognitor.cassandra.migration.Database;
import org.cognitor.cassandra.migration.MigrationConfiguration;
import org.cognitor.cassandra.migration.MigrationRepository;
import org.cognitor.cassandra.migration.MigrationTask;
import org.cognitor.cassandra.migration.collector.FailOnDuplicatesCollector;
import org.cognitor.cassandra.migration.scanner.ScannerRegistry;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;

/**
 * Applies the service's versioned CQL files ({@code cql/NNN_description.cql}) before
 * anything else uses the session, with the cassandra-migration library: applied versions
 * are recorded in the keyspace's {@code schema_migration} table and a
 * lightweight-transaction lock lets only one instance migrate at a time.
 * <p>
 * The migrations run as the migrator login ({@code querydriven.cassandra.migrator.*}, the
 * role {@code <keyspace>_migrator} that may create, alter and drop the keyspace's
 * tables), in a session of their own that is closed before the service serves anything:
 * the service itself runs as a role that can read and write rows only. Without a migrator
 * login they run as the service's own login, which then needs the migrator's permissions.
 * Either way the login is no superuser, so the guardrails judge the schema too.
 */
public final class CassandraSchemaMigrations implements InitializingBean {

	/**
	 * The driver execution profile the migration statements run with (defined by
	 * {@link CassandraSchemaMigrationAutoConfiguration}): a schema change answers only
	 * once the node has applied it, which takes seconds on a busy machine (a
	 * {@code DROP TABLE} more than the driver's default 2-second request timeout).
	 */
	public static final String EXECUTION_PROFILE = "querydriven-schema-migrations";

	/**
	 * How long a migration statement is sent again while a node does not know the table
	 * or type it uses yet: as long as a schema change may wait for every node to agree.
	 */
	private static final Duration SETTLE_LIMIT = Duration.ofMinutes(1);

	private static final Duration SETTLE_PAUSE = Duration.ofMillis(250);

	private final ObjectProvider<CqlSessionBuilder> sessionBuilders;

	private final CassandraConnectionDetails connectionDetails;

	private final CassandraMigratorConnectionDetails migrator;

	private final QueryDrivenCassandraProperties properties;

	private final String keyspace;

	private final List<SchemaMigrationSet> librarySets;

	CassandraSchemaMigrations(ObjectProvider<CqlSessionBuilder> sessionBuilders,
			CassandraConnectionDetails connectionDetails, CassandraMigratorConnectionDetails migrator,
			QueryDrivenCassandraProperties properties, String keyspace, List<SchemaMigrationSet> librarySets) {
		this.sessionBuilders = sessionBuilders;
		this.connectionDetails = connectionDetails;
		this.migrator = migrator;
		this.properties = properties;
		this.keyspace = keyspace;
		this.librarySets = List.copyOf(librarySets);
	}

	@Override
	public void afterPropertiesSet() {
		ScannerRegistry scanners = new ScannerRegistry();
		scanners.register(ScannerRegistry.JAR_SCHEME, new ClassPathLocationScanner());
		// One session for every set; the library closes the session it is given after
		// each set, so it gets a view whose close does nothing, and the session is
		// closed once, at the end.
		CqlSession session = migratorSession();
		try {
			// A session built from a driver configuration of one's own may lack the
			// profile.
			String profile = session.getContext().getConfig().getProfiles().containsKey(EXECUTION_PROFILE)
					? EXECUTION_PROFILE : null;
			for (SchemaMigrationSet set : this.librarySets) {
				migrate(MigrationSession.of(session, SETTLE_LIMIT, SETTLE_PAUSE), scanners, set.location(), profile,
						set.tablePrefix());
			}
			migrate(MigrationSession.of(session, SETTLE_LIMIT, SETTLE_PAUSE), scanners,
					this.properties.migrations().location(), profile, "");
			dropCreatorGrants(session);
		}
		finally {
			// Closed on failure too: a service whose start failed must exit to be
			// restarted, and the session's threads would keep its JVM running.
			session.close();
		}
	}

	private void migrate(CqlSession session, ScannerRegistry scanners, String location, String profile,
			String tablePrefix) {
		MigrationRepository repository = new MigrationRepository(List.of(location), new FailOnDuplicatesCollector(),
				scanners);
		MigrationConfiguration configuration = new MigrationConfiguration().withKeyspaceName(this.keyspace)
			.withExecutionProfile(profile);
		if (!tablePrefix.isEmpty()) {
			configuration = configuration.withTablePrefix(tablePrefix);
		}
		new MigrationTask(new Database(session, configuration), repository, true).migrate();
	}

	/**
	 * The service's session settings (contact points, datacenter, keyspace, TLS) with the
	 * migrator's login when one is configured.
	 */
	private CqlSession migratorSession() {
		CqlSessionBuilder builder = this.sessionBuilders.getObject();
		if (hasMigratorLogin()) {
			builder = builder.withAuthCredentials(this.migrator.getUsername(), this.migrator.getPassword());
		}
		return builder.build();
	}

	/**
	 * Gives up what Cassandra granted the migrating login on each table it created: the
	 * creator of a table receives every permission on it, AUTHORIZE (handing the table to
	 * other roles) and UNMASK included, beyond what its keyspace grant allows. A role may
	 * list its own permissions, and revoke those it holds with AUTHORIZE. The next
	 * provisioning would revoke them too; this closes the gap until then.
	 */
	private void dropCreatorGrants(CqlSession session) {
		String role = migratingRole();
		if (role == null) {
			// No login at all: a node without authentication, where nothing is granted.
			return;
		}
		String tablePrefix = "<table " + this.keyspace + ".";
		Map<String, Set<String>> held = new LinkedHashMap<>();
		ResultSet permissions;
		try {
			permissions = session.execute("LIST ALL PERMISSIONS OF " + role + " NORECURSIVE");
		}
		catch (InvalidQueryException ex) {
			// A node that authenticates but does not authorize (AllowAllAuthorizer) keeps
			// no permissions to give up.
			return;
		}
		for (Row row : permissions) {
			String resource = row.getString("resource");
			if (resource != null && resource.startsWith(tablePrefix) && resource.endsWith(">")) {
				held.computeIfAbsent(resource.substring(tablePrefix.length(), resource.length() - 1),
						(table) -> new HashSet<>())
					.add(row.getString("permission"));
			}
		}
		held.forEach(
				(table, onTable) -> KeyspaceProvisioner.revokeOnTable(session, this.keyspace, table, role, onTable));
	}

	private String migratingRole() {
		String username = hasMigratorLogin() ? this.migrator.getUsername() : this.connectionDetails.getUsername();
		return (username != null) ? CqlNames.requireRole("login", username) : null;
	}

	private boolean hasMigratorLogin() {
		return this.migrator.getUsername() != null && !this.migrator.getUsername().isBlank();
	}

}
