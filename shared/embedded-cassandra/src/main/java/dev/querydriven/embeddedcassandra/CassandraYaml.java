package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Generates the {@code cassandra.yaml} of a node. The same generator serves the embedded
 * node, the Testcontainers container and {@code docker/cassandra.yaml}, so every backend
 * enforces the same authentication and guardrails.
 */
public final class CassandraYaml {

	private String clusterName = "query-driven";

	private String listenAddress = "127.0.0.1";

	private String rpcAddress = "127.0.0.1";

	private String broadcastRpcAddress;

	private int storagePort = 7000;

	private int nativePort = 9042;

	private List<String> seeds = List.of("127.0.0.1:7000");

	private String initialToken;

	private boolean autoBootstrap = true;

	private Path directory;

	private Guardrails guardrails = Guardrails.ENFORCED;

	private boolean syncBeforeAcknowledging;

	private boolean autoSnapshot;

	private ClientEncryption clientEncryption;

	/**
	 * Starts a description with the defaults of a single local node.
	 * @return a new generator
	 */
	public static CassandraYaml node() {
		return new CassandraYaml();
	}

	/**
	 * A node inside a container: the image's entrypoint rewrites the address and seed
	 * lines, and its default directories apply.
	 * @return a new generator
	 */
	public static CassandraYaml container() {
		CassandraYaml yaml = new CassandraYaml();
		yaml.rpcAddress = "0.0.0.0";
		yaml.broadcastRpcAddress = "127.0.0.1";
		yaml.initialToken = "0";
		return yaml;
	}

	/**
	 * The node of the Compose stack ({@code docker/cassandra.yaml}): the container's
	 * settings, and a snapshot of a table's files before any {@code DROP} or
	 * {@code TRUNCATE}, since its data is meant to be kept. The tests' container is the
	 * same but for that: a test drops and truncates often, and its data dies with it.
	 * @return a new generator
	 */
	public static CassandraYaml docker() {
		return container().autoSnapshot(true);
	}

	public CassandraYaml clusterName(String clusterName) {
		this.clusterName = Objects.requireNonNull(clusterName);
		return this;
	}

	public CassandraYaml address(String address) {
		this.listenAddress = address;
		this.rpcAddress = address;
		return this;
	}

	public CassandraYaml storagePort(int storagePort) {
		this.storagePort = storagePort;
		return this;
	}

	public CassandraYaml nativePort(int nativePort) {
		this.nativePort = nativePort;
		return this;
	}

	public CassandraYaml seeds(List<String> seeds) {
		this.seeds = List.copyOf(seeds);
		return this;
	}

	public CassandraYaml initialToken(long initialToken) {
		this.initialToken = Long.toString(initialToken);
		return this;
	}

	public CassandraYaml autoBootstrap(boolean autoBootstrap) {
		this.autoBootstrap = autoBootstrap;
		return this;
	}

	/**
	 * Puts data, commit log, caches and hints under one directory.
	 * @param directory the node's directory
	 * @return this generator
	 */
	public CassandraYaml directory(Path directory) {
		this.directory = directory;
		return this;
	}

	public CassandraYaml guardrails(Guardrails guardrails) {
		this.guardrails = Objects.requireNonNull(guardrails);
		return this;
	}

	/**
	 * How the commit log reaches the disk. Cassandra's default, {@code periodic}, syncs
	 * it every 10 seconds and acknowledges writes before: a node killed, even by SIGKILL,
	 * loses what it acknowledged since its last sync (replay stops at the last sync
	 * marker), and a cluster counts on the other replicas to hold those writes.
	 * {@code batch} acknowledges a write only once its commit-log entry is synced, so a
	 * lone node keeps every write it acknowledged.
	 * @param syncBeforeAcknowledging {@code true} for {@code batch}, {@code false} for
	 * {@code periodic}
	 * @return this generator
	 */
	public CassandraYaml syncBeforeAcknowledging(boolean syncBeforeAcknowledging) {
		this.syncBeforeAcknowledging = syncBeforeAcknowledging;
		return this;
	}

	/**
	 * Client-to-node TLS on the CQL port, and only TLS: a client speaking clear text is
	 * refused ({@code optional: false}). Clients need no certificate of their own
	 * ({@code require_client_auth: false}); they keep logging in with their password.
	 * @param clientEncryption the node's keystore, or {@code null} for clear text
	 * @return this generator
	 */
	public CassandraYaml clientEncryption(ClientEncryption clientEncryption) {
		this.clientEncryption = clientEncryption;
		return this;
	}

	/**
	 * Whether a {@code DROP} or {@code TRUNCATE} first snapshots the table's files (hard
	 * links in its {@code snapshots} folder): a table dropped by mistake, or by a
	 * migration, can be restored from them. Off by default, for nodes whose data dies
	 * with their tests.
	 * @param autoSnapshot {@code true} to snapshot before dropping
	 * @return this generator
	 */
	public CassandraYaml autoSnapshot(boolean autoSnapshot) {
		this.autoSnapshot = autoSnapshot;
		return this;
	}

