package dev.querydriven.processtests.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.embeddedcassandra.EmbeddedCassandraCluster;
import dev.querydriven.servicesupport.provisioning.ClusterProvisioning;

import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Three real nodes on 127.0.0.111 to .113, one ring of three equal token ranges, every
 * keyspace replicated three times: each node holds every row. The nodes keep their data
 * under {@code target/faults/nodes/node<n>} (not throwaway): a node killed with
 * {@code SIGKILL} is started again on its own data, and reopens every write it
 * acknowledged ({@code commitlog_sync: batch}), as a crashed machine that reboots does.
 *
 * <p>
 * The cluster is provisioned as Compose provisions its own: {@link ClusterProvisioning}
 * replaces the superuser's default password, creates each service's keyspace
 * ({@code NetworkTopologyStrategy}, three replicas) and roles, and writes each service's
 * logins as config-tree files under {@code target/faults/logins/<service>}. The test
 * reads rows as a role of its own, {@code faults_reader}: the superuser's logins and
 * permissions are read at {@code QUORUM}, which a node cut off from the others cannot
 * reach.
 */
final class FaultCluster implements AutoCloseable {

	private static final String DATACENTER = EmbeddedCassandra.DATACENTER;

	/** The first node's address; the other two follow it (127.0.0.112, 127.0.0.113). */
	private static final String FIRST_ADDRESS = "127.0.0.111";

	private static final String READER = "faults_reader";

