package dev.querydriven.embeddedcassandra;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real Apache Cassandra node running as a child process.
 *
 * <pre class="code">
 * try (EmbeddedCassandra node = EmbeddedCassandra.builder().directory(dir).build().start()) {
 *     InetSocketAddress contactPoint = node.contactPoint();
 *     Credentials superuser = node.superuser();
 * }
 * </pre>
 *
 * The node keeps its data in its directory, so a node started again on the same directory
 * (a second dev run) finds its keyspaces and its generated superuser password again.
 */
public final class EmbeddedCassandra implements AutoCloseable {

	/** The datacenter name of {@code SimpleSnitch}, which every embedded node uses. */
	public static final String DATACENTER = "datacenter1";

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedCassandra.class);

	private static final Logger nodeLogger = LoggerFactory.getLogger("dev.querydriven.embeddedcassandra.node");

	private static final int LOG_TAIL_LINES = 60;

	/** Cassandra's line once its commit log has been replayed at startup. */
	private static final Pattern REPLAY_COMPLETE = Pattern
		.compile("Log replay complete, (\\d+) replayed mutations in (\\d+) ms");

	/**
	 * The module and JVM flags of Cassandra 5.0's {@code conf/jvm17-server.options}; the
	 * Docker image built from the same jars reads them from
	 * {@code docker/cassandra/conf/jvm17-server.options} ({@link #jvmServerOptions()}).
	 */
	static final List<String> JVM17_FLAGS = List.of("-XX:+UseG1GC", "-XX:+ParallelRefProcEnabled",
			"-XX:MaxTenuringThreshold=1", "-XX:G1HeapRegionSize=16m", "-XX:G1RSetUpdatingPauseTimePercent=5",
			"-XX:MaxGCPauseMillis=300", "-XX:InitiatingHeapOccupancyPercent=70", "-Djdk.attach.allowAttachSelf=true",
			"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-exports",
			"java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED", "--add-exports",
			"java.rmi/sun.rmi.registry=ALL-UNNAMED", "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
			"--add-exports", "java.sql/java.sql=ALL-UNNAMED", "--add-exports", "java.base/java.lang.ref=ALL-UNNAMED",
			"--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED", "--add-exports",
			"jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED", "--add-exports",
			"jdk.attach/sun.tools.attach=ALL-UNNAMED", "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
			"--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED", "--add-opens",
			"java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
			"--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED", "--add-opens",
			"java.base/jdk.internal.module=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
			"--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED", "--add-opens",
			"java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.io=ALL-UNNAMED", "--add-opens",
			"java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens", "jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
			"--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
			"-Dio.netty.tryReflectionSetAccessible=true", "-Dio.netty.allocator.useCacheForAllThreads=true",
			"-Dio.netty.allocator.maxOrder=11");

	/**
	 * The JVM options of a throwaway node's authentication. Role passwords are hashed
	 * with bcrypt's lowest work factor (2^4 rounds; Cassandra's default is 2^10): every
	 * connection a driver opens checks its password against that hash, and while the
	 * benchmarks' four services started together, those checks took a third of the node's
	 * CPU. Credentials are not cached: a password change (the generated superuser's,
	 * replacing the well-known default) holds at once, where the cache would accept the
	 * old password for two more seconds. A throwaway node's generated passwords need no
	 * defence against offline guessing; a production cluster keeps both defaults.
	 */
	public static final List<String> THROWAWAY_AUTHENTICATION = List.of("-Dcassandra.auth_bcrypt_gensalt_log2_rounds=4",
			"-Dcassandra.config.allow_system_properties=true", "-Dcassandra.settings.credentials_validity=0ms");

	private final Builder settings;

	private final InetAddress address;

	private final boolean portsChosenAutomatically;

	private int nativePort;

	private int storagePort;

	private int jmxPort;

	private Process process;

	private Thread shutdownHook;

	private final Deque<String> logTail = new ArrayDeque<>();

	/**
	 * Whether the node's output said, since its launch, that a port it was given was
	 * taken. Kept apart from the tail: a node that fails to bind drains on its way out,
	 * and the drain's lines push the error out of the tail before the process ends.
	 */
	private volatile boolean portTakenSinceLaunch;

	private Credentials superuser;

	private String version;

	private Duration lastStartupTime;

	private volatile long replayedMutations;

	private volatile Duration replayTime = Duration.ZERO;

	private CrashRecovery lastCrashRecovery;

	private EmbeddedCassandra(Builder settings) {
		this.settings = settings;
		this.address = settings.address;
		this.nativePort = settings.nativePort;
		this.storagePort = settings.storagePort;
		this.jmxPort = settings.jmxPort;
		this.portsChosenAutomatically = settings.nativePort == 0 || settings.storagePort == 0 || settings.jmxPort == 0;
	}

	/**
	 * Describes a node to start.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Renders {@link #JVM17_FLAGS} as a Cassandra {@code jvm17-server.options} file, one
	 * option per line, so that the Docker image runs its node with exactly the flags of
	 * the embedded node.
	 * @return the file's content
	 */
	static String jvmServerOptions() {
		StringBuilder options = new StringBuilder(
				"# Generated by Query-Driven from EmbeddedCassandra.JVM17_FLAGS; do not edit.\n");
		for (int i = 0; i < JVM17_FLAGS.size(); i++) {
			String flag = JVM17_FLAGS.get(i);
			boolean takesValue = flag.startsWith("--") && i + 1 < JVM17_FLAGS.size();
			options.append(takesValue ? flag + " " + JVM17_FLAGS.get(++i) : flag).append('\n');
		}
		return options.toString();
	}

	/**
	 * Starts the node and waits until it accepts CQL logins. Does nothing when it is
	 * running.
	 * @return this node
	 * @throws CassandraStartupException when the node does not start, with its log tail
	 */
	public synchronized EmbeddedCassandra start() {
		if (isRunning()) {
			return this;
		}
		long started = System.nanoTime();
		boolean uncleanStop = RunMarker.in(this.settings.directory).checkLastStop();
		CassandraDistribution distribution = CassandraDistribution.unpackTo(this.settings.cacheDirectory);
		this.version = distribution.version();
		Path java = (this.settings.javaExecutable != null) ? this.settings.javaExecutable
				: JavaRuntimeLocator.forThisMachine().locate();
		int attempts = this.portsChosenAutomatically ? 3 : 1;
		for (int attempt = 1;; attempt++) {
			choosePorts();
			try {
				launch(java, distribution);
				awaitStartup();
				break;
			}
			catch (CassandraStartupException ex) {
				destroy();
				if (attempt >= attempts || !this.portTakenSinceLaunch) {
					throw ex;
				}
				logger.info("A port chosen for Cassandra was taken meanwhile; retrying with other ports");
				this.nativePort = 0;
				this.storagePort = 0;
				this.jmxPort = 0;
			}
		}
		if (this.settings.secureSuperuser) {
			try {
				this.superuser = SuperuserSetup.secure(List.of(contactPoint()), DATACENTER,
						this.settings.superuserFile(),
						clientEncryption().map(ClientEncryption::trustingSslContext).orElse(null),
						this.settings.startupTimeout);
			}
			catch (RuntimeException ex) {
				destroy();
				throw ex;
			}
		}
		this.lastStartupTime = Duration.ofNanos(System.nanoTime() - started);
		this.lastCrashRecovery = uncleanStop ? new CrashRecovery(this.replayedMutations, this.replayTime) : null;
		if (this.lastCrashRecovery != null) {
			logger.warn(
					"Cassandra in {} did not stop cleanly last time (killed or crashed): it replayed {} commit-log "
							+ "mutations in {} ms and was ready in {} ms",
					this.settings.directory.toAbsolutePath(), this.lastCrashRecovery.replayedMutations(),
					this.lastCrashRecovery.replay().toMillis(), this.lastStartupTime.toMillis());
		}
		logger.info("Cassandra {} ready in {} ms: contact point {}:{}, datacenter {}, JMX port {}, data in {}",
				this.version, this.lastStartupTime.toMillis(), this.address.getHostAddress(), this.nativePort,
				DATACENTER, this.jmxPort, this.settings.directory.toAbsolutePath());
		return this;
	}

	private void choosePorts() {
		List<InetAddress> addresses = List.of(this.address);
		if (this.nativePort == 0) {
			this.nativePort = (this.settings.preferredNativePort > 0)
					? FreePorts.preferred(this.settings.preferredNativePort, addresses) : FreePorts.any(addresses);
		}
		if (this.storagePort == 0) {
			this.storagePort = FreePorts.any(addresses);
		}
		if (this.jmxPort == 0) {
			this.jmxPort = FreePorts.any(List.of(InetAddress.getLoopbackAddress()));
		}
	}

	private void launch(Path java, CassandraDistribution distribution) {
		Path directory = this.settings.directory.toAbsolutePath();
		Path conf = directory.resolve("conf");
		Path logs = directory.resolve("logs");
		Path watchdogClasses = directory.resolve("watchdog");
		try {
			// The node's directory holds its data, its superuser's password and (with
			// TLS) its keystore's: created for its owner only, and everything inside
			// with it.
			PrivateFiles.createDirectories(directory);
			for (Path path : List.of(conf, logs, directory.resolve("triggers"), watchdogClasses)) {
				Files.createDirectories(path);
			}
			Files.writeString(conf.resolve("cassandra.yaml"), yaml().render());
			Files.writeString(conf.resolve("logback.xml"), logbackConfiguration(logs));
			copyWatchdog(watchdogClasses);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not prepare " + directory, ex);
		}
		List<String> command = new ArrayList<>();
		command.add(java.toString());
		command.add("-Xms" + this.settings.heap);
		command.add("-Xmx" + this.settings.heap);
		command.addAll(JVM17_FLAGS);
		command.add("-XX:+ExitOnOutOfMemoryError");
		command.add("-Djava.net.preferIPv4Stack=true");
		command.add("-Dcassandra-foreground=yes");
		command.add("-Dcassandra.config=" + conf.resolve("cassandra.yaml").toUri());
		command.add("-Dlogback.configurationFile=" + conf.resolve("logback.xml"));
		command.add("-Dcassandra.logdir=" + logs);
		command.add("-Dcassandra.storagedir=" + directory);
		command.add("-Dcassandra.triggers_dir=" + directory.resolve("triggers"));
		command.add("-Dcassandra.jmx.local.port=" + this.jmxPort);
		command.add("-Djava.rmi.server.hostname=127.0.0.1");
		// Start fast: a single node has no gossip to wait for and no reason to delay its
		// superuser.
		command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
		command.add("-Dcassandra.superuser_setup_delay_ms=0");
		command.add("-Dcassandra.ring_delay_ms=" + this.settings.ringDelay.toMillis());
		if (this.settings.throwaway) {
			// A node whose directory dies with its JVM never reopens its data: it
			// skips the flush Cassandra makes after every change to its system
			// keyspaces (schema, roles, grants, tokens), so schema changes are faster.
			// A persistent node keeps those flushes: killed between a change and its
			// next flush, it would reopen without the change (a superuser password, a
			// table definition) while the files and data that depend on it remain.
			command.add("-Dcassandra.unsafesystem=true");
		}
		command.addAll(THROWAWAY_AUTHENTICATION);
		command.addAll(this.settings.jvmOptions);
		command.add("-cp");
		command.add(watchdogClasses + File.pathSeparator + distribution.libDirectory().resolve("*"));
		command.add(NodeWatchdog.class.getName());
		ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
		synchronized (this.logTail) {
			this.logTail.clear();
		}
		this.portTakenSinceLaunch = false;
		this.replayedMutations = 0;
		this.replayTime = Duration.ZERO;
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new CassandraStartupException("Could not start " + java, List.of(), ex);
		}
		RunMarker.in(this.settings.directory).running(this.process.pid());
		if (this.settings.shutdownHook) {
			this.shutdownHook = new Thread(this::stopAtExit, "embedded-cassandra-shutdown");
			Runtime.getRuntime().addShutdownHook(this.shutdownHook);
		}
	}

	private CassandraYaml yaml() {
		CassandraYaml yaml = CassandraYaml.node()
			.clusterName(this.settings.clusterName)
			.address(this.address.getHostAddress())
			.storagePort(this.storagePort)
			.nativePort(this.nativePort)
			.seeds(this.settings.seeds.isEmpty() ? List.of(this.address.getHostAddress() + ":" + this.storagePort)
					: this.settings.seeds)
			.autoBootstrap(this.settings.autoBootstrap)
			.directory(this.settings.directory.toAbsolutePath())
			.guardrails(this.settings.guardrails)
			.syncBeforeAcknowledging(!this.settings.throwaway)
			.autoSnapshot(!this.settings.throwaway)
			.clientEncryption(this.settings.clientEncryption);
		return yaml.initialToken(this.settings.initialToken);
	}

	private static String logbackConfiguration(Path logs) {
		return """
				<configuration>
				  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
				    <file>%s</file>
				    <encoder><pattern>%%-5level [%%thread] %%date{ISO8601} %%F:%%L - %%msg%%n</pattern></encoder>
				  </appender>
				  <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
				    <encoder><pattern>%%-5level %%msg%%n</pattern></encoder>
				  </appender>
				  <root level="INFO">
				    <appender-ref ref="FILE"/>
				    <appender-ref ref="STDOUT"/>
				  </root>
				</configuration>
				""".formatted(logs.resolve("system.log"));
	}

	private static void copyWatchdog(Path classes) throws IOException {
		String resource = NodeWatchdog.class.getName().replace('.', '/') + ".class";
		Path target = classes.resolve(resource);
		Files.createDirectories(target.getParent());
		try (InputStream in = NodeWatchdog.class.getClassLoader().getResourceAsStream(resource)) {
			Files.copy(Objects.requireNonNull(in, resource), target, StandardCopyOption.REPLACE_EXISTING);
		}
	}

	private void awaitStartup() {
		CompletableFuture<Void> ready = new CompletableFuture<>();
		Process started = this.process;
		Thread reader = new Thread(() -> readOutput(started, ready), "embedded-cassandra-output-" + this.nativePort);
		reader.setDaemon(true);
		reader.start();
		try {
			ready.get(this.settings.startupTimeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			throw new CassandraStartupException("Cassandra did not start within " + this.settings.startupTimeout,
					logTail(), null);
		}
		catch (ExecutionException ex) {
			throw new CassandraStartupException("Cassandra stopped while starting", logTail(), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new CassandraStartupException("Interrupted while Cassandra was starting", logTail(), ex);
		}
	}

	private void readOutput(Process source, CompletableFuture<Void> ready) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(source.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				record(line);
				nodeLogger.debug("[{}] {}", this.nativePort, line);
				Matcher replay = REPLAY_COMPLETE.matcher(line);
				if (replay.find()) {
					this.replayedMutations = Long.parseLong(replay.group(1));
					this.replayTime = Duration.ofMillis(Long.parseLong(replay.group(2)));
				}
				if (line.contains("Startup complete")) {
					ready.complete(null);
				}
			}
		}
		catch (IOException ex) {
			// The stream closes with the process; the check below reports it.
		}
		ready.completeExceptionally(new IllegalStateException("The Cassandra process ended"));
	}

	/**
	 * Keeps a line of the node's output in its tail, and notes a port taken.
	 * @param line the line
	 */
	void record(String line) {
		synchronized (this.logTail) {
			if (this.logTail.size() == LOG_TAIL_LINES) {
				this.logTail.removeFirst();
			}
			this.logTail.addLast(line);
		}
		if (portTaken(List.of(line))) {
			this.portTakenSinceLaunch = true;
		}
	}

	/**
	 * Whether the node's output said, since its last launch, that a port chosen for it
	 * was taken: whether another choice of ports may succeed.
	 * @return {@code true} once a line said so
	 */
	boolean portTakenSinceLaunch() {
		return this.portTakenSinceLaunch;
	}

	/**
	 * Whether a start failed because a port chosen as free was taken before the node
	 * bound it: another node started at the same moment (four services' dev runs at once
	 * all prefer 9042) or any other process. The JVM reports it for the storage and JMX
	 * ports; Cassandra's native transport has its own wording.
	 * @param logTail the node's last lines
	 * @return whether another choice of ports may succeed
	 */
	static boolean portTaken(List<String> logTail) {
		return logTail.stream()
			.anyMatch((line) -> line.contains("Address already in use") || line.contains("Failed to bind port"));
	}

	/**
	 * The last lines the node logged.
	 * @return up to 60 lines, oldest first
	 */
	public List<String> logTail() {
		synchronized (this.logTail) {
			return List.copyOf(this.logTail);
		}
	}

	/**
	 * Stops the node gracefully (Cassandra flushes and drains), forcibly after a timeout.
	 */
	public synchronized void stop() {
		if (this.process == null) {
			return;
		}
		removeShutdownHook();
		long started = System.nanoTime();
		terminate(this.settings.stopTimeout);
		logger.info("Cassandra on {}:{} stopped in {} ms", this.address.getHostAddress(), this.nativePort,
				(System.nanoTime() - started) / 1_000_000);
	}

	/**
	 * Kills the node without letting it flush, like a crash or a lost machine.
	 */
	public synchronized void kill() {
		if (this.process == null) {
			return;
		}
		removeShutdownHook();
		destroy();
	}

	private void stopAtExit() {
		terminate(Duration.ofSeconds(10));
	}

	private void terminate(Duration timeout) {
		Process running = this.process;
		if (running == null) {
			return;
		}
		try {
			// Closing standard input tells the watchdog to shut Cassandra down.
			running.getOutputStream().close();
			if (!running.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("Cassandra on port {} did not stop within {}; killing it", this.nativePort, timeout);
				destroy();
			}
		}
		catch (IOException ex) {
			destroy();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			destroy();
		}
		if (!running.isAlive() && stoppedCleanly(running.exitValue())) {
			// Drained and exited: the next start is a clean one.
			RunMarker.in(this.settings.directory).stopped();
		}
		this.process = null;
	}

	/**
	 * Whether the node's JVM ended after draining. It exits 0 when it stops itself (its
	 * standard input closed), and 130 or 143 when a SIGINT or SIGTERM reached it directly
	 * (a Ctrl-C in a terminal, or an IDE's stop button, signals the whole process group,
	 * the node included): the JVM ran its shutdown hooks first, Cassandra's drain among
	 * them. Only a SIGKILL (137), a crash or a halt leaves a node that must replay its
	 * commit log.
	 * @param exitValue the exit value of the node's JVM
	 * @return whether the stop was clean
	 */
	static boolean stoppedCleanly(int exitValue) {
		return exitValue == 0 || exitValue == 130 || exitValue == 143;
	}

	private void destroy() {
		Process running = this.process;
		if (running != null) {
			running.descendants().forEach(ProcessHandle::destroyForcibly);
			running.destroyForcibly();
			try {
				running.waitFor(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.process = null;
	}

	private void removeShutdownHook() {
		if (this.shutdownHook != null) {
			try {
				Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
			}
			catch (IllegalStateException ex) {
				// The JVM is already exiting; the hook is running or has run.
			}
			this.shutdownHook = null;
		}
	}

	@Override
	public void close() {
		stop();
	}

	/**
	 * Whether the node's process is alive.
	 * @return {@code true} when running
	 */
	public synchronized boolean isRunning() {
		return this.process != null && this.process.isAlive();
	}

	/**
	 * The operating-system process of the node, for tests that must see it end.
	 * @return the process handle
	 */
	public synchronized ProcessHandle processHandle() {
		if (this.process == null) {
			throw new IllegalStateException("The node is not running");
		}
		return this.process.toHandle();
	}

	/**
	 * Where CQL clients connect.
	 * @return address and native-transport port
	 */
	public InetSocketAddress contactPoint() {
		return new InetSocketAddress(this.address, this.nativePort);
	}

	/**
	 * The node's datacenter, which clients name as their local one.
	 * @return {@value #DATACENTER}
	 */
	public String localDatacenter() {
		return DATACENTER;
	}

	/**
	 * The generated superuser login (available once started with the superuser secured).
	 * @return the credentials
	 */
	public Credentials superuser() {
		if (this.superuser == null) {
			throw new IllegalStateException("The superuser of this node is managed by its cluster");
		}
		return this.superuser;
	}

	void superuser(Credentials superuser) {
		this.superuser = superuser;
	}

	public InetAddress address() {
		return this.address;
	}

	public int jmxPort() {
		return this.jmxPort;
	}

	public String version() {
		return this.version;
	}

	public Path directory() {
		return this.settings.directory;
	}

	/**
	 * How long the last start took, from launching the process to an accepted login.
	 * @return the duration
	 */
	public Duration lastStartupTime() {
		return this.lastStartupTime;
	}

	/**
	 * What the last start recovered after an unclean stop (the node killed, crashed or
	 * out of power): Cassandra replays its commit log, the writes it acknowledged but had
	 * not yet flushed to SSTables.
	 * @return the recovery, empty after a clean stop or on a new directory
	 */
	public Optional<CrashRecovery> lastCrashRecovery() {
		return Optional.ofNullable(this.lastCrashRecovery);
	}

	/**
	 * Whether this node's system keyspaces skip their flushes (see
	 * {@link Builder#throwaway(boolean)}).
	 * @return {@code true} for a throwaway node
	 */
	public boolean throwaway() {
		return this.settings.throwaway;
	}

	/**
	 * The node's client-to-node TLS, when its CQL port speaks only TLS (see
	 * {@link Builder#clientEncryption(ClientEncryption)}).
	 * @return the node's keystore settings, empty for clear text
	 */
	public Optional<ClientEncryption> clientEncryption() {
		return Optional.ofNullable(this.settings.clientEncryption);
	}

	/**
	 * What a start found after an unclean stop.
	 *
	 * @param replayedMutations the writes Cassandra replayed from its commit log
	 * @param replay how long the replay took
	 */
	public record CrashRecovery(long replayedMutations, Duration replay) {

	}

	/**
	 * Settings of a node. Ports left at 0 are chosen automatically among the free ones.
	 */
	public static final class Builder {

		private Path directory;

		private Path cacheDirectory = CacheDirectory.resolve();

		private InetAddress address = InetAddress.getLoopbackAddress();

		private int nativePort;

		private int preferredNativePort;

		private int storagePort;

		private int jmxPort;

		private String clusterName = "query-driven";

		private List<String> seeds = List.of();

		private long initialToken;

		private boolean autoBootstrap = true;

		private Guardrails guardrails = Guardrails.ENFORCED;

		private String heap = "1g";

		private List<String> jvmOptions = List.of();

		private Duration startupTimeout = Duration.ofMinutes(2);

		private Duration stopTimeout = Duration.ofSeconds(30);

		private Duration ringDelay = Duration.ofSeconds(1);

		private Path javaExecutable;

		private boolean secureSuperuser = true;

		private boolean shutdownHook = true;

		private boolean throwaway;

		private Path superuserFile;

		private ClientEncryption clientEncryption;

		private Builder() {
		}

		/**
		 * @param directory where the node keeps configuration, data and logs (required)
		 */
		public Builder directory(Path directory) {
			this.directory = directory;
			return this;
		}

		/**
		 * @param cacheDirectory where the Cassandra distribution is unpacked
		 */
		public Builder cacheDirectory(Path cacheDirectory) {
			this.cacheDirectory = cacheDirectory;
			return this;
		}

		/**
		 * @param address a loopback address such as 127.0.0.2 (several nodes on one
		 * machine)
		 */
		public Builder address(String address) {
			try {
				this.address = InetAddress.getByName(address);
			}
			catch (UnknownHostException ex) {
				throw new IllegalArgumentException("Not an address: " + address, ex);
			}
			return this;
		}

		/**
		 * @param nativePort the CQL port, 0 for any free one
		 */
		public Builder nativePort(int nativePort) {
			this.nativePort = nativePort;
			return this;
		}

		/**
		 * @param port the CQL port to use when it is free (9042 lets cqlsh connect by
		 * default)
		 */
		public Builder preferredNativePort(int port) {
			this.preferredNativePort = port;
			return this;
		}

		/**
		 * @param storagePort the inter-node port, 0 for any free one
		 */
		public Builder storagePort(int storagePort) {
			this.storagePort = storagePort;
			return this;
		}

		/**
		 * @param jmxPort the local JMX port (nodetool, flush), 0 for any free one
		 */
		public Builder jmxPort(int jmxPort) {
			this.jmxPort = jmxPort;
			return this;
		}

		public Builder clusterName(String clusterName) {
			this.clusterName = clusterName;
			return this;
		}

		/**
		 * @param seeds {@code host:port} of the seed nodes; empty means this node seeds
		 * itself
		 */
		public Builder seeds(List<String> seeds) {
			this.seeds = List.copyOf(seeds);
			return this;
		}

		/**
		 * @param initialToken this node's single token on the Murmur3 ring
		 */
		public Builder initialToken(long initialToken) {
			this.initialToken = initialToken;
			return this;
		}

		/**
		 * @param autoBootstrap whether a joining node streams data (false for a brand-new
		 * ring)
		 */
		public Builder autoBootstrap(boolean autoBootstrap) {
			this.autoBootstrap = autoBootstrap;
			return this;
		}

		public Builder guardrails(Guardrails guardrails) {
			this.guardrails = guardrails;
			return this;
		}

		/**
		 * @param heap the node's heap, e.g. {@code 1g} or {@code 768m}
		 */
		public Builder heap(String heap) {
			this.heap = heap;
			return this;
		}

		/**
		 * @param jvmOptions options added to the node's JVM command line, after its own
		 * @return this builder
		 */
		public Builder jvmOptions(List<String> jvmOptions) {
			this.jvmOptions = List.copyOf(jvmOptions);
			return this;
		}

		public Builder startupTimeout(Duration startupTimeout) {
			this.startupTimeout = startupTimeout;
			return this;
		}

		public Builder stopTimeout(Duration stopTimeout) {
			this.stopTimeout = stopTimeout;
			return this;
		}

		/**
		 * @param ringDelay how long a joining node waits for ring information
		 */
		public Builder ringDelay(Duration ringDelay) {
			this.ringDelay = ringDelay;
			return this;
		}

		/**
		 * @param javaExecutable the {@code java} to run the node with (default: a located
		 * Java 17)
		 */
		public Builder javaExecutable(Path javaExecutable) {
			this.javaExecutable = javaExecutable;
			return this;
		}

		/**
		 * @param secure whether this node replaces the default superuser password itself
		 * (a cluster does it once, for all nodes)
		 */
		public Builder secureSuperuser(boolean secure) {
			this.secureSuperuser = secure;
			return this;
		}

		/**
		 * @param superuserFile where the generated superuser login is kept
		 */
		public Builder superuserFile(Path superuserFile) {
			this.superuserFile = superuserFile;
			return this;
		}

		/**
		 * @param clientEncryption the keystore with which the node's CQL port speaks TLS
		 * and nothing else (clear text refused), as a cluster reached over a network
		 * should; {@code null} (the default) for clear text on the loopback address. The
		 * node secures its superuser over TLS too, trusting its own certificate.
		 * @return this builder
		 */
		public Builder clientEncryption(ClientEncryption clientEncryption) {
			this.clientEncryption = clientEncryption;
			return this;
		}

		/**
		 * @param shutdownHook whether to stop the node gracefully when the JVM exits;
		 * turn it off when a container (a Spring context) stops the node itself after its
		 * clients, and rely on the watchdog if the JVM is killed
		 * @return this builder
		 */
		public Builder shutdownHook(boolean shutdownHook) {
			this.shutdownHook = shutdownHook;
			return this;
		}

		/**
		 * @param throwaway whether the node's directory is deleted when its JVM ends
		 * (tests, benchmarks, the model check). Such a node runs for speed: it skips the
		 * flushes that make its system keyspaces (schema, roles, grants) crash-safe, and
		 * syncs its commit log every 10 seconds. A persistent node (the default, and
		 * every dev run's) keeps both safe: a node killed with SIGKILL reopens with its
		 * superuser password, roles, tables and every write it acknowledged, and a table
		 * dropped or truncated leaves a snapshot of its files behind.
		 * @return this builder
		 */
		public Builder throwaway(boolean throwaway) {
			this.throwaway = throwaway;
			return this;
		}

		Path superuserFile() {
			return (this.superuserFile != null) ? this.superuserFile
					: this.directory.toAbsolutePath().resolve("superuser.properties");
		}

		/**
		 * The node, not yet started.
		 * @return the node
		 */
		public EmbeddedCassandra build() {
			Objects.requireNonNull(this.directory, "directory");
			return new EmbeddedCassandra(this);
		}

	}

}
