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
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import dev.querydriven.servicesupport.cassandra.ServiceKeyspace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * node's superuser creates the service's keyspace and role at every start (a role lost
 * with its node comes back), and the service connects as that role. Its generated
 * password is kept beside the data and handed over here, never written in code.
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
			Path roleFile = directory.toAbsolutePath().resolve(roleName + ".credentials.properties");
			Credentials role = Files.isRegularFile(roleFile) ? Credentials.readFrom(roleFile)
					: Credentials.generate(roleName);
			try (CqlSession admin = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
					node.superuser(), Duration.ofSeconds(30))) {
				KeyspaceProvisioner.provision(admin, keyspace, properties.replication(), node.localDatacenter(),
						role.username(), role.password());
			}
			role.writeTo(roleFile);
			logger.info(
					"Embedded Cassandra for '{}': keyspace {}, role {} (password in {}); "
							+ "open it with: cqlsh {} {} -u {} -p <password>",
					application, keyspace, roleName, roleFile, node.contactPoint().getHostString(),
					node.contactPoint().getPort(), roleName);
			return new EmbeddedCassandraConnectionDetails(node, role);
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

}
