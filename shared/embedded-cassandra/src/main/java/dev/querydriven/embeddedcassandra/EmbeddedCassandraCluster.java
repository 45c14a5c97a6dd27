package dev.querydriven.embeddedcassandra;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * N real Cassandra nodes forming one ring on consecutive loopback addresses (127.0.0.1,
 * 127.0.0.2, ...), each a child process with its own directory. Tokens are placed evenly
 * and explicitly and the ring is new, so no node bootstraps or streams: the cluster
 * starts in about the time of its slowest node.
 */
public final class EmbeddedCassandraCluster implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedCassandraCluster.class);

	private final List<EmbeddedCassandra> nodes;

	private final Path superuserFile;

	private final Duration startupTimeout;

	private final boolean secureSuperuser;

	private Credentials superuser;

	private EmbeddedCassandraCluster(List<EmbeddedCassandra> nodes, Path superuserFile, Duration startupTimeout,
			boolean secureSuperuser) {
		this.nodes = nodes;
		this.superuserFile = superuserFile;
		this.startupTimeout = startupTimeout;
		this.secureSuperuser = secureSuperuser;
	}

	/**
	 * Describes a cluster to start.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * The token of node {@code index} when {@code count} nodes share the Murmur3 ring
	 * evenly.
	 * @param index the node's index, from 0
	 * @param count the number of nodes
	 * @return the token
	 */
	static long evenToken(int index, int count) {
		BigInteger ringSize = BigInteger.ONE.shiftLeft(64);
		return BigInteger.valueOf(Long.MIN_VALUE)
			.add(ringSize.multiply(BigInteger.valueOf(index)).divide(BigInteger.valueOf(count)))
			.longValueExact();
	}

	/**
	 * Starts the seed node, then the others in parallel, and secures the superuser once
	 * (unless built not to).
	 * @return this cluster
	 */
	public EmbeddedCassandraCluster start() {
		long started = System.nanoTime();
		this.nodes.get(0).start();
		List<CompletableFuture<EmbeddedCassandra>> others = this.nodes.subList(1, this.nodes.size())
			.stream()
			.map((node) -> CompletableFuture.supplyAsync(node::start))
			.toList();
		others.forEach(CompletableFuture::join);
		// Joined without bootstrap, the nodes must agree on the ring before anything is
		// written: the superuser's row would otherwise land on a node that turns out not
		// to own it.
		RingView.awaitAgreement(this.nodes, this.startupTimeout);
		if (this.secureSuperuser) {
			this.superuser = SuperuserSetup.secureCluster(contactPoints(), EmbeddedCassandra.DATACENTER,
					this.superuserFile, this.nodes.size(), this.startupTimeout);
			this.nodes.forEach((node) -> node.superuser(this.superuser));
		}
		logger.info("Cassandra cluster of {} nodes ready in {} ms: contact points {}", this.nodes.size(),
				Duration.ofNanos(System.nanoTime() - started).toMillis(), contactPoints());
		return this;
	}

	/**
	 * The nodes, in address order.
	 * @return the nodes
	 */
	public List<EmbeddedCassandra> nodes() {
		return this.nodes;
	}

	/**
	 * Every node's CQL address.
	 * @return the contact points
	 */
	public List<InetSocketAddress> contactPoints() {
		return this.nodes.stream().map(EmbeddedCassandra::contactPoint).toList();
	}

	public String localDatacenter() {
		return EmbeddedCassandra.DATACENTER;
	}

	/**
	 * The superuser's login, once started.
	 * @return the login, or {@code null} for a cluster built not to secure it
	 */
	public Credentials superuser() {
		return this.superuser;
	}

	@Override
	public void close() {
		this.nodes.stream()
			.map((node) -> CompletableFuture.runAsync(node::stop))
			.toList()
			.forEach(CompletableFuture::join);
	}

	/**
	 * Settings of a cluster.
	 */
	public static final class Builder {

		private int size = 3;

		private String firstAddress = "127.0.0.1";

		private Path directory;

		private Guardrails guardrails = Guardrails.ENFORCED;

		private String heap = "768m";

		private Duration startupTimeout = Duration.ofMinutes(3);

		private boolean throwaway;

		private List<String> jvmOptions = List.of();

		private boolean secureSuperuser = true;

		private Builder() {
		}

		/**
		 * @param size the number of nodes
		 */
		public Builder size(int size) {
			this.size = size;
			return this;
		}

		/**
		 * @param firstAddress the first node's loopback address; the others follow it
		 */
		public Builder firstAddress(String firstAddress) {
			this.firstAddress = firstAddress;
			return this;
		}

		/**
		 * @param directory parent of the nodes' directories
		 */
		public Builder directory(Path directory) {
			this.directory = directory;
			return this;
		}

		public Builder guardrails(Guardrails guardrails) {
			this.guardrails = guardrails;
			return this;
		}

		/**
		 * @param heap each node's heap
		 */
		public Builder heap(String heap) {
			this.heap = heap;
			return this;
		}

		public Builder startupTimeout(Duration startupTimeout) {
			this.startupTimeout = startupTimeout;
			return this;
		}

		/**
		 * @param throwaway whether the nodes' directories die with this JVM; see
		 * {@link EmbeddedCassandra.Builder#throwaway(boolean)}. A cluster whose nodes are
		 * killed and restarted (failure tests) must stay persistent, the default.
		 * @return this builder
		 */
		public Builder throwaway(boolean throwaway) {
			this.throwaway = throwaway;
			return this;
		}

		/**
		 * @param jvmOptions options added to every node's JVM command line; see
		 * {@link EmbeddedCassandra.Builder#jvmOptions(List)}
		 * @return this builder
		 */
		public Builder jvmOptions(List<String> jvmOptions) {
			this.jvmOptions = List.copyOf(jvmOptions);
			return this;
		}

		/**
		 * @param secureSuperuser whether the cluster replaces the default superuser's
		 * password once started (the default); {@code false} leaves that to a
		 * provisioning step of the caller's own, as Compose's stack does with its nodes
		 * @return this builder
		 */
		public Builder secureSuperuser(boolean secureSuperuser) {
			this.secureSuperuser = secureSuperuser;
			return this;
		}

		/**
		 * The cluster, not yet started.
		 * @return the cluster
		 */
		public EmbeddedCassandraCluster build() {
			Objects.requireNonNull(this.directory, "directory");
			List<InetAddress> addresses = addresses();
			// Every node listens on the same ports of its own address, as in a real
			// cluster.
			int storagePort = FreePorts.any(addresses);
			int nativePort = FreePorts.any(addresses);
			while (nativePort == storagePort) {
				nativePort = FreePorts.any(addresses);
			}
			String seed = addresses.get(0).getHostAddress() + ":" + storagePort;
			List<EmbeddedCassandra> nodes = new ArrayList<>();
			for (int i = 0; i < this.size; i++) {
				nodes.add(EmbeddedCassandra.builder()
					.directory(this.directory.resolve("node" + (i + 1)))
					.address(addresses.get(i).getHostAddress())
					.nativePort(nativePort)
					.storagePort(storagePort)
					.jmxPort(FreePorts.any(List.of(InetAddress.getLoopbackAddress())))
					.seeds(List.of(seed))
					.initialToken(evenToken(i, this.size))
					.autoBootstrap(false)
					.guardrails(this.guardrails)
					.heap(this.heap)
					.jvmOptions(this.jvmOptions)
					.startupTimeout(this.startupTimeout)
					.secureSuperuser(false)
					.throwaway(this.throwaway)
					.build());
			}
			return new EmbeddedCassandraCluster(List.copyOf(nodes), this.directory.resolve("superuser.properties"),
					this.startupTimeout, this.secureSuperuser);
		}

		private List<InetAddress> addresses() {
			try {
				byte[] first = InetAddress.getByName(this.firstAddress).getAddress();
				List<InetAddress> addresses = new ArrayList<>();
				for (int i = 0; i < this.size; i++) {
					byte[] next = first.clone();
					next[3] = (byte) (first[3] + i);
					addresses.add(InetAddress.getByAddress(next));
				}
				return addresses;
			}
			catch (UnknownHostException ex) {
				throw new IllegalArgumentException("Not an IPv4 address: " + this.firstAddress, ex);
			}
		}

	}

}
