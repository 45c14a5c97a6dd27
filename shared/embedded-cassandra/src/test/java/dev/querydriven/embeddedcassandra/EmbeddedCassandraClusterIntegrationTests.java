package dev.querydriven.embeddedcassandra;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Several real nodes on 127.0.0.x form one ring, the setting for replication and failure
 * tests.
 *
 * <p>
 * Tagged {@code slow} (three nodes start one after the other): it runs in CI's
 * {@code slow} stage, after {@code ./mvnw -B verify}.
 */
@Tag("slow")
class EmbeddedCassandraClusterIntegrationTests {

	/**
	 * The reason code a replica gives for a write to a table it does not know yet
	 * (Cassandra's {@code RequestFailureReason.INCOMPATIBLE_SCHEMA}).
	 */
	private static final Integer INCOMPATIBLE_SCHEMA = 3;

	@TempDir
	Path directory;

	/**
	 * Three nodes own evenly spaced tokens, run with the JVM options given, see each
	 * other up, serve a write at consistency ALL, and still accept logins and quorum
	 * reads with one node down.
	 */
	@Test
	void threeNodesFormOneRingAndReplicateAtConsistencyAll() {
		try (EmbeddedCassandraCluster cluster = EmbeddedCassandraCluster.builder()
			.size(3)
			.firstAddress("127.0.0.101")
			.directory(this.directory)
			.jvmOptions(List.of("-XX:TieredStopAtLevel=1"))
			.build()
			.start()) {
			assertThat(cluster.nodes())
				.allSatisfy((node) -> assertThat(node.processHandle().info().arguments().orElseThrow())
					.contains("-XX:TieredStopAtLevel=1"));
			try (CqlSession session = CassandraLogin.open(cluster.contactPoints(), cluster.localDatacenter(),
					cluster.superuser(), Duration.ofSeconds(30))) {
				assertThat(session.getMetadata().getNodes().values()).hasSize(3)
					.allSatisfy((node) -> assertThat(node.getState()).isEqualTo(NodeState.UP));
				Set<String> addresses = session.getMetadata()
					.getNodes()
					.values()
					.stream()
					.map(Node::getBroadcastRpcAddress)
					.map((address) -> address.orElseThrow().getAddress().getHostAddress())
					.collect(Collectors.toSet());
				assertThat(addresses).containsExactlyInAnyOrder("127.0.0.101", "127.0.0.102", "127.0.0.103");

				changeSchema(session, "CREATE KEYSPACE ring WITH replication = "
						+ "{'class': 'NetworkTopologyStrategy', 'datacenter1': 3}");
				changeSchema(session, "CREATE TABLE ring.kv (k int PRIMARY KEY, v text)");
				SimpleStatement write = SimpleStatement
					.newInstance("INSERT INTO ring.kv (k, v) VALUES (1, 'everywhere')")
					.setConsistencyLevel(ConsistencyLevel.ALL)
					.setIdempotent(true);
				// Even once the nodes agree on the schema, a node may for a moment refuse
				// a request to a table it has only just created, now and then on a busy
				// machine: as a replica (the coordinator reports "Unknown CF", or a
				// failure whose every reason is an incompatible schema) or as the
				// coordinator ("table kv does not exist"). The write and the read are
				// idempotent: try each until every replica serves it.
				await().atMost(Duration.ofMinutes(1))
					.ignoreExceptionsMatching(EmbeddedCassandraClusterIntegrationTests::tableNotYetEverywhere)
					.until(() -> session.execute(write).wasApplied());
				SimpleStatement read = SimpleStatement.newInstance("SELECT v FROM ring.kv WHERE k = 1")
					.setConsistencyLevel(ConsistencyLevel.ALL)
					.setIdempotent(true);
				String value = await().atMost(Duration.ofMinutes(1))
					.ignoreExceptionsMatching(EmbeddedCassandraClusterIntegrationTests::tableNotYetEverywhere)
					.until(() -> session.execute(read).one().getString("v"), Objects::nonNull);
				assertThat(value).isEqualTo("everywhere");
			}
			// system_auth has three replicas: with one node gone, logins and reads still
			// work.
			cluster.nodes().get(2).kill();
			try (CqlSession session = CassandraLogin.open(cluster.contactPoints().subList(0, 2),
					cluster.localDatacenter(), cluster.superuser(), Duration.ofSeconds(30))) {
				String value = session
					.execute(SimpleStatement.newInstance("SELECT v FROM ring.kv WHERE k = 1")
						.setConsistencyLevel(ConsistencyLevel.QUORUM))
					.one()
					.getString("v");
				assertThat(value).isEqualTo("everywhere");
			}
			assertThat(EmbeddedCassandraCluster.evenToken(0, 3)).isEqualTo(Long.MIN_VALUE);
		}
	}

	private static boolean tableNotYetEverywhere(Throwable failure) {
		Map<InetAddress, Integer> reasons = (failure instanceof WriteFailureException writeFailure)
				? writeFailure.getReasonMap()
				: (failure instanceof ReadFailureException readFailure) ? readFailure.getReasonMap() : Map.of();
		if (!reasons.isEmpty()) {
			return reasons.values().stream().allMatch(INCOMPATIBLE_SCHEMA::equals);
		}
		String message = String.valueOf(failure.getMessage());
		return (failure instanceof ServerError && message.contains("Unknown CF"))
				|| (failure instanceof InvalidQueryException && message.contains("does not exist"));
	}

	/**
	 * A schema change reaches the other nodes asynchronously. The driver waits for every
	 * node to report the new schema version, but only up to its agreement timeout, and
	 * then answers anyway. So, as any code that changes a cluster's schema must, go on
	 * only once the nodes agree.
	 */
	private static void changeSchema(CqlSession session, String cql) {
		if (!session.execute(cql).getExecutionInfo().isSchemaInAgreement()) {
			await().atMost(Duration.ofMinutes(1)).until(session::checkSchemaAgreement);
		}
	}

}
