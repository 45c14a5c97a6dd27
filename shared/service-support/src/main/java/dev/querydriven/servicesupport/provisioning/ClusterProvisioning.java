package dev.querydriven.servicesupport.provisioning;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import dev.querydriven.servicesupport.cassandra.RoleLogin;

import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;

/**
 * Prepares a cluster for the services, once, as the superuser: the command Compose's
 * {@code provision} container runs before any service starts (and an operator may run
 * against a cluster of their own). Settings come from environment variables:
 * <ul>
 * <li>{@code CASSANDRA_CONTACT_POINTS} ({@code host:port,...}),
 * {@code CASSANDRA_LOCAL_DATACENTER};</li>
 * <li>{@code CASSANDRA_SUPERUSER} ({@code cassandra} by default) and
 * {@code CASSANDRA_SUPERUSER_PASSWORD}: the password the superuser must have. Without it,
 * one is generated on the first run and kept in {@code PROVISION_STATE}. When the node
 * still accepts the image's well-known default ({@code cassandra}), the superuser's
 * password is replaced first: a default password left on a cluster is the first one an
 * attacker tries;</li>
 * <li>{@code PROVISION_SERVICES}: {@code service:keyspace} pairs separated by spaces or
 * commas;</li>
 * <li>{@code PROVISION_REPLICATION_STRATEGY} and {@code PROVISION_REPLICATION_FACTOR}
 * ({@code NetworkTopologyStrategy}, 3);</li>
 * <li>{@code PROVISION_LOGINS}: a directory with one subdirectory per service, where the
 * service's two logins are written as Spring Boot config-tree files
 * ({@code spring.cassandra.username}, {@code spring.cassandra.password},
 * {@code querydriven.cassandra.migrator.username},
 * {@code querydriven.cassandra.migrator.password}), readable by {@code PROVISION_OWNER}
 * only (the services' unprivileged user). A password given as
 * {@code <SERVICE>_CASSANDRA_PASSWORD} or {@code <SERVICE>_CASSANDRA_MIGRATOR_PASSWORD}
 * (e.g. {@code SOCIAL_FEED_CASSANDRA_PASSWORD}) is used; otherwise the one of an earlier
 * run is kept, or a new one generated.</li>
 * </ul>
 * Every step may be run again: keyspaces and roles are created if missing, permissions
 * set to exactly what each role needs.
 */
public final class ClusterProvisioning {

	private static final String DEFAULT_SUPERUSER_PASSWORD = "cassandra";

	private static final Duration LOGIN_DEADLINE = Duration.ofMinutes(3);

	private static final Duration LOGIN_RETRY = Duration.ofSeconds(2);

	private static final SecureRandom RANDOM = new SecureRandom();

	private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_FILE = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

	private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_DIRECTORY = PosixFilePermissions
		.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

	private final Function<String, String> environment;

	private ClusterProvisioning(Function<String, String> environment) {
		this.environment = environment;
	}

	/**
	 * Runs the provisioning; exits non-zero when it fails.
	 * @param args none
	 */
	public static void main(String[] args) {
		// The driver logs through SLF4J; without a configuration Logback would print
		// every DEBUG line of the handshake.
		LoggingSystem logging = LoggingSystem.get(ClusterProvisioning.class.getClassLoader());
		logging.beforeInitialize();
		logging.setLogLevel(LoggingSystem.ROOT_LOGGER_NAME, LogLevel.WARN);
		try {
			run(System::getenv);
		}
		catch (RuntimeException | IOException ex) {
			System.err.println("provision: FAILED: " + ex.getMessage());
			System.exit(1);
		}
	}

	/**
	 * Provisions the cluster described by the given settings.
	 * @param environment the settings, by environment variable name (see the class
	 * description); {@code null} for a setting not given
	 * @throws IOException when a login file cannot be read or written
	 */
	public static void run(Function<String, String> environment) throws IOException {
		new ClusterProvisioning(environment).provision();
	}

