package dev.querydriven.benchmarks.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.querydriven.benchmarks.JavaProcess;
import dev.querydriven.benchmarks.SuiteSettings;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.measure.ServerWarnings;
import dev.querydriven.embeddedcassandra.Credentials;

/**
 * A service as it runs in production: its jar (the runnable one its build makes,
 * {@code <service>-<version>.jar}) in a JVM of its own, pointed at the node and logged in
 * as its runtime role (its migrations as its migrator), demo data off. Ready once its
 * health endpoint says so (which includes Cassandra).
 */
public final class ServiceJvm implements AutoCloseable {

	/**
	 * The environment variable a service reads its migrator's password from
	 * ({@code querydriven.cassandra.migrator.password}, by Spring Boot's relaxed
	 * binding).
	 */
	public static final String MIGRATOR_PASSWORD_VARIABLE = "QUERYDRIVEN_CASSANDRA_MIGRATOR_PASSWORD";

	private static final Duration STARTUP_LIMIT = Duration.ofMinutes(3);

	private final JavaProcess process;

	private final String baseUrl;

	private final String managementUrl;

	private final Path log;

	private ServiceJvm(JavaProcess process, String baseUrl, String managementUrl, Path log) {
		this.process = process;
		this.baseUrl = baseUrl;
		this.managementUrl = managementUrl;
		this.log = log;
	}

	/**
	 * Starts a service and waits until it is healthy.
	 * @param service the service
	 * @param jar its jar
	 * @param contactPoint the node, {@code host:port}
	 * @param datacenter the node's datacenter
	 * @param role the service's runtime login
	 * @param migrator the login its schema migrations run as
	 * @param jvmOptions the JVM's options (the same as the harness JVM's)
	 * @param log where its output goes
	 * @param progress receives progress messages
	 * @return the running service
	 */
	public static ServiceJvm start(ServiceBenchmark service, Path jar, String contactPoint, String datacenter,
			Credentials role, Credentials migrator, List<String> jvmOptions, Path log, Consumer<String> progress) {
		// The same settings as the service in the layer JVM (request timeout, no demo
		// data, the service's own), so the HTTP layer differs from the service layer by
		// HTTP only.
		Map<String, String> properties = new LinkedHashMap<>(SuiteSettings.serviceProperties(service));
		properties.putAll(service.properties());
		properties.putAll(connection(contactPoint, datacenter, role));
		properties.put("querydriven.cassandra.migrator.username", migrator.username());
		return start(service.name(), jar, properties,
				Map.of("SPRING_CASSANDRA_PASSWORD", role.password(), MIGRATOR_PASSWORD_VARIABLE, migrator.password()),
				jvmOptions, log, progress);
	}

	/**
	 * Starts a service's jar with the given settings on a free port and waits until it is
	 * healthy.
	 * @param name the service, for the log
	 * @param jar its jar
	 * @param properties its settings, as command-line arguments ({@code server.port} is
	 * chosen here)
	 * @param environment variables of its environment (secrets: a command line is visible
	 * to every user of the machine)
	 * @param jvmOptions the JVM's options
	 * @param log where its output goes
	 * @param progress receives progress messages
	 * @return the running service
	 */
	public static ServiceJvm start(String name, Path jar, Map<String, String> properties,
			Map<String, String> environment, List<String> jvmOptions, Path log, Consumer<String> progress) {
		int port = freePort();
		int managementPort = freePort();
		List<String> arguments = new ArrayList<>(jvmOptions);
		arguments.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
		Map<String, String> all = new LinkedHashMap<>(properties);
		all.put("server.port", String.valueOf(port));
		all.put("management.server.port", String.valueOf(managementPort));
		all.forEach((property, value) -> arguments.add("--" + property + "=" + value));
		progress.accept("starting " + name + " (" + jar.getFileName() + ") on port " + port);
		JavaProcess process = JavaProcess.start(name, arguments, environment, log, (line) -> {
		});
		ServiceJvm jvm = new ServiceJvm(process, "http://127.0.0.1:" + port, "http://127.0.0.1:" + managementPort, log);
		try {
			jvm.awaitHealthy();
		}
		catch (RuntimeException ex) {
			jvm.close();
			throw ex;
		}
		return jvm;
	}

