package dev.querydriven.modelcheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Optional;

import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads a node's table metrics over JMX, as {@code nodetool flush} and
 * {@code nodetool tablestats} do: {@code StorageService.forceKeyspaceFlush}, then the
 * {@code MaxPartitionSize}, {@code MeanPartitionSize} and {@code EstimatedPartitionCount}
 * gauges of {@code org.apache.cassandra.metrics:type=Table}.
 */
public final class JmxTableMetrics implements TableMetricsSource, AutoCloseable {

	private static final String STORAGE_SERVICE = "org.apache.cassandra.db:type=StorageService";

	private final JMXConnector connector;

	private final MBeanServerConnection connection;

	private JmxTableMetrics(JMXConnector connector) throws IOException {
		this.connector = connector;
		this.connection = connector.getMBeanServerConnection();
	}

	/**
	 * Connects to a node's JMX port (no authentication: a local dev or test node).
	 * @param address the JMX address
	 * @return the connected source, which the caller closes
	 */
	public static JmxTableMetrics connect(InetSocketAddress address) {
		try {
			JMXServiceURL url = new JMXServiceURL(
					"service:jmx:rmi:///jndi/rmi://" + address.getHostString() + ":" + address.getPort() + "/jmxrmi");
			return new JmxTableMetrics(JMXConnectorFactory.connect(url));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not connect to Cassandra's JMX at " + address, ex);
		}
	}

	@Override
	public void flush(String keyspace) {
		try {
			this.connection.invoke(new ObjectName(STORAGE_SERVICE), "forceKeyspaceFlush",
					new Object[] { keyspace, new String[0] },
					new String[] { String.class.getName(), String[].class.getName() });
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not flush " + keyspace, ex);
		}
		catch (JMException ex) {
			throw new IllegalStateException("Could not flush " + keyspace, ex);
		}
	}

	@Override
	public Optional<NodeTableMetrics> read(String keyspace, String table) {
		try {
			return Optional.of(new NodeTableMetrics(gauge(keyspace, table, "EstimatedPartitionCount"),
					gauge(keyspace, table, "MaxPartitionSize"), gauge(keyspace, table, "MeanPartitionSize")));
		}
		catch (InstanceNotFoundException ex) {
			return Optional.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read the metrics of " + keyspace + "." + table, ex);
		}
		catch (JMException ex) {
			throw new IllegalStateException("Could not read the metrics of " + keyspace + "." + table, ex);
		}
	}

	private long gauge(String keyspace, String table, String name) throws JMException, IOException {
		ObjectName metric = new ObjectName(
				"org.apache.cassandra.metrics:type=Table,keyspace=" + keyspace + ",scope=" + table + ",name=" + name);
		return ((Number) this.connection.getAttribute(metric, "Value")).longValue();
	}

	@Override
	public void close() {
		try {
			this.connector.close();
		}
		catch (IOException ex) {
			// The node may already be gone; nothing is left open on this side.
		}
	}

}
