package dev.querydriven.processtests.faults;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

import static org.awaitility.Awaitility.await;

/**
 * What a test asks of one node that CQL does not answer, over the node's local JMX port,
 * as {@code nodetool} would: how it sees the others, the hints it holds for one of them,
 * its gossip switched off and on, its hint window, and a repair. Each call opens a
 * connection of its own: a node that was killed and started again listens on the same
 * port, and a connection kept across would be dead.
 */
final class NodeJmx {

	private static final String STORAGE_SERVICE = "org.apache.cassandra.db:type=StorageService";

	private static final String STORAGE_PROXY = "org.apache.cassandra.db:type=StorageProxy";

	private static final String HINTS_SERVICE = "org.apache.cassandra.hints:type=HintsService";

	private static final String FAILURE_DETECTOR = "org.apache.cassandra.net:type=FailureDetector";

	/**
	 * The hint metrics, one per endpoint: {@code Hints_created-<address>} counts the
	 * hints this node wrote for it, {@code Hint_delays-<address>} the hints it delivered
	 * (its count is one per delivery). The address is written with dots for colons, e.g.
	 * {@code /127.0.0.113.7000}.
	 */
	private static final String HINT_METRICS = "org.apache.cassandra.metrics:type=HintsService,*";

	/** Cassandra's {@code ProgressEventType}, by ordinal: ERROR, ABORT, COMPLETE. */
	private static final int PROGRESS_ERROR = 2;

	private static final int PROGRESS_ABORT = 3;

	private static final int PROGRESS_COMPLETE = 5;

	private final JMXServiceURL url;

	/**
	 * The node listening for JMX on a local port.
	 * @param port its JMX port
	 */
	NodeJmx(int port) {
		try {
			this.url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
		}
		catch (IOException ex) {
			throw new IllegalArgumentException(ex);
		}
	}

	/**
	 * Whether this node's failure detector holds another node alive.
	 * @param node the other node
	 * @return {@code true} when it is up for this node
	 */
	boolean seesUp(InetAddress node) {
		return "UP".equals(failureDetectorState(node));
	}

	/**
	 * Whether this node's failure detector holds another node dead.
	 * @param node the other node
	 * @return {@code true} when it is down for this node
	 */
	boolean seesDown(InetAddress node) {
		return "DOWN".equals(failureDetectorState(node));
	}

	private String failureDetectorState(InetAddress node) {
		Map<?, ?> states = call((server) -> (Map<?, ?>) server.getAttribute(name(FAILURE_DETECTOR), "SimpleStates"));
		return states.entrySet()
			.stream()
			.filter((state) -> names(String.valueOf(state.getKey()), node))
			.map((state) -> String.valueOf(state.getValue()))
			.findFirst()
			.orElse(null);
	}

	/**
	 * How many nodes own a token in this node's view of the ring, itself included.
	 * @return the nodes with a token
	 */
	int ringSize() {
		return call((server) -> ((Map<?, ?>) server.getAttribute(name(STORAGE_SERVICE), "TokenToEndpointMap")).size());
	}

	/**
	 * This node's host id, by which hints name their target.
	 * @return the id
	 */
	String hostId() {
		return call((server) -> (String) server.getAttribute(name(STORAGE_SERVICE), "LocalHostId"));
	}

	/**
	 * Stops this node's gossip: it tells the others it is shutting down, and they mark it
	 * down at once, while it still serves CQL.
	 */
	void stopGossiping() {
		call((server) -> server.invoke(name(STORAGE_SERVICE), "stopGossiping", null, null));
	}

	/**
	 * Starts this node's gossip again: the others mark it up once they hear from it.
	 */
	void startGossiping() {
		call((server) -> server.invoke(name(STORAGE_SERVICE), "startGossiping", null, null));
	}

	/**
	 * Sets how long this node, as a coordinator, keeps writing hints for a node that is
	 * down ({@code max_hint_window}, 3 hours by default), until it restarts.
	 * @param window the window
	 */
	void setMaxHintWindow(Duration window) {
		call((server) -> {
			server.setAttribute(name(STORAGE_PROXY), new Attribute("MaxHintWindow", (int) window.toMillis()));
			return null;
		});
	}

	/**
	 * Whether this node still holds hint files for a node ({@code nodetool
	 * listpendinghints}). Hints wait in memory up to {@code hints_flush_period} (10 s)
	 * before they reach a file: see {@link #hintsUndelivered(InetAddress)} for those.
	 * @param hostId the node's host id
	 * @return {@code true} when a file of hints for it is left
	 */
	boolean holdsHintFilesFor(String hostId) {
		List<?> pending = call((server) -> (List<?>) server.getAttribute(name(HINTS_SERVICE), "PendingHints"));
		return pending.stream().anyMatch((hints) -> hostId.equals(((Map<?, ?>) hints).get("host_id")));
	}

