package dev.querydriven.testcassandra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraDistribution;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * The one Cassandra of this test JVM, started on first use and reused by every test class
 * (each start costs seconds; isolation comes from random keys, not from more nodes or
 * keyspaces). It stops when the JVM exits; the embedded node's watchdog covers even a
 * killed JVM.
 */
public final class SharedCassandra {

	private static final Logger logger = LoggerFactory.getLogger(SharedCassandra.class);

	private static final Map<String, Credentials> serviceRoles = new ConcurrentHashMap<>();

	private static CassandraBackend backend;

	private SharedCassandra() {
	}

	/**
	 * The backend, started if needed.
	 * @return the running backend
	 */
	public static synchronized CassandraBackend backend() {
		if (backend == null) {
			BackendSelection.Mode mode = BackendSelection.mode(System.getProperties(), System.getenv());
			BackendSelection.Backend choice = BackendSelection.choose(mode, SharedCassandra::dockerAvailable);
			long started = System.nanoTime();
			CassandraBackend created = (choice == BackendSelection.Backend.CONTAINER)
					? new ContainerBackend(BackendSelection.image(System.getProperties(), System.getenv(),
							CassandraDistribution.bundledVersion()))
					: new EmbeddedBackend();
			logger.info("Tests use {} (mode {}), started in {} ms", created.description(), mode,
					(System.nanoTime() - started) / 1_000_000);
			Runtime.getRuntime().addShutdownHook(new Thread(created::close, "shared-cassandra-shutdown"));
			backend = created;
		}
		return backend;
	}

	private static boolean dockerAvailable() {
		if (!dockerMayBeConfigured()) {
			// Nothing points to a Docker engine: skip Testcontainers' probe and its error
			// log.
			return false;
		}
		try {
			return DockerClientFactory.instance().isDockerAvailable();
		}
		catch (RuntimeException | LinkageError ex) {
			return false;
		}
	}

	private static boolean dockerMayBeConfigured() {
		Path home = Path.of(System.getProperty("user.home"));
		return System.getenv("DOCKER_HOST") != null || System.getenv("TESTCONTAINERS_HOST_OVERRIDE") != null
				|| Files.exists(home.resolve(".testcontainers.properties"))
				|| Stream
					.of(Path.of("/var/run/docker.sock"), home.resolve(".docker/run/docker.sock"),
							home.resolve(".docker/desktop/docker.sock"), home.resolve(".colima/default/docker.sock"),
							home.resolve(".rd/docker.sock"), Path.of("//./pipe/docker_engine"))
					.anyMatch(Files::exists);
	}

	/**
	 * Creates (once per JVM) a service's keyspace and its non-superuser role, as the
	 * service's admin step does in production, and returns the role's login.
	 * @param keyspace the service's keyspace
	 * @param role the service's role
	 * @return the role's credentials
	 */
	public static Credentials serviceRole(String keyspace, String role) {
		return serviceRoles.computeIfAbsent(keyspace + "/" + role, (key) -> {
			Credentials credentials = Credentials.generate(role);
			try (CqlSession admin = adminSession()) {
				KeyspaceProvisioner.provision(admin, keyspace,
						new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1),
						backend().localDatacenter(), credentials.username(), credentials.password());
			}
			return credentials;
		});
	}

	/**
	 * A session as the superuser: for the admin step and for tests about guardrails only.
	 * @return a new session, which the caller closes
	 */
	public static CqlSession adminSession() {
		CassandraBackend running = backend();
		return CassandraLogin.open(running.contactPoints(), running.localDatacenter(), running.superuser(),
				Duration.ofSeconds(30));
	}

	/**
	 * A session as a service's role, with its keyspace provisioned: what a raw-driver
	 * test should use.
	 * @param keyspace the keyspace
	 * @return a new session whose keyspace is {@code keyspace}, which the caller closes
	 */
	public static CqlSession serviceSession(String keyspace) {
		Credentials role = serviceRole(keyspace, keyspace);
		CassandraBackend running = backend();
		return CassandraLogin.open(running.contactPoints(), running.localDatacenter(), role, keyspace,
				Duration.ofSeconds(30));
	}

}
