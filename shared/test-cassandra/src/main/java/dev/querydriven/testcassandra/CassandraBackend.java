package dev.querydriven.testcassandra;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;

import dev.querydriven.embeddedcassandra.Credentials;

/**
 * A running Cassandra that tests use: where it is and its superuser login.
 */
public interface CassandraBackend extends AutoCloseable {

	/**
	 * Where clients connect.
	 * @return the contact points
	 */
	List<InetSocketAddress> contactPoints();

	/**
	 * The datacenter clients name as local.
	 * @return the datacenter
	 */
	String localDatacenter();

	/**
	 * The superuser, for the admin step only.
	 * @return the credentials
	 */
	Credentials superuser();

	/**
	 * Where the node's JMX answers (no authentication, loopback only), for tools that
	 * flush tables or read the node's own metrics, such as the model check's measured
	 * partition sizes.
	 * @return the local JMX address, or empty when the backend exposes none (a container
	 * keeps its JMX port inside)
	 */
	default Optional<InetSocketAddress> jmxAddress() {
		return Optional.empty();
	}

	/**
	 * What kind of backend this is, for logs.
	 * @return e.g. {@code embedded Cassandra 5.0.6}
	 */
	String description();

	@Override
	void close();

}
