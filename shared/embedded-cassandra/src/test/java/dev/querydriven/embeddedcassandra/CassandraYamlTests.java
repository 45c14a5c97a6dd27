package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generated configuration switches on authentication and the modeling guardrails.
 */
class CassandraYamlTests {

	/**
	 * A node given a keystore speaks only TLS on its CQL port, without asking clients for
	 * a certificate; a node given none renders no encryption section at all.
	 */
	@Test
	void clientEncryptionRefusesClearText() {
		String yaml = CassandraYaml.node()
			.clientEncryption(ClientEncryption.pkcs12(Path.of("/keys/node.p12"), "it's secret"))
			.render();
		assertThat(yaml).contains("client_encryption_options:\n  enabled: true\n  optional: false\n"
				+ "  keystore: '/keys/node.p12'\n  keystore_password: 'it''s secret'\n  store_type: PKCS12\n"
				+ "  require_client_auth: false\n");
		assertThat(CassandraYaml.node().render()).doesNotContain("client_encryption_options");
	}

	/**
	 * Enforced guardrails refuse filtering, indexes, views and user code; authentication
	 * is always on.
	 */
	@Test
	void enforcedGuardrailsRefuseTheAntiPatterns() {
		String yaml = CassandraYaml.node().directory(Path.of("/data")).render();
		assertThat(yaml).contains("authenticator: PasswordAuthenticator", "authorizer: CassandraAuthorizer",
				"allow_filtering_enabled: false", "secondary_indexes_enabled: false",
				"materialized_views_enabled: false", "user_defined_functions_enabled: false",
				"read_before_write_list_operations_enabled: false", "partition_size_warn_threshold: 10MiB",
				"partition_size_fail_threshold: 100MiB", "maximum_timestamp_fail_threshold: 1h",
				"data_file_directories:");
	}

	/**
	 * Relaxed guardrails let tools load anti-patterns, including the experimental index
	 * and view features, and published schemas with their user-defined functions.
	 */
	@Test
	void relaxedGuardrailsLetAntiPatternsLoad() {
		String yaml = CassandraYaml.node().guardrails(Guardrails.RELAXED).render();
		assertThat(yaml).contains("allow_filtering_enabled: true", "secondary_indexes_enabled: true",
				"materialized_views_enabled: true", "sasi_indexes_enabled: true",
				"user_defined_functions_enabled: true", "partition_keys_in_select_fail_threshold: -1",
				"authenticator: PasswordAuthenticator");
	}

	/**
	 * A node that must keep every write it acknowledged syncs its commit log before
	 * acknowledging; otherwise Cassandra's periodic default applies.
	 */
	@Test
	void commitLogSyncFollowsTheNodesDurability() {
		assertThat(CassandraYaml.node().syncBeforeAcknowledging(true).render()).contains("commitlog_sync: batch")
			.doesNotContain("commitlog_sync_period");
		assertThat(CassandraYaml.node().render()).contains("commitlog_sync: periodic",
				"commitlog_sync_period: 10000ms");
	}

	/**
	 * Every node masks the columns declared {@code MASKED WITH}, and snapshots a table
	 * before dropping it only when its data is meant to be kept.
	 */
	@Test
	void everyNodeMasksAndKeptNodesSnapshotBeforeDropping() {
		assertThat(CassandraYaml.node().render()).contains("dynamic_data_masking_enabled: true",
				"auto_snapshot: false");
		assertThat(CassandraYaml.node().autoSnapshot(true).render()).contains("dynamic_data_masking_enabled: true",
				"auto_snapshot: true");
		assertThat(CassandraYaml.container().render()).contains("dynamic_data_masking_enabled: true");
	}

	/** Cluster settings reach the file: seeds, token, ports and no bootstrap. */
	@Test
	void clusterSettingsAreRendered() {
		String yaml = CassandraYaml.node()
			.address("127.0.0.2")
			.storagePort(17000)
			.nativePort(19042)
			.seeds(List.of("127.0.0.1:17000"))
			.initialToken(-3074457345618258603L)
			.autoBootstrap(false)
			.render();
		assertThat(yaml).contains("listen_address: 127.0.0.2", "rpc_address: 127.0.0.2", "storage_port: 17000",
				"native_transport_port: 19042", "seeds: \"127.0.0.1:17000\"", "initial_token: -3074457345618258603",
				"auto_bootstrap: false");
	}

	/**
	 * A container's file leaves directories to the image and listens on every interface.
	 */
	@Test
	void containerFlavourLeavesDirectoriesToTheImage() {
		String yaml = CassandraYaml.container().render();
		assertThat(yaml).contains("rpc_address: 0.0.0.0", "broadcast_rpc_address: 127.0.0.1")
			.doesNotContain("data_file_directories");
	}

}
