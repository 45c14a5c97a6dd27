package dev.querydriven.servicesupport.cassandra;

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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * The dev default: a service started without {@code spring.cassandra.contact-points} gets
 * a real Cassandra node of its own, started as a child process, keeping its data between
 * runs. The node's superuser creates the service's keyspace and role; the service
 * connects as that role. Its generated password is kept beside the data and handed over
 * here, never written in code.
 */
@AutoConfiguration(before = CassandraAutoConfiguration.class)
@ConditionalOnClass({ EmbeddedCassandra.class, CqlSession.class })
@ConditionalOnBooleanProperty(name = "querydriven.cassandra.embedded.enabled", matchIfMissing = true)
@Conditional(OnNoContactPointsCondition.class)
@EnableConfigurationProperties({ QueryDrivenCassandraProperties.class, CassandraProperties.class })
public final class EmbeddedCassandraAutoConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedCassandraAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean(CassandraConnectionDetails.class)
	EmbeddedCassandraConnectionDetails embeddedCassandraConnectionDetails(QueryDrivenCassandraProperties properties,
			CassandraProperties cassandra, Environment environment) {
		String keyspace = ServiceKeyspace.keyspace(cassandra);
		String roleName = ServiceKeyspace.role(properties, keyspace);
		String application = environment.getProperty("spring.application.name", keyspace);
		Path directory = (properties.embedded().directory() != null) ? properties.embedded().directory()
				: CacheDirectory.resolve().resolve("nodes").resolve(application);
		EmbeddedCassandra node = EmbeddedCassandra.builder()
			.directory(directory)
			.preferredNativePort(properties.embedded().preferredPort())
			.heap(properties.embedded().heap())
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
				KeyspaceProvisioner.provision(admin, keyspace, properties.replication(), node.localDatacenter(), role);
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