	/**
	 * How many of the hints this node wrote for a node, since it started, it has not
	 * delivered yet: the hints written minus the hints delivered, counted by the node's
	 * hint metrics, which see the hints still in memory too.
	 * @param node the node the hints are for
	 * @return the hints not delivered, 0 when every one was
	 */
	long hintsUndelivered(InetAddress node) {
		return call((server) -> {
			long written = 0;
			long delivered = 0;
			for (ObjectName metric : server.queryNames(name(HINT_METRICS), null)) {
				String metricName = unquoted(metric.getKeyProperty("name"));
				if (!names(metricName, node)) {
					continue;
				}
				long count = ((Number) server.getAttribute(metric, "Count")).longValue();
				if (metricName.startsWith("Hints_created-")) {
					written += count;
				}
				else if (metricName.startsWith("Hint_delays-")) {
					delivered += count;
				}
			}
			return Math.max(0, written - delivered);
		});
	}

	/**
	 * A full repair of a keyspace's every range this node holds, as {@code nodetool
	 * repair --full <keyspace>}: the replicas compare their data and stream each other
	 * what one lacks. Waits until it completed, as {@code nodetool} does: by the progress
	 * notifications the node sends, tagged {@code repair:<command>}, the last of which is
	 * COMPLETE. (The repair's status by its command, {@code getParentRepairStatus}, comes
	 * back as a Guava list, which this class path cannot read.)
	 * @param keyspace the keyspace
	 * @param limit how long it may take
	 */
	void repair(String keyspace, Duration limit) {
		Map<String, String> options = new HashMap<>(
				Map.of("incremental", "false", "parallelism", "parallel", "primaryRange", "false"));
		Map<Object, List<Integer>> progress = new ConcurrentHashMap<>();
		NotificationListener listener = (notification, handback) -> {
			if ("progress".equals(notification.getType()) && notification.getUserData() instanceof Map<?, ?> data) {
				progress.computeIfAbsent(notification.getSource(), (tag) -> new CopyOnWriteArrayList<>())
					.add(((Number) data.get("type")).intValue());
			}
		};
		call((server) -> {
			// Listening before the repair starts: a small one may end before repairAsync
			// answers.
			server.addNotificationListener(name(STORAGE_SERVICE), listener, null, null);
			try {
				int command = (Integer) server.invoke(name(STORAGE_SERVICE), "repairAsync",
						new Object[] { keyspace, options },
						new String[] { String.class.getName(), Map.class.getName() });
				if (command == 0) {
					// Nothing to repair: a keyspace with a single replica, which does not
					// happen here.
					throw new IllegalStateException("No repair started for " + keyspace);
				}
				String tag = "repair:" + command;
				await().atMost(limit)
					.pollInterval(Duration.ofMillis(500))
					.until(() -> progress.getOrDefault(tag, List.of()).contains(PROGRESS_COMPLETE));
				List<Integer> events = progress.get(tag);
				if (events.contains(PROGRESS_ERROR) || events.contains(PROGRESS_ABORT)) {
					throw new IllegalStateException("The repair of " + keyspace + " failed; see the node's log");
				}
				return null;
			}
			finally {
				server.removeNotificationListener(name(STORAGE_SERVICE), listener);
			}
		});
	}

	/**
	 * Whether a name Cassandra gives a node ({@code /127.0.0.113},
	 * {@code 127.0.0.113:7000}, {@code Hints_created-/127.0.0.113.7000}) is the given
	 * node's: its address, not one of which it is the start (127.0.0.11 in 127.0.0.113).
	 */
	private static boolean names(String name, InetAddress node) {
		return Pattern.compile("(?<!\\d)" + Pattern.quote(node.getHostAddress()) + "(?!\\d)").matcher(name).find();
	}

	/** A key property's value, which the name may hold quoted. */
	private static String unquoted(String value) {
		return value.startsWith("\"") ? ObjectName.unquote(value) : value;
	}

	private static ObjectName name(String name) throws JMException {
		return new ObjectName(name);
	}

	private <T> T call(Call<T> call) {
		try (JMXConnector connector = JMXConnectorFactory.connect(this.url)) {
			return call.on(connector.getMBeanServerConnection());
		}
		catch (IOException | JMException ex) {
			throw new IllegalStateException("JMX at " + this.url + ": " + ex, ex);
		}
	}

	/** One exchange with the node's MBean server. */
	private interface Call<T> {

		T on(MBeanServerConnection server) throws IOException, JMException;

	}

}