	private void provision() throws IOException {
		String superuser = setting("CASSANDRA_SUPERUSER", "cassandra");
		Path state = Path.of(setting("PROVISION_STATE", "/var/lib/querydriven/provision"));
		Path logins = Path.of(setting("PROVISION_LOGINS", "/logins"));
		String owner = this.environment.apply("PROVISION_OWNER");
		QueryDrivenCassandraProperties.Replication replication = new QueryDrivenCassandraProperties.Replication(
				setting("PROVISION_REPLICATION_STRATEGY", "NetworkTopologyStrategy"),
				Integer.parseInt(setting("PROVISION_REPLICATION_FACTOR", "3")));
		String datacenter = required("CASSANDRA_LOCAL_DATACENTER");
		Map<String, String> services = services(required("PROVISION_SERVICES"));

		createDirectory(state, null);
		String password = secret(this.environment.apply("CASSANDRA_SUPERUSER_PASSWORD"),
				state.resolve("superuser.password"), null);
		if (DEFAULT_SUPERUSER_PASSWORD.equals(password)) {
			throw new IllegalArgumentException(
					"CASSANDRA_SUPERUSER_PASSWORD must not be the image's well-known default");
		}
		try (CqlSession admin = superuserSession(superuser, password)) {
			for (Map.Entry<String, String> service : services.entrySet()) {
				String keyspace = service.getValue();
				Path directory = logins.resolve(service.getKey());
				createDirectory(directory, owner);
				String prefix = service.getKey().toUpperCase(Locale.ROOT).replace('-', '_');
				RoleLogin runtime = new RoleLogin(keyspace,
						secret(this.environment.apply(prefix + "_CASSANDRA_PASSWORD"),
								directory.resolve("spring.cassandra.password"), owner));
				RoleLogin migrator = new RoleLogin(KeyspaceProvisioner.migratorRole(keyspace),
						secret(this.environment.apply(prefix + "_CASSANDRA_MIGRATOR_PASSWORD"),
								directory.resolve("querydriven.cassandra.migrator.password"), owner));
				KeyspaceProvisioner.provision(admin, keyspace, replication, datacenter, runtime, migrator);
				write(directory.resolve("spring.cassandra.username"), runtime.role(), owner);
				write(directory.resolve("querydriven.cassandra.migrator.username"), migrator.role(), owner);
				System.out.println("provision: " + service.getKey() + ": keyspace " + keyspace + ", roles "
						+ runtime.role() + " and " + migrator.role() + ", logins in " + directory);
			}
		}
		System.out.println("provision: done");
	}

	/**
	 * Logs in as the superuser with the password it must have; on a new cluster, where
	 * the image's default still works, replaces the default first. The nodes create the
	 * default superuser a few seconds after they start serving clients, so a refused
	 * login is tried again until the deadline.
	 */
	private CqlSession superuserSession(String superuser, String password) {
		long deadline = System.nanoTime() + LOGIN_DEADLINE.toNanos();
		while (true) {
			try {
				return session(superuser, password);
			}
			catch (AllNodesFailedException refused) {
				try {
					CqlSession session = session(superuser, DEFAULT_SUPERUSER_PASSWORD);
					String quoted = password.replace("'", "''");
					// DCL takes no bind markers; the role name comes from the operator's
					// environment and is quoted as an identifier.
					session.execute(
							"ALTER ROLE \"" + superuser.replace("\"", "\"\"") + "\" WITH PASSWORD = '" + quoted + "'");
					System.out.println("provision: replaced the default password of the superuser " + superuser);
					return session;
				}
				catch (AllNodesFailedException stillRefused) {
					if (System.nanoTime() > deadline) {
						throw new IllegalStateException("The superuser " + superuser
								+ " could not log in with CASSANDRA_SUPERUSER_PASSWORD, the kept password or the default: "
								+ refused.getMessage(), refused);
					}
					System.out.println("provision: waiting for the superuser's login ("
							+ (isAuthentication(refused) ? "refused" : "no node answers") + ")");
					pause();
				}
			}
		}
	}

