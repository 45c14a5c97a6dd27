package dev.querydriven.servicesupport.cassandra;

import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
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
 * lightweight-transaction lock lets only one instance migrate at a time. Runs as the
 * service's own role, so the guardrails judge the schema too.
 */
public final class CassandraSchemaMigrations implements InitializingBean {

	/**
	 * The driver execution profile the migration statements run with (defined by
	 * {@link CassandraSchemaMigrationAutoConfiguration}): a schema change answers only
	 * once the node has applied it, which takes seconds on a busy machine (a
	 * {@code DROP TABLE} more than the driver's default 2-second request timeout).
	 */
	public static final String EXECUTION_PROFILE = "querydriven-schema-migrations";

	private final ObjectProvider<CqlSessionBuilder> sessionBuilders;

	private final CassandraConnectionDetails connectionDetails;

	private final QueryDrivenCassandraProperties properties;

	private final String keyspace;

	private final List<SchemaMigrationSet> librarySets;

	CassandraSchemaMigrations(ObjectProvider<CqlSessionBuilder> sessionBuilders,
			CassandraConnectionDetails connectionDetails, QueryDrivenCassandraProperties properties, String keyspace,
			List<SchemaMigrationSet> librarySets) {
		this.sessionBuilders = sessionBuilders;
		this.connectionDetails = connectionDetails;
		this.properties = properties;
		this.keyspace = keyspace;
		this.librarySets = List.copyOf(librarySets);
	}

	@Override
	public void afterPropertiesSet() {
		provisionWithAdminLogin();
		ScannerRegistry scanners = new ScannerRegistry();
		scanners.register(ScannerRegistry.JAR_SCHEME, new ClassPathLocationScanner());
		// One session for every set; the library closes the session it is given after
		// each set, so it gets a view whose close does nothing, and the session is
		// closed once, at the end.
		CqlSession session = this.sessionBuilders.getObject().build();
		try {
			// A session built from a driver configuration of one's own may lack the
			// profile.
			String profile = session.getContext().getConfig().getProfiles().containsKey(EXECUTION_PROFILE)
					? EXECUTION_PROFILE : null;
			for (SchemaMigrationSet set : this.librarySets) {
				migrate(UnclosableSession.of(session), scanners, set.location(), profile, set.tablePrefix());
			}
			migrate(UnclosableSession.of(session), scanners, this.properties.migrations().location(), profile, "");
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
	 * On an existing cluster, a superuser login in {@code querydriven.cassandra.admin}
	 * creates the keyspace and the service's role first (the dev run's embedded node and
	 * the tests do this themselves). The admin session is the service's own session
	 * settings (contact points, datacenter, TLS) with the admin's login and no keyspace,
	 * which may not exist yet.
	 */
	private void provisionWithAdminLogin() {
		QueryDrivenCassandraProperties.Admin admin = this.properties.admin();
		if (admin == null || admin.username() == null || admin.username().isBlank()) {
			return;
		}
		try (CqlSession session = this.sessionBuilders.getObject()
			.withAuthCredentials(admin.username(), admin.password())
			.withKeyspace((String) null)
			.build()) {
			KeyspaceProvisioner.provision(session, this.keyspace, this.properties.replication(),
					this.connectionDetails.getLocalDatacenter(), this.connectionDetails.getUsername(),
					this.connectionDetails.getPassword());
		}
	}

}
