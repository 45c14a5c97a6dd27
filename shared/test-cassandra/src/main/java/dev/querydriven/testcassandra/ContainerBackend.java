package dev.querydriven.testcassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import dev.querydriven.embeddedcassandra.CassandraYaml;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * Cassandra in a container (the official image at the bundled version unless another is
 * configured, see {@link BackendSelection#image}), started with the same generated
 * {@code cassandra.yaml} as the embedded node (authentication and guardrails on). Ready
 * once the superuser can log in over CQL. Its ports are published on the loopback address
 * of a local Docker engine, as the embedded node's are; JMX too, for tools that flush
 * tables or read the node's metrics (the model check's measured partitions).
 */
final class ContainerBackend implements CassandraBackend {

	private static final int CQL_PORT = 9042;

	/** Testcontainers' login for the image's default superuser. */
	private static final Credentials DEFAULT_SUPERUSER = new Credentials("cassandra", "cassandra");

	private static final String DATACENTER = "datacenter1";

	private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(3);

	private static final String LOOPBACK = "127.0.0.1";

	private final CassandraContainer container;

	private final int jmxPort;

	ContainerBackend(DockerImageName image) {
		this.jmxPort = freeLoopbackPort();
		this.container = new CassandraContainer(image)
			.withCopyToContainer(Transferable.of(CassandraYaml.container().render()), "/etc/cassandra/cassandra.yaml")
			.withEnv("CASSANDRA_DC", DATACENTER)
			.withEnv("JVM_EXTRA_OPTS", String.join(" ",
					// Start fast: one node has no gossip to wait for and no reason to
					// delay its superuser.
					"-Dcassandra.superuser_setup_delay_ms=0", "-Dcassandra.skip_wait_for_gossip_to_settle=0",
					String.join(" ", EmbeddedCassandra.THROWAWAY_AUTHENTICATION),
					// JMX without authentication on one port for both the registry and
					// the connection, which the stub names as 127.0.0.1: the same port is
					// published on the host's loopback address only.
					"-Dcassandra.jmx.remote.port=" + this.jmxPort,
					"-Dcom.sun.management.jmxremote.rmi.port=" + this.jmxPort,
					"-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false",
					"-Djava.rmi.server.hostname=127.0.0.1"))
			.withCreateContainerCmdModifier(this::publishOnLoopbackOnly)
			.waitingFor(new CqlLoginWaitStrategy(CQL_PORT, DATACENTER, DEFAULT_SUPERUSER)
				.withStartupTimeout(STARTUP_TIMEOUT));
		// Without Testcontainers' reaper (Ryuk), which CI runs without, nothing else
		// removes the container: registered before the start, so that a test run stopped
		// while the node starts removes it too.
		Runtime.getRuntime().addShutdownHook(new Thread(this::close, "cassandra-container-shutdown"));
		try {
			this.container.start();
		}
		catch (RuntimeException ex) {
			close();
			throw ex;
		}
	}

	/**
	 * Publishes the CQL port (on a random host port, as Testcontainers does) and the JMX
	 * port (on the same port, for the JMX stub) on the loopback address only: the node
	 * has the image's well-known superuser login, and nothing but the tests of this
	 * machine needs to reach it.
	 */
	private void publishOnLoopbackOnly(CreateContainerCmd create) {
		ExposedPort cql = ExposedPort.tcp(CQL_PORT);
		ExposedPort jmx = ExposedPort.tcp(this.jmxPort);
		List<ExposedPort> exposed = new ArrayList<>(Arrays.asList(create.getExposedPorts()));
		exposed.add(jmx);
		create.withExposedPorts(exposed);
		Ports bindings = new Ports();
		bindings.bind(cql, Ports.Binding.bindIp(LOOPBACK));
		bindings.bind(jmx, Ports.Binding.bindIpAndPort(LOOPBACK, this.jmxPort));
		create.getHostConfig().withPortBindings(bindings);
	}

	private static int freeLoopbackPort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No free port for the container's JMX", ex);
		}
	}

	@Override
	public List<InetSocketAddress> contactPoints() {
		return List.of(new InetSocketAddress(LOOPBACK, this.container.getMappedPort(CQL_PORT)));
	}

	@Override
	public String localDatacenter() {
		return this.container.getLocalDatacenter();
	}

	@Override
	public Credentials superuser() {
		// The container lives as long as the test JVM and listens on a random port of
		// this machine: its default superuser login is enough for the admin step.
		return DEFAULT_SUPERUSER;
	}

	@Override
	public Optional<InetSocketAddress> jmxAddress() {
		return Optional.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.jmxPort));
	}

	@Override
	public String description() {
		return "Testcontainers " + this.container.getDockerImageName() + " at " + contactPoints().get(0);
	}

	/**
	 * Removes the container and its volumes. Idempotent.
	 */
	@Override
	public synchronized void close() {
		this.container.stop();
	}

}
