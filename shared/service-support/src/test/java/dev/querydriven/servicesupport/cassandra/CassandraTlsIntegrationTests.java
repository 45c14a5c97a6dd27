package dev.querydriven.servicesupport.cassandra;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Client-to-node TLS: a node whose CQL port speaks only TLS, reached by a service through
 * a Spring Boot SSL bundle ({@code spring.cassandra.ssl.bundle}). The bundle configures
 * Spring Boot's {@code CqlSessionBuilder}, and both of the service's sessions come from
 * it: the runtime session and the migrator's. The node runs here alone (not the tests'
 * shared one, which speaks clear text), with a key pair made by {@code keytool} when the
 * class starts.
 */
class CassandraTlsIntegrationTests {

	@TempDir
	static Path directory;

	private static TestKeystores keystores;

	private static EmbeddedCassandra node;

	@BeforeAll
	static void startNodeSpeakingOnlyTls() {
		keystores = TestKeystores.create(directory.resolve("keys"));
		node = TestNodes.throwaway(directory.resolve("node"))
			.clientEncryption(keystores.nodeEncryption())
			.build()
			.start();
	}

	@AfterAll
	static void stopNode() {
		if (node != null) {
			node.close();
		}
	}

	/**
	 * The runtime session reaches the node through the SSL bundle, and the node itself
	 * lists each of the role's connections as TLS.
	 */
	@Test
	void runtimeSessionConnectsOverTls() {
		Logins logins = provision("tls_runtime");
		serviceOverTls("tls_runtime", logins).run((context) -> {
			assertThat(context).hasNotFailed();
			CqlSession session = context.getBean(CqlSession.class);
			assertThat(session.execute("SELECT note_id FROM notes_by_id LIMIT 1").getColumnDefinitions().size())
				.isOne();
			try (CqlSession admin = adminSession()) {
				List<Row> connections = admin
					.execute("SELECT username, ssl_enabled, ssl_protocol FROM system_views.clients")
					.all()
					.stream()
					.filter((connection) -> logins.runtime().role().equals(connection.getString("username")))
					.toList();
				assertThat(connections).isNotEmpty()
					.allSatisfy((connection) -> assertThat(connection.getBoolean("ssl_enabled")).isTrue())
					.allSatisfy((connection) -> assertThat(connection.getString("ssl_protocol")).startsWith("TLS"));
			}
		});
	}

	/**
	 * The schema migrations, applied as the migrator in a session of their own, reach the
	 * node through the same bundle: on a port that refuses clear text, their table exists
	 * and their version is recorded.
	 */
	@Test
	void schemaMigrationSessionConnectsOverTls() {
		Logins logins = provision("tls_migrations");
		serviceOverTls("tls_migrations", logins).run((context) -> {
			assertThat(context).hasNotFailed();
			try (CqlSession admin = adminSession()) {
				assertThat(admin.getMetadata().getKeyspace("tls_migrations").orElseThrow().getTable("notes_by_id"))
					.isPresent();
				assertThat(admin.execute("SELECT version FROM tls_migrations.schema_migration").all())
					.extracting((row) -> row.getInt("version"))
					.containsExactly(1);
			}
		});
	}

	/**
	 * A driver speaking clear text to the TLS port is refused before any login: the node
	 * closes the connection at the driver's first request, so the session never opens,
	 * even with the superuser's password.
	 */
	@Test
	void clearTextConnectionIsRefused() {
		Credentials superuser = node.superuser();
		// The refusal is what this test expects: the driver reports it in its exception
		// rather than also logging a warning for it.
		DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
			.withBoolean(DefaultDriverOption.CONNECTION_WARN_INIT_ERROR, false)
			.build();
		assertThatExceptionOfType(AllNodesFailedException.class)
			.isThrownBy(() -> CqlSession.builder()
				.addContactPoint(node.contactPoint())
				.withLocalDatacenter(node.localDatacenter())
				.withAuthCredentials(superuser.username(), superuser.password())
				.withConfigLoader(config)
				.build()
				.close())
			.satisfies((ex) -> assertThat(ex.getAllErrors()).hasSize(1))
			.satisfies(
					(ex) -> assertThat(ex.getAllErrors().values().stream().flatMap(List::stream).toList()).isNotEmpty()
						.allSatisfy((error) -> assertThat(error).isInstanceOf(ConnectionInitException.class)
							.hasMessageContaining("OPTIONS")
							.hasCauseInstanceOf(ClosedConnectionException.class)));
	}

	private static ApplicationContextRunner serviceOverTls(String keyspace, Logins logins) {
		InetSocketAddress contactPoint = node.contactPoint();
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, CassandraAutoConfiguration.class,
					CassandraSchemaMigrationAutoConfiguration.class))
			.withPropertyValues(
					"spring.cassandra.contact-points=" + contactPoint.getHostString() + ":" + contactPoint.getPort(),
					"spring.cassandra.local-datacenter=" + node.localDatacenter(),
					"spring.cassandra.keyspace-name=" + keyspace,
					"spring.cassandra.username=" + logins.runtime().role(),
					"spring.cassandra.password=" + logins.runtime().password(),
					"querydriven.cassandra.migrator.username=" + logins.migrator().role(),
					"querydriven.cassandra.migrator.password=" + logins.migrator().password(),
					"querydriven.cassandra.migrations.location=tls-cql",
					// What a service sets against a cluster speaking TLS: a bundle that
					// trusts the nodes' certificate, and the Cassandra session using it.
					// The host name is verified (Spring Boot's default), so the
					// certificate must name the address the driver connects to.
					"spring.ssl.bundle.jks.cassandra.truststore.location=" + keystores.clientTruststore().toUri(),
					"spring.ssl.bundle.jks.cassandra.truststore.password=" + keystores.password(),
					"spring.ssl.bundle.jks.cassandra.truststore.type=PKCS12", "spring.cassandra.ssl.bundle=cassandra");
	}

	/** Provisions a keyspace and its logins as the superuser, itself over TLS. */
	private static Logins provision(String keyspace) {
		Logins logins = new Logins(new RoleLogin(keyspace, Credentials.generate(keyspace).password()),
				new RoleLogin(KeyspaceProvisioner.migratorRole(keyspace), Credentials.generate(keyspace).password()));
		try (CqlSession admin = adminSession()) {
			KeyspaceProvisioner.provision(admin, keyspace,
					new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1), node.localDatacenter(),
					logins.runtime(), logins.migrator());
		}
		return logins;
	}

	private static CqlSession adminSession() {
		return CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(), node.superuser(), null,
				keystores.nodeEncryption().trustingSslContext(), Duration.ofSeconds(30));
	}

	private record Logins(RoleLogin runtime, RoleLogin migrator) {

	}

}
