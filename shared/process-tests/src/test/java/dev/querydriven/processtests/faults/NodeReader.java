package dev.querydriven.processtests.faults;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;

import static org.awaitility.Awaitility.await;

/**
 * Reads rows from one node's own data, as the test's reader role: at {@code ONE}, with
 * the node as coordinator ({@code Statement.setNode}). Choosing the coordinator is not
 * enough: at {@code ONE} a coordinator may ask another replica (the one its dynamic
 * snitch prefers) instead of itself. So the reads run while the node is cut off from the
 * others ({@link FaultCluster#isolate(int)}): the one replica it can ask is itself, and a
 * row it lacks is a row missing.
 */
final class NodeReader implements RowChecks.Reads, AutoCloseable {

	private final FaultCluster cluster;

	private final int node;

	private final CqlSession session;

	private final Node coordinator;

	private final Map<String, PreparedStatement> statements = new ConcurrentHashMap<>();

	/**
	 * A new session, connected to the node (and, while they gossip, to the others).
	 * @param cluster the cluster
	 * @param node the node's index
	 */
	NodeReader(FaultCluster cluster, int node) {
		this.cluster = cluster;
		this.node = node;
		this.session = cluster.readerSession();
		this.coordinator = await().atMost(Duration.ofMinutes(1))
			.pollInterval(Duration.ofMillis(250))
			.until(this::connectedNode, (found) -> found != null);
	}

	/** The node in the driver's metadata, once the session holds a connection to it. */
	private Node connectedNode() {
		return this.session.getMetadata()
			.getNodes()
			.values()
			.stream()
			.filter((candidate) -> candidate.getEndPoint().resolve() instanceof InetSocketAddress address
					&& address.getAddress().equals(this.cluster.address(this.node)))
			.filter((candidate) -> candidate.getOpenConnections() > 0)
			.findFirst()
			.orElse(null);
	}

	/**
	 * Runs reads while the node is cut off from the others, and lets it rejoin them
	 * afterwards.
	 * @param <T> what the reads make of the rows
	 * @param reads the reads
	 * @return what they made
	 */
	<T> T isolated(Function<RowChecks.Reads, T> reads) {
		this.cluster.isolate(this.node);
		try {
			return reads.apply(this);
		}
		finally {
			this.cluster.rejoin(this.node);
		}
	}

	@Override
	public Row one(String cql, Object... values) {
		PreparedStatement statement = this.statements.computeIfAbsent(cql, this.session::prepare);
		return this.session
			.execute(statement.bind(values)
				.setConsistencyLevel(ConsistencyLevel.ONE)
				.setNode(this.coordinator)
				.setIdempotent(true))
			.one();
	}

	@Override
	public void close() {
		this.session.close();
	}

}