	/**
	 * Each node's JVM options, after the launcher's own. The quick compiler alone, as
	 * every test node runs. {@code system_auth} and {@code system_distributed} get three
	 * replicas from the start, as in Compose's stack, so that no login and no repair
	 * depends on one node. Role and permission reads at {@code LOCAL_ONE} (Cassandra's
	 * default is {@code LOCAL_QUORUM}): a node whose peers' gossip is stopped still
	 * authorises the reader's statements from its own copy of {@code system_auth}; the
	 * superuser is read at {@code QUORUM} whatever this says.
	 */
	private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1",
			"-Dcassandra.system_auth.default_rf=3", "-Dcassandra.system_distributed.default_rf=3",
			"-Dcassandra.settings.auth_read_consistency_level=LOCAL_ONE");

	private static final Duration STARTUP_LIMIT = Duration.ofMinutes(3);

	private final Path directory;

	private final EmbeddedCassandraCluster ring;

	private final List<EmbeddedCassandra> nodes;

	private final List<NodeJmx> jmx;

	private final Map<String, String> keyspaces;

	private final Credentials superuser = Credentials.generate("cassandra");

	private final Credentials reader = Credentials.generate(READER);

	private final Set<Integer> paused = new HashSet<>();

	private final List<String> hostIds = new ArrayList<>();

	private FaultCluster(Path directory, EmbeddedCassandraCluster ring, List<NodeJmx> jmx,
			Map<String, String> keyspaces) {
		this.directory = directory;
		this.ring = ring;
		this.nodes = ring.nodes();
		this.jmx = jmx;
		this.keyspaces = keyspaces;
	}

	/**
	 * Starts three new nodes (the nodes, state and logins an earlier run left in the
	 * directory are deleted first) and provisions them for the given services.
	 * @param directory where the nodes, the provisioning's state and the logins go
	 * @param keyspaces each service's keyspace, by service
	 * @return the running cluster
	 */
	static FaultCluster start(Path directory, Map<String, String> keyspaces) {
		try {
			for (String earlier : List.of("nodes", "provision", "logins")) {
				FileSystemUtils.deleteRecursively(directory.resolve(earlier));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		EmbeddedCassandraCluster ring = EmbeddedCassandraCluster.builder()
			.size(3)
			.firstAddress(FIRST_ADDRESS)
			.directory(directory.resolve("nodes"))
			.heap("1g")
			.jvmOptions(JVM_OPTIONS)
			.startupTimeout(STARTUP_LIMIT)
			// Secured as Compose secures its ring: by the provisioning, below.
			.secureSuperuser(false)
			.throwaway(false)
			.build();
		List<NodeJmx> jmx = ring.nodes().stream().map((node) -> new NodeJmx(node.jmxPort())).toList();
		FaultCluster cluster = new FaultCluster(directory, ring, jmx, new LinkedHashMap<>(keyspaces));
		try {
			cluster.startNodes();
			cluster.provision();
		}
		catch (RuntimeException ex) {
			cluster.close();
			throw ex;
		}
		return cluster;
	}

	/**
	 * The seed first, then the other two side by side (the embedded cluster's start);
	 * then every node must see the whole ring up before anything is written.
	 */
	private void startNodes() {
		Console.phase("starting three nodes from %s", FIRST_ADDRESS);
		this.ring.start();
		await().atMost(STARTUP_LIMIT)
			.pollInterval(Duration.ofMillis(500))
			.ignoreExceptions()
			.until(() -> nodes().allMatch((node) -> this.jmx.get(node).ringSize() == this.nodes.size()
					&& others(node).allMatch((other) -> this.jmx.get(node).seesUp(address(other)))));
		nodes().forEach((node) -> this.hostIds.add(this.jmx.get(node).hostId()));
		Console.phase("ring of three nodes up");
	}

	/**
	 * Keyspaces, roles and logins, then the test's reader. A ring that has just formed
	 * may refuse a schema change for a moment (a node that does not know the keyspace
	 * yet); every step may be run again, so the whole is tried again until it succeeds.
	 */
	private void provision() {
		Map<String, String> environment = Map.of("CASSANDRA_CONTACT_POINTS", contactPoints(),
				"CASSANDRA_LOCAL_DATACENTER", DATACENTER, "CASSANDRA_SUPERUSER", this.superuser.username(),
				"CASSANDRA_SUPERUSER_PASSWORD", this.superuser.password(), "PROVISION_STATE",
				this.directory.resolve("provision").toString(), "PROVISION_LOGINS",
				this.directory.resolve("logins").toString(), "PROVISION_SERVICES",
				this.keyspaces.entrySet()
					.stream()
					.map((service) -> service.getKey() + ":" + service.getValue())
					.collect(Collectors.joining(" ")),
				"PROVISION_REPLICATION_STRATEGY", "NetworkTopologyStrategy", "PROVISION_REPLICATION_FACTOR", "3");
		await().atMost(STARTUP_LIMIT).pollInterval(Duration.ofSeconds(2)).until(() -> provisioned(environment));
		Console.phase("provisioned %s, and the role %s", this.keyspaces.values(), READER);
	}

	private boolean provisioned(Map<String, String> environment) {
		try {
			ClusterProvisioning.run(environment::get);
			try (CqlSession admin = CassandraLogin.open(socketAddresses(), DATACENTER, this.superuser,
					Duration.ofSeconds(30))) {
				// DCL takes no bind markers; the password is generated (URL-safe Base64).
				admin.execute("CREATE ROLE IF NOT EXISTS " + READER + " WITH PASSWORD = '" + this.reader.password()
						+ "' AND LOGIN = true AND SUPERUSER = false");
				for (String keyspace : this.keyspaces.values()) {
					admin.execute("GRANT SELECT ON KEYSPACE " + keyspace + " TO " + READER);
					// The addresses of orders are masked: a copy is compared with its
					// source in clear.
					admin.execute("GRANT UNMASK ON KEYSPACE " + keyspace + " TO " + READER);
				}
			}
			return true;
		}
		catch (IOException | RuntimeException ex) {
			Console.phase("provisioning refused (%s); trying again", ex.getMessage());
			return false;
		}
	}

	/**
	 * The services' contact points, as {@code spring.cassandra.contact-points} takes
	 * them.
	 * @return {@code host:port,host:port,host:port}
	 */
	String contactPoints() {
		return socketAddresses().stream()
			.map((address) -> address.getHostString() + ":" + address.getPort())
			.collect(Collectors.joining(","));
	}

	private List<InetSocketAddress> socketAddresses() {
		return this.nodes.stream().map(EmbeddedCassandra::contactPoint).toList();
	}

	/**
	 * The datacenter of every node.
	 * @return its name
	 */
	String datacenter() {
		return DATACENTER;
	}

	/**
	 * The keyspaces provisioned.
	 * @return their names
	 */
	List<String> keyspaces() {
		return List.copyOf(this.keyspaces.values());
	}

	/**
	 * Where a service's two logins are, one file per property.
	 * @param service the service
	 * @return a directory for {@code spring.config.import=configtree:...}
	 */
	Path logins(String service) {
		return this.directory.resolve("logins").resolve(service);
	}

	/**
	 * A node's address.
	 * @param node the node's index, from 0
	 * @return e.g. {@code 127.0.0.113}
	 */
	InetAddress address(int node) {
		return this.nodes.get(node).address();
	}

	/**
	 * A new session as the test's reader, on every node; the caller closes it.
	 * @return the session
	 */
	CqlSession readerSession() {
		return CassandraLogin.open(socketAddresses(), DATACENTER, this.reader, Duration.ofSeconds(30));
	}

	/**
	 * Kills a node with {@code SIGKILL}: no flush, no drain, as a crash or a lost
	 * machine.
	 * @param node the node's index
	 */
	void kill(int node) {
		this.nodes.get(node).kill();
		Console.phase("killed %s (SIGKILL)", name(node));
	}

	/**
	 * Starts a killed node again on its data, and waits until every node sees every other
	 * up.
	 * @param node the node's index
	 */
	void restart(int node) {
		Console.phase("starting %s again on its data", name(node));
		this.nodes.get(node).start();
		awaitEveryNodeUp();
		Console.phase("%s is back: every node sees every other up", name(node));
	}

	/**
	 * Freezes a node's process ({@code SIGSTOP}): it holds its connections and answers
	 * nothing, as a node in a long garbage collection or on a stalled disk.
	 * @param node the node's index
	 */
	void pause(int node) {
		signal(node, "STOP");
		this.paused.add(node);
		Console.phase("paused %s (SIGSTOP)", name(node));
	}

	/**
	 * Lets a paused node run again ({@code SIGCONT}).
	 * @param node the node's index
	 */
	void resume(int node) {
		signal(node, "CONT");
		this.paused.remove(node);
		Console.phase("resumed %s (SIGCONT)", name(node));
	}

	private void signal(int node, String signal) {
		long pid = this.nodes.get(node).processHandle().pid();
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
			assertThat(kill.waitFor()).as("kill -%s %d", signal, pid).isZero();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Cuts a node off from the others without stopping any process: the others stop their
	 * gossip, which tells every node they are shutting down, and the node holds them
	 * down. It then coordinates every request alone, with its own data: at {@code ONE},
	 * the others are not asked.
	 * @param node the node's index
	 */
	void isolate(int node) {
		others(node).forEach((other) -> this.jmx.get(other).stopGossiping());
		await().atMost(Duration.ofMinutes(1))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> others(node).allMatch((other) -> this.jmx.get(node).seesDown(address(other))));
		Console.phase("%s alone: the other nodes stopped their gossip", name(node));
	}

	/**
	 * Undoes {@link #isolate(int)}: the others gossip again, until every node sees every
	 * other up.
	 * @param node the node's index
	 */
	void rejoin(int node) {
		others(node).forEach((other) -> this.jmx.get(other).startGossiping());
		awaitEveryNodeUp();
		Console.phase("%s rejoined: every node sees every other up", name(node));
	}

	private void awaitEveryNodeUp() {
		await().atMost(STARTUP_LIMIT)
			.pollInterval(Duration.ofMillis(500))
			.ignoreExceptions()
			.until(() -> nodes()
				.allMatch((node) -> others(node).allMatch((other) -> this.jmx.get(node).seesUp(address(other)))));
	}

	/**
	 * What keeps a node from holding every write the others hinted for it: for each other
	 * node, that it does not see it up yet, or still holds hint files for it, or has
	 * hints for it not yet delivered (in memory too).
	 * @param node the node's index
	 * @return one line per other node still holding hints for it, empty when none does
	 */
	List<String> undeliveredHints(int node) {
		List<String> undelivered = new ArrayList<>();
		others(node).forEach((other) -> {
			NodeJmx holder = this.jmx.get(other);
			long pending = holder.hintsUndelivered(address(node));
			if (!holder.seesUp(address(node))) {
				undelivered.add(name(other) + " does not see " + name(node) + " up");
			}
			else if (holder.holdsHintFilesFor(this.hostIds.get(node)) || pending > 0) {
				undelivered.add(name(other) + " has " + pending + " hints for " + name(node) + " to deliver");
			}
		});
		return undelivered;
	}

	/**
	 * Sets every node's hint window.
	 * @param window how long a coordinator writes hints for a node that is down
	 */
	void setMaxHintWindow(Duration window) {
		nodes().forEach((node) -> this.jmx.get(node).setMaxHintWindow(window));
		Console.phase("max hint window %d s on every node", window.toSeconds());
	}

	/**
	 * A full repair of every keyspace provisioned, coordinated by a node.
	 * @param node the node's index
	 */
	void repair(int node) {
		for (String keyspace : this.keyspaces.values()) {
			Console.phase("repairing %s from %s", keyspace, name(node));
			this.jmx.get(node).repair(keyspace, Duration.ofMinutes(5));
		}
		Console.phase("repaired");
	}

	/**
	 * A node's name in the progress lines.
	 * @param node the node's index
	 * @return its address
	 */
	String name(int node) {
		return address(node).getHostAddress();
	}

	private IntStream nodes() {
		return IntStream.range(0, this.nodes.size());
	}

	private IntStream others(int node) {
		return nodes().filter((other) -> other != node);
	}

	/**
	 * Stops every node, each draining first; a paused one is resumed so that it can.
	 */
	@Override
	public void close() {
		List.copyOf(this.paused).forEach(this::resume);
		this.ring.close();
	}

}
