package dev.querydriven.servicesupport.cassandra;

import java.util.Set;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
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

	/** What {@code GRANT ALL PERMISSIONS ON KEYSPACE} gives a role on a keyspace. */
	private static final Set<String> KEYSPACE_PERMISSIONS = Set.of("CREATE", "ALTER", "DROP", "SELECT", "MODIFY",
			"AUTHORIZE");

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
	 * @param role the service's role
	 * @param rolePassword the role's password
	 */
	public static void provision(CqlSession admin, String keyspace,
			QueryDrivenCassandraProperties.Replication replication, String localDatacenter, String role,
			String rolePassword) {
		CqlNames.requireIdentifier("keyspace", keyspace);
		CqlNames.requireIdentifier("role", role);
		// DDL and DCL take no bind markers; names are validated above and the password is
		// quoted.
		admin.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = "
				+ replication.toCql(localDatacenter));
		String password = rolePassword.replace("'", "''");
		admin.execute("CREATE ROLE IF NOT EXISTS " + role + " WITH PASSWORD = '" + password
				+ "' AND LOGIN = true AND SUPERUSER = false");
		admin.execute("ALTER ROLE " + role + " WITH PASSWORD = '" + password + "' AND LOGIN = true");
		// Granting what a role already holds makes Cassandra answer with a warning, and a
		// restarted dev node provisions again: grant only when something is missing.
		if (!holdsAllPermissions(admin, keyspace, role)) {
			admin.execute("GRANT ALL PERMISSIONS ON KEYSPACE " + keyspace + " TO " + role);
		}
		logger.info("Provisioned keyspace {} ({}) for role {}", keyspace, replication.toCql(localDatacenter), role);
	}

	private static boolean holdsAllPermissions(CqlSession admin, String keyspace, String role) {
		Row row = admin.execute(SimpleStatement.newInstance(
				"SELECT permissions FROM system_auth.role_permissions WHERE role = ? AND resource = ?", role,
				"data/" + keyspace))
			.one();
		return row != null && row.getSet("permissions", String.class).containsAll(KEYSPACE_PERMISSIONS);
	}

}
