package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What one node believes the ring looks like, read over its local JMX port (no login
 * needed). Nodes of a new ring join without bootstrapping, each at its own explicit
 * token; until every node sees every other one live and owning its token, a write may
 * still be sent to the wrong replica. The cluster waits for that agreement before it
 * writes anything (its superuser).
 */
final class RingView {

	private static final String STORAGE_SERVICE = "org.apache.cassandra.db:type=StorageService";

	private RingView() {
	}

	/**
	 * Waits until every node sees all {@code nodes.size()} nodes live, each owning a
	 * token.
	 * @param nodes the nodes of the ring
	 * @param timeout how long to wait
	 * @throws IllegalStateException when the ring does not converge in time
	 */
	static void awaitAgreement(List<EmbeddedCassandra> nodes, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (EmbeddedCassandra node : nodes) {
			while (!seesWholeRing(node, nodes.size())) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("The ring did not converge within " + timeout + ": node "
							+ node.address().getHostAddress() + " does not yet see all " + nodes.size() + " nodes");
				}
				pause();
			}
		}
	}

	private static boolean seesWholeRing(EmbeddedCassandra node, int size) {
		JMXServiceURL url;
		try {
			url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + node.jmxPort() + "/jmxrmi");
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
			MBeanServerConnection server = connector.getMBeanServerConnection();
			ObjectName storage = new ObjectName(STORAGE_SERVICE);
			List<?> live = (List<?>) server.getAttribute(storage, "LiveNodes");
			Map<?, ?> tokens = (Map<?, ?>) server.getAttribute(storage, "TokenToEndpointMap");
			return live.size() == size && tokens.size() == size;
		}
		catch (IOException | JMException ex) {
			// JMX is not up yet, or the node is still starting: ask again.
			return false;
		}
	}

	private static void pause() {
		try {
			Thread.sleep(200);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the ring", ex);
		}
	}

}
