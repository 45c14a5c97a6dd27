package dev.querydriven.servicesupport.cassandra;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of a service's Cassandra keyspace and role ({@code querydriven.cassandra.*}).
 * The keyspace itself is Spring Boot's {@code spring.cassandra.keyspace-name}; the dev
 * run's embedded node has its own settings on the test class path
 * ({@code querydriven.cassandra.embedded.*}).
 *
 * @param role the service's non-superuser role; defaults to the keyspace name
 * @param replication how the keyspace is replicated when this service creates it
 * @param admin a superuser login for creating the keyspace and role on an existing
 * cluster; without it the keyspace and role must exist already
 * @param migrations the versioned CQL files applied at startup
 */
@ConfigurationProperties("querydriven.cassandra")
public record QueryDrivenCassandraProperties(String role, @DefaultValue Replication replication, Admin admin,
		@DefaultValue Migrations migrations) {

	/**
	 * Replication of the keyspace: {@code SimpleStrategy} with factor 1 on one embedded
	 * node, {@code NetworkTopologyStrategy} with factor 3 (in the local datacenter) on a
	 * real cluster.
	 *
	 * @param strategy {@code SimpleStrategy} or {@code NetworkTopologyStrategy}
	 * @param factor the number of replicas
	 */
	public record Replication(@DefaultValue("SimpleStrategy") String strategy, @DefaultValue("1") int factor) {

		/**
		 * The CQL replication map for this setting.
		 * @param localDatacenter the datacenter that gets the replicas under
		 * {@code NetworkTopologyStrategy}
		 * @return e.g. {@code {'class': 'SimpleStrategy', 'replication_factor': 1}}
		 */
		public String toCql(String localDatacenter) {
			if (this.factor < 1) {
				throw new IllegalArgumentException("The replication factor must be at least 1, not " + this.factor);
			}
			return switch (this.strategy) {
				case "SimpleStrategy" -> "{'class': 'SimpleStrategy', 'replication_factor': " + this.factor + "}";
				case "NetworkTopologyStrategy" -> "{'class': 'NetworkTopologyStrategy', '"
						+ CqlNames.requireDatacenter(localDatacenter) + "': " + this.factor + "}";
				default -> throw new IllegalArgumentException("Unknown replication strategy '" + this.strategy
						+ "': use SimpleStrategy or NetworkTopologyStrategy");
			};
		}

	}

	/**
	 * A superuser login used only to create the keyspace and the service's role.
	 *
	 * @param username the superuser
	 * @param password its password
	 */
	public record Admin(String username, String password) {

	}

	/**
	 * The versioned CQL migrations.
	 *
	 * @param enabled whether to apply them at startup
	 * @param location the class-path folder holding {@code NNN_description.cql} files
	 */
	public record Migrations(@DefaultValue("true") boolean enabled, @DefaultValue("cql") String location) {

	}

}
