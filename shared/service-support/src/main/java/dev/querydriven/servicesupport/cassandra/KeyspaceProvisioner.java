package dev.querydriven.servicesupport.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.Credentials;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin step, run as a superuser: creates a service's keyspace and a non-superuser
 * role that may do anything inside that keyspace and nothing elsewhere. The service then
 * connects as that role, so Cassandra's guardrails (which never bind superusers) enforce
 * the modeling rules on it. Every statement is idempotent: provisioning again changes
 * nothing but the role's password.
 */
public final class KeyspaceProvisioner {

	private static final Logger logger = LoggerFactory.getLogger(KeyspaceProvisioner.class);

	private KeyspaceProvisioner() {
	}

	/**
	 * Creates the keyspace and the role if missing, sets the role's password and grants
	 * it the keyspace.
	 * @param admin a session logged in as a superuser
	 * @param keyspace the keyspace name
	 * @param replication its replication when created
	 * @param localDatacenter the datacenter for {@code NetworkTopologyStrategy}
	 * @param role the service's login
	 */
	public static void provision(CqlSession admin, String keyspace,
			QueryDrivenCassandraProperties.Replication replication, String localDatacenter, Credentials role) {
		CqlNames.requireIdentifier("keyspace", keyspace);
		CqlNames.requireIdentifier("role", role.username());
		// DDL and DCL take no bind markers; names are validated above and the password is
		// quoted.
		admin.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = "
				+ replication.toCql(localDatacenter));
		String password = role.password().replace("'", "''");
		admin.execute("CREATE ROLE IF NOT EXISTS " + role.username() + " WITH PASSWORD = '" + password
				+ "' AND LOGIN = true AND SUPERUSER = false");
		admin.execute("ALTER ROLE " + role.username() + " WITH PASSWORD = '" + password + "' AND LOGIN = true");
		admin.execute("GRANT ALL PERMISSIONS ON KEYSPACE " + keyspace + " TO " + role.username());
		logger.info("Provisioned keyspace {} ({}) for role {}", keyspace, replication.toCql(localDatacenter),
				role.username());
	}

}
