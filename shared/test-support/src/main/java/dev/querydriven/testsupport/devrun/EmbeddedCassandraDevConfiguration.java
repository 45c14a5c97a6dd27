package dev.querydriven.testsupport.devrun;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CacheDirectory;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.servicesupport.cassandra.CassandraMigratorConnectionDetails;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import dev.querydriven.servicesupport.cassandra.RoleLogin;
import dev.querydriven.servicesupport.cassandra.ServiceKeyspace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * The dev run's database: a service started from its test application
 * ({@code TestSocialFeedApplication} and its siblings, which add this configuration)
 * without {@code spring.cassandra.contact-points} gets a real Cassandra node of its own,
 * started as a child process, keeping its data between runs and through a crash. The
 * node's superuser runs the admin step at every start ({@link KeyspaceProvisioner}: the
 * keyspace, the runtime role, the migrator and the support role; a role lost with its
 * node comes back, a permission granted by an older version is revoked). The service
 * connects as the runtime role and migrates as the migrator, as in production. Both
 * generated passwords are kept beside the data (owner-readable files) and handed over
 * here, never written in code.
 *
 * <p>
 * This lives on the test class path, the way Spring Boot's dev-time services do: a
 * production jar carries neither the node nor this wiring, so it can never start a
 * database by accident.
 */
@TestConfiguration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "querydriven.cassandra.embedded.enabled", matchIfMissing = true)
@Conditional(OnNoContactPointsCondition.class)
@EnableConfigurationProperties({ EmbeddedCassandraProperties.class, QueryDrivenCassandraProperties.class,
		CassandraProperties.class })
public class EmbeddedCassandraDevConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedCassandraDevConfiguration.class);

	@Bean
	@ConditionalOnMissingBean(CassandraConnectionDetails.class)
	EmbeddedCassandraConnectionDetails embeddedCassandraConnectionDetails(EmbeddedCassandraProperties embedded,
			QueryDrivenCassandraProperties properties, CassandraProperties cassandra, Environment environment) {
		String keyspace = ServiceKeyspace.keyspace(cassandra);
		String roleName = ServiceKeyspace.role(properties, keyspace);
		String application = environment.getProperty("spring.application.name", keyspace);
		Path directory = (embedded.directory() != null) ? embedded.directory()
				: CacheDirectory.resolve().resolve("nodes").resolve(application);
		EmbeddedCassandra node = EmbeddedCassandra.builder()
			.directory(directory)
			.preferredNativePort(embedded.preferredPort())
			.heap(embedded.heap())
			// The context stops the node after closing its sessions (see the connection
			// details).
			.shutdownHook(false)
			.build()
			.start();
		try {
			Path roleFile = credentialsFile(directory, roleName);
			Credentials role = readOrGenerate(roleFile, roleName);
			String migratorName = KeyspaceProvisioner.migratorRole(keyspace);
			Path migratorFile = credentialsFile(directory, migratorName);
			Credentials migrator = readOrGenerate(migratorFile, migratorName);
			try (CqlSession admin = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
					node.superuser(), Duration.ofSeconds(30))) {
				KeyspaceProvisioner.provision(admin, keyspace, properties.replication(), node.localDatacenter(),
						new RoleLogin(role.username(), role.password()),
						new RoleLogin(migrator.username(), migrator.password()));
			}
			// Written once provisioned: a file always names a login the node accepts.
			if (!Files.isRegularFile(roleFile)) {
				role.writeTo(roleFile);
			}
			if (!Files.isRegularFile(migratorFile)) {
				migrator.writeTo(migratorFile);
			}
			logger.info(
					"Embedded Cassandra for '{}': keyspace {}, runtime role {} (password in {}), migrator {} "
							+ "(password in {}); open it with: cqlsh {} {} -u {} -p <password>",
					application, keyspace, roleName, roleFile, migratorName, migratorFile,
					node.contactPoint().getHostString(), node.contactPoint().getPort(), roleName);
			return new EmbeddedCassandraConnectionDetails(node, role, migrator);
		}
		catch (IOException ex) {
			node.stop();
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			node.stop();
			throw ex;
		}
	}

	/**
	 * The migrator login of the node started above, for the schema migrations only.
	 * @param details the node's connection details
	 * @return the migrator's login
	 */
	@Bean
	@ConditionalOnBean(EmbeddedCassandraConnectionDetails.class)
	CassandraMigratorConnectionDetails embeddedCassandraMigratorConnectionDetails(
			EmbeddedCassandraConnectionDetails details) {
		return details.migrator();
	}

	private static Path credentialsFile(Path directory, String role) {
		return directory.toAbsolutePath().resolve(role + ".credentials.properties");
	}

	private static Credentials readOrGenerate(Path file, String role) throws IOException {
		return Files.isRegularFile(file) ? Credentials.readFrom(file) : Credentials.generate(role);
	}

}
