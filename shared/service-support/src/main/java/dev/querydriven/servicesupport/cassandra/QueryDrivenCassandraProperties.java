package dev.querydriven.servicesupport.cassandra;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of a service's Cassandra keyspace and role ({@code querydriven.cassandra.*}).
 * The keyspace itself is Spring Boot's {@code spring.cassandra.keyspace-name}; the dev
 * run's embedded node has its own settings on the test class path
 * ({@code querydriven.cassandra.embedded.*}).
 *
 * A service never holds a superuser login: its keyspace and roles are created beforehand
 * by the admin step ({@link KeyspaceProvisioner}), which the dev node, the tests and
 * Compose's {@code provision} container run.
 *
 * @param role the service's runtime role; defaults to the keyspace name
 * @param replication how the keyspace is replicated when the admin step creates it
 * @param migrator the login the schema migrations run as
 * @param migrations the versioned CQL files applied at startup
 */
@ConfigurationProperties("querydriven.cassandra")
public record QueryDrivenCassandraProperties(String role, @DefaultValue Replication replication, Migrator migrator,
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
	 * The migrator login ({@code <keyspace>_migrator}): allowed to create, alter and drop
	 * the keyspace's tables, used only to apply the migrations at startup, in a session
	 * closed before the service serves anything. Without it the migrations run as the
	 * service's own login ({@code spring.cassandra.username}), which then needs the
	 * migrator's permissions too ({@link KeyspaceProvisioner#MIGRATOR_PERMISSIONS}):
	 * simpler, but a service that can drop its own tables.
	 *
	 * @param username the migrator role
	 * @param password its password
	 */
	public record Migrator(String username, String password) {

		/**
		 * Whether a migrator login is configured.
		 * @return {@code true} when a username is set
		 */
		public boolean isConfigured() {
			return this.username != null && !this.username.isBlank();
		}

		@Override
		public String toString() {
			return "Migrator[username=" + this.username + ", password=******]";
		}

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
