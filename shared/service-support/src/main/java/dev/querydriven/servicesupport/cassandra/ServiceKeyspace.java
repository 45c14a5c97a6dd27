package dev.querydriven.servicesupport.cassandra;

import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;

/**
 * The keyspace a service owns and the role it connects as.
 */
public final class ServiceKeyspace {

	private ServiceKeyspace() {
	}

	/**
	 * The service's keyspace, {@code spring.cassandra.keyspace-name}.
	 * @param cassandra Spring Boot's Cassandra properties
	 * @return the keyspace name
	 */
	public static String keyspace(CassandraProperties cassandra) {
		if (cassandra.getKeyspaceName() == null) {
			throw new IllegalStateException("Set spring.cassandra.keyspace-name: every service owns one keyspace");
		}
		return CqlNames.requireIdentifier("keyspace", cassandra.getKeyspaceName());
	}

	/**
	 * The service's role: {@code querydriven.cassandra.role}, or the keyspace name.
	 * @param properties the service's Cassandra settings
	 * @param keyspace the keyspace name
	 * @return the role name
	 */
	public static String role(QueryDrivenCassandraProperties properties, String keyspace) {
		return CqlNames.requireRole("role", (properties.role() != null) ? properties.role() : keyspace);
	}

}