	/**
	 * A service's runnable jar in its build's {@code target}:
	 * {@code <service>-<version>.jar}, since Spring Boot's repackaging replaces the plain
	 * jar (left beside it as {@code .jar.original}). Should an earlier build have left a
	 * jar of another version, the newest is this build's.
	 * @param service the service's module name, e.g. {@code iot-sensors}
	 * @param target its build's output directory
	 * @return the jar
	 * @throws IllegalStateException when the service was not packaged
	 */
	public static Path runnableJar(String service, Path target) {
		try (Stream<Path> files = Files.list(target)) {
			return files.filter((file) -> file.getFileName().toString().startsWith(service + "-"))
				.filter((file) -> file.getFileName().toString().endsWith(".jar"))
				.max(Comparator.comparing(ServiceJvm::lastModified))
				.orElseThrow(() -> new IllegalStateException(
						"No " + service + "-<version>.jar in " + target + ": package the service first"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No build output in " + target, ex);
		}
	}

	private static FileTime lastModified(Path file) {
		try {
			return Files.getLastModifiedTime(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The settings that point a service at a node, logged in as its role (its password
	 * goes in the environment, {@code SPRING_CASSANDRA_PASSWORD}).
	 * @param contactPoint the node, {@code host:port}
	 * @param datacenter the node's datacenter
	 * @param role the service's login
	 * @return the properties
	 */
	public static Map<String, String> connection(String contactPoint, String datacenter, Credentials role) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.cassandra.contact-points", contactPoint);
		properties.put("spring.cassandra.local-datacenter", datacenter);
		properties.put("spring.cassandra.username", role.username());
		return properties;
	}

	private void awaitHealthy() {
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		HttpRequest health = HttpRequest.newBuilder(URI.create(this.managementUrl + "/actuator/health"))
			.timeout(Duration.ofSeconds(5))
			.build();
		long deadline = System.nanoTime() + STARTUP_LIMIT.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("The service stopped while starting; see " + this.log);
			}
			try {
				if (client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// Not listening yet.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for the service", ex);
			}
			pause();
		}
		throw new IllegalStateException("The service was not healthy within " + STARTUP_LIMIT + "; see " + this.log);
	}

	/** The pause between two looks at a starting service's health endpoint. */
	private static void pause() {
		try {
			Thread.sleep(250);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the service", ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Where the service listens.
	 * @return e.g. {@code http://127.0.0.1:43210}
	 */
	public String baseUrl() {
		return this.baseUrl;
	}

	/**
	 * The service's process.
	 * @return its handle
	 */
	public ProcessHandle handle() {
		return this.process.handle();
	}

	/**
	 * The warnings Cassandra returned to the service so far (its driver logs each one).
	 * @return how many
	 */
	public int warnings() {
		try (Stream<String> lines = Files.lines(this.log)) {
			return (int) lines.filter((line) -> line.contains(ServerWarnings.MARKER)).count();
		}
		catch (IOException | UncheckedIOException ex) {
			return 0;
		}
	}

	/**
	 * Asks the service to stop, as an orchestrator does ({@code SIGTERM}): a graceful
	 * shutdown.
	 */
	public void terminate() {
		this.process.handle().destroy();
	}

	/**
	 * Waits for the service's process to end.
	 * @param limit how long to wait
	 * @return its exit code
	 * @throws IllegalStateException when it is still running after the limit
	 */
	public int awaitExit(Duration limit) {
		try {
			return this.process.onExit().get(limit.toMillis(), TimeUnit.MILLISECONDS).exitValue();
		}
		catch (TimeoutException ex) {
			throw new IllegalStateException("The service still runs after " + limit + "; see " + this.log, ex);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the service to end", ex);
		}
	}

	@Override
	public void close() {
		this.process.close();
	}

}
