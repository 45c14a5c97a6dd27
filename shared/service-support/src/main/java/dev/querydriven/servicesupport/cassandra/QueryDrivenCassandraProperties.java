package dev.querydriven.servicesupport.cassandra;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of a service's Cassandra keyspace, role and embedded node
 * ({@code querydriven.cassandra.*}). The keyspace itself is Spring Boot's
 * {@code spring.cassandra.keyspace-name}.
 *
 * @param role the service's non-superuser role; defaults to the keyspace name
 * @param replication how the keyspace is replicated when this service creates it
 * @param admin a superuser login for creating the keyspace and role on an existing
 * cluster; without it the keyspace and role must exist already
 * @param embedded the embedded node started when no contact points are configured
 * @param migrations the versioned CQL files applied at startup
 */
@ConfigurationProperties("querydriven.cassandra")
public record QueryDrivenCassandraProperties(String role, @DefaultValue Replication replication, Admin admin,
		@DefaultValue Embedded embedded, @DefaultValue Migrations migrations) {

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
	 * The embedded node of dev runs.
	 *
	 * @param enabled whether to start one when {@code spring.cassandra.contact-points} is
	 * not set
	 * @param directory where it keeps data between runs (default: the user cache
	 * directory)
	 * @param preferredPort the CQL port when free, so that cqlsh connects without options
	 * @param heap the node's heap size
	 */
	public record Embedded(@DefaultValue("true") boolean enabled, Path directory,
			@DefaultValue("9042") int preferredPort, @DefaultValue("1g") String heap) {

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