	private static boolean isAuthentication(AllNodesFailedException ex) {
		return ex.getAllErrors()
			.values()
			.stream()
			.flatMap(List::stream)
			.anyMatch(AuthenticationException.class::isInstance);
	}

	private static void pause() {
		try {
			Thread.sleep(LOGIN_RETRY.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the cluster", ex);
		}
	}

	private CqlSession session(String username, String password) {
		List<InetSocketAddress> contactPoints = new ArrayList<>();
		for (String contactPoint : required("CASSANDRA_CONTACT_POINTS").split("[,\\s]+")) {
			int colon = contactPoint.lastIndexOf(':');
			contactPoints.add((colon < 0) ? new InetSocketAddress(contactPoint, 9042) : new InetSocketAddress(
					contactPoint.substring(0, colon), Integer.parseInt(contactPoint.substring(colon + 1))));
		}
		// Schema changes on a cluster answer once every node agreed; on machines that
		// also start the cluster that takes longer than the driver's defaults.
		DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
			.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
			.withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofMinutes(1))
			.withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
			.build();
		return CqlSession.builder()
			.addContactPoints(contactPoints)
			.withLocalDatacenter(required("CASSANDRA_LOCAL_DATACENTER"))
			.withAuthCredentials(username, password)
			.withConfigLoader(config)
			.build();
	}

	/**
	 * The secret to use: the one given, else the one kept by an earlier run, else a new
	 * one; kept in {@code file} either way, so that the next run finds it.
	 */
	private static String secret(String given, Path file, String owner) throws IOException {
		String secret;
		if (given != null && !given.isBlank()) {
			secret = given;
		}
		else if (Files.isRegularFile(file)) {
			secret = Files.readString(file, StandardCharsets.UTF_8).strip();
		}
		else {
			byte[] bytes = new byte[24];
			RANDOM.nextBytes(bytes);
			secret = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		}
		write(file, secret, owner);
		return secret;
	}

	/**
	 * Writes a file readable by its owner only from the moment it exists (a temporary
	 * file created with those permissions, then moved in place), never widened and
	 * narrowed afterwards.
	 */
	private static void write(Path file, String content, String owner) throws IOException {
		Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
		Files.deleteIfExists(temporary);
		Files.createFile(temporary, OWNER_ONLY_FILE);
		Files.writeString(temporary, content, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
		setOwner(temporary, owner);
		Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	private static void createDirectory(Path directory, String owner) throws IOException {
		try {
			Files.createDirectories(directory.getParent());
			Files.createDirectory(directory, OWNER_ONLY_DIRECTORY);
		}
		catch (FileAlreadyExistsException ex) {
			// A mounted volume: its mount point exists already, with the engine's
			// permissions.
			Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
		}
		setOwner(directory, owner);
	}

	/**
	 * Hands a file to the services' user: this command runs as root to write into fresh
	 * volumes, the services run unprivileged and must read their logins.
	 */
	private static void setOwner(Path path, String owner) throws IOException {
		if (owner == null || owner.isBlank()) {
			return;
		}
		UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
		PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
		view.setOwner(users.lookupPrincipalByName(owner));
		view.setGroup(users.lookupPrincipalByGroupName(owner));
	}

	private static Map<String, String> services(String setting) {
		Map<String, String> services = new LinkedHashMap<>();
		for (String pair : setting.trim().split("[,\\s]+")) {
			String[] parts = pair.split(":", 2);
			if (parts.length != 2 || !parts[0].matches("[a-z][a-z0-9-]*")) {
				throw new IllegalArgumentException(
						"PROVISION_SERVICES: expected service:keyspace pairs, not '" + pair + "'");
			}
			services.put(parts[0], parts[1]);
		}
		return services;
	}

	private String setting(String name, String fallback) {
		String value = this.environment.apply(name);
		return (value == null || value.isBlank()) ? fallback : value.trim();
	}

	private String required(String name) {
		String value = this.environment.apply(name);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException(name + " is required");
		}
		return value.trim();
	}

}
