package dev.querydriven.testcassandra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraDistribution;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import dev.querydriven.servicesupport.cassandra.RoleLogin;
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

	private static final Map<String, ServiceLogins> serviceLogins = new HashMap<>();

	private static final Map<String, Credentials> migrators = new HashMap<>();

	private static final Map<String, Credentials> supportLogins = new HashMap<>();

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
	 * Creates (once per JVM) a service's keyspace and its roles, as the admin step does
	 * in production ({@link KeyspaceProvisioner}): the runtime role, the migrator
	 * {@code <keyspace>_migrator} and the support group role {@code <keyspace>_support},
	 * and returns the two logins a service is given.
	 * @param keyspace the service's keyspace
	 * @param role the service's runtime role
	 * @return the runtime and migrator logins
	 */
	public static synchronized ServiceLogins serviceLogins(String keyspace, String role) {
		ServiceLogins logins = serviceLogins.get(keyspace + "/" + role);
		if (logins == null) {
			// One migrator per keyspace, whichever runtime role the keyspace is
			// provisioned for: provisioning sets its password each time.
			Credentials migrator = migrators.computeIfAbsent(keyspace,
					(name) -> Credentials.generate(KeyspaceProvisioner.migratorRole(name)));
			logins = new ServiceLogins(Credentials.generate(role), migrator);
			try (CqlSession admin = adminSession()) {
				KeyspaceProvisioner.provision(admin, keyspace,
						new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1),
						backend().localDatacenter(), roleLogin(logins.runtime()), roleLogin(logins.migrator()));
			}
			serviceLogins.put(keyspace + "/" + role, logins);
		}
		return logins;
	}

	/**
	 * The runtime login of a service's role, its keyspace and roles provisioned (see
	 * {@link #serviceLogins(String, String)}).
	 * @param keyspace the service's keyspace
	 * @param role the service's runtime role
	 * @return the role's credentials
	 */
	public static Credentials serviceRole(String keyspace, String role) {
		return serviceLogins(keyspace, role).runtime();
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
	 * A session as a service's runtime role, with its keyspace provisioned: what a
	 * raw-driver test reads and writes rows with. The role cannot change the schema:
	 * create the test's tables with {@link #migratorSession(String)}.
	 * @param keyspace the keyspace
	 * @return a new session whose keyspace is {@code keyspace}, which the caller closes
	 */
	public static CqlSession serviceSession(String keyspace) {
		return open(serviceRole(keyspace, keyspace), keyspace);
	}

	/**
	 * A session as a keyspace's migrator, {@code <keyspace>_migrator}: what a raw-driver
	 * test creates, alters and drops its tables with, as a service's migrations do.
	 * @param keyspace the keyspace
	 * @return a new session whose keyspace is {@code keyspace}, which the caller closes
	 */
	public static CqlSession migratorSession(String keyspace) {
		return open(serviceLogins(keyspace, keyspace).migrator(), keyspace);
	}

	/**
	 * A session as a person in support: a login role granted the keyspace's read-only
	 * {@code <keyspace>_support} role, which reads rows with personal columns masked and
	 * cannot write.
	 * @param keyspace the keyspace
	 * @return a new session whose keyspace is {@code keyspace}, which the caller closes
	 */
	public static CqlSession supportSession(String keyspace) {
		return open(supportLogin(keyspace), keyspace);
	}

	private static synchronized Credentials supportLogin(String keyspace) {
		Credentials login = supportLogins.get(keyspace);
		if (login == null) {
			serviceLogins(keyspace, keyspace);
			login = Credentials.generate(keyspace + "_support_login");
			try (CqlSession admin = adminSession()) {
				// People log in as themselves and are granted the group role, which
				// cannot log in.
				admin.execute("CREATE ROLE IF NOT EXISTS " + login.username() + " WITH PASSWORD = '" + login.password()
						+ "' AND LOGIN = true AND SUPERUSER = false");
				admin.execute("GRANT " + KeyspaceProvisioner.supportRole(keyspace) + " TO " + login.username());
			}
			supportLogins.put(keyspace, login);
		}
		return login;
	}

	private static CqlSession open(Credentials login, String keyspace) {
		CassandraBackend running = backend();
		return CassandraLogin.open(running.contactPoints(), running.localDatacenter(), login, keyspace,
				Duration.ofSeconds(30));
	}

	private static RoleLogin roleLogin(Credentials credentials) {
		return new RoleLogin(credentials.username(), credentials.password());
	}

	/**
	 * The two logins of a service: the runtime role it serves as, and the migrator its
	 * schema migrations run as.
	 *
	 * @param runtime the runtime role's login ({@code spring.cassandra.username})
	 * @param migrator the migrator's login ({@code querydriven.cassandra.migrator.*})
	 */
	public record ServiceLogins(Credentials runtime, Credentials migrator) {

	}

}
