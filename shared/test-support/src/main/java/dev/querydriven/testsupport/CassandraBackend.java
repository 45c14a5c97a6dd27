package dev.querydriven.testsupport;

import java.net.InetSocketAddress;
import java.util.List;

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
	 * What kind of backend this is, for logs.
	 * @return e.g. {@code embedded Cassandra 5.0.6}
	 */
	String description();

	@Override
	void close();

}