	/**
	 * Renders the YAML document.
	 * @return the content of {@code cassandra.yaml}
	 */
	public String render() {
		List<String> lines = new ArrayList<>();
		lines.add("# Generated by Query-Driven (dev.querydriven.embeddedcassandra.CassandraYaml); do not edit.");
		lines.add("cluster_name: '" + this.clusterName + "'");
		lines.add("partitioner: org.apache.cassandra.dht.Murmur3Partitioner");
		lines.add("# One token per node, placed explicitly: no token allocation work at startup.");
		lines.add("num_tokens: 1");
		if (this.initialToken != null) {
			lines.add("initial_token: " + this.initialToken);
		}
		lines.add("auto_bootstrap: " + this.autoBootstrap);
		lines.add("");
		lines.add("# Authentication on: without it every client is a superuser and guardrails do not apply.");
		lines.add("authenticator: PasswordAuthenticator");
		lines.add("authorizer: CassandraAuthorizer");
		lines.add("role_manager: CassandraRoleManager");
		lines.add("# Columns declared MASKED WITH show a masked value to roles without the UNMASK permission.");
		lines.add("dynamic_data_masking_enabled: true");
		lines.add("");
		lines.add("listen_address: " + this.listenAddress);
		lines.add("rpc_address: " + this.rpcAddress);
		if (this.broadcastRpcAddress != null) {
			lines.add("broadcast_rpc_address: " + this.broadcastRpcAddress);
		}
		lines.add("storage_port: " + this.storagePort);
		lines.add("native_transport_port: " + this.nativePort);
		lines.add("start_native_transport: true");
		lines.add("endpoint_snitch: SimpleSnitch");
		lines.add("seed_provider:");
		lines.add("  - class_name: org.apache.cassandra.locator.SimpleSeedProvider");
		lines.add("    parameters:");
		lines.add("      - seeds: \"" + String.join(",", this.seeds) + "\"");
		lines.add("");
		if (this.directory != null) {
			lines.add("data_file_directories:");
			lines.add("  - " + quoted(this.directory.resolve("data")));
			lines.add("commitlog_directory: " + quoted(this.directory.resolve("commitlog")));
			lines.add("saved_caches_directory: " + quoted(this.directory.resolve("saved_caches")));
			lines.add("hints_directory: " + quoted(this.directory.resolve("hints")));
			lines.add("cdc_raw_directory: " + quoted(this.directory.resolve("cdc_raw")));
			lines.add("");
		}
		if (this.syncBeforeAcknowledging) {
			lines.add(
					"# A write is acknowledged once its commit-log entry is on disk: a lone node keeps it through a crash.");
			lines.add("commitlog_sync: batch");
		}
		else {
			lines.add(
					"# Cassandra's default: the commit log synced every 10 s, replicas cover a crashed node's last writes.");
			lines.add("commitlog_sync: periodic");
			lines.add("commitlog_sync_period: 10000ms");
		}
		if (this.autoSnapshot) {
			lines.add("# A DROP or TRUNCATE first snapshots the table's files: what is dropped can be restored.");
			lines.add("auto_snapshot: true");
		}
		else {
			lines.add("# Tuned for a laptop or CI runner: no snapshots on drop/truncate.");
			lines.add("auto_snapshot: false");
		}
		lines.add("snapshot_before_compaction: false");
		lines.add("");
		lines.addAll(clientEncryptionLines());
		lines.addAll(guardrailLines());
		return lines.stream().collect(Collectors.joining("\n", "", "\n"));
	}

	private List<String> clientEncryptionLines() {
		if (this.clientEncryption == null) {
			return List.of();
		}
		return List.of(
				"# Client-to-node TLS: the CQL port speaks TLS only, so passwords and rows never cross in clear.",
				"client_encryption_options:", "  enabled: true", "  optional: false",
				"  keystore: " + quoted(this.clientEncryption.keystore()),
				"  keystore_password: '" + this.clientEncryption.password().replace("'", "''") + "'",
				"  store_type: " + this.clientEncryption.storeType(), "  require_client_auth: false", "");
	}

	private List<String> guardrailLines() {
		boolean enforced = this.guardrails == Guardrails.ENFORCED;
		List<String> lines = new ArrayList<>();
		lines.add("# Guardrails (" + this.guardrails.name().toLowerCase()
				+ "): the database enforces the modeling rules.");
		lines.add("allow_filtering_enabled: " + !enforced);
		lines.add("secondary_indexes_enabled: " + !enforced);
		lines.add("materialized_views_enabled: " + !enforced);
		lines.add("sasi_indexes_enabled: " + !enforced);
		// A relaxed node (the model check's) loads a published schema as written,
		// functions included; the services' nodes run no user code.
		lines.add("user_defined_functions_enabled: " + !enforced);
		lines.add("read_before_write_list_operations_enabled: " + !enforced);
		lines.add("partition_keys_in_select_warn_threshold: 5");
		lines.add("partition_keys_in_select_fail_threshold: " + (enforced ? 20 : -1));
		lines.add("in_select_cartesian_product_warn_threshold: 25");
		lines.add("maximum_timestamp_warn_threshold: 10m");
		lines.add("maximum_timestamp_fail_threshold: 1h");
		lines.add("partition_size_warn_threshold: 10MiB");
		lines.add("partition_size_fail_threshold: 100MiB");
		lines.add("collection_size_warn_threshold: 1MiB");
		lines.add("items_per_collection_warn_threshold: 1000");
		lines.add("batch_size_warn_threshold: 5KiB");
		lines.add("batch_size_fail_threshold: 50KiB");
		lines.add("unlogged_batch_across_partitions_warn_threshold: 10");
		lines.add("tombstone_warn_threshold: 1000");
		lines.add("tombstone_failure_threshold: 100000");
		return lines;
	}

	private static String quoted(Path path) {
		return "'" + path.toAbsolutePath().toString().replace("'", "''") + "'";
	}

}
