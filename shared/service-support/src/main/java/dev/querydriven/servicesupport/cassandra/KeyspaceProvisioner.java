package dev.querydriven.servicesupport.cassandra;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin step, run as a superuser (the dev node, the tests, Compose's
 * {@code provision} container; never a service): creates a service's keyspace and three
 * non-superuser roles, each allowed only what its job needs on that keyspace and nothing
 * elsewhere.
 * <ul>
 * <li>The runtime role (the service's {@code spring.cassandra.username}):
 * {@link #RUNTIME_PERMISSIONS}. It reads and writes rows, and sees masked columns in the
 * clear (UNMASK) because the service answers its own users with their email and address;
 * it cannot change the schema or hand its keyspace to anyone.</li>
 * <li>The migrator, {@code <keyspace>_migrator} ({@link #migratorRole(String)}):
 * {@link #MIGRATOR_PERMISSIONS}, used only by {@link CassandraSchemaMigrations} at
 * startup, in a session closed once the schema is up to date.</li>
 * <li>The support role, {@code <keyspace>_support} ({@link #supportRole(String)}): a
 * group role that cannot log in, holding {@link #SUPPORT_PERMISSIONS}. People are granted
 * it ({@code GRANT social_feed_support TO alice}) and read rows with personal columns
 * masked.</li>
 * </ul>
 * No role gets {@code ALL PERMISSIONS} or AUTHORIZE. Provisioning reads what each role
 * holds ({@code system_auth.role_permissions}) and grants or revokes only the difference:
 * an install provisioned by an older version, which granted ALL, loses the extra, and
 * provisioning again changes nothing but the passwords and raises no warning (Cassandra
 * warns about a GRANT of what a role holds and a REVOKE of what it lacks).
 */
public final class KeyspaceProvisioner {

	/** The runtime role's permissions on its keyspace. */
	public static final Set<String> RUNTIME_PERMISSIONS = Set.of("SELECT", "MODIFY", "UNMASK");

	/** The migrator's permissions on its keyspace. */
	public static final Set<String> MIGRATOR_PERMISSIONS = Set.of("CREATE", "ALTER", "DROP", "SELECT", "MODIFY");

	/** The support role's permissions on its keyspace: reading, with masked columns. */
	public static final Set<String> SUPPORT_PERMISSIONS = Set.of("SELECT");

	/**
	 * Every permission Cassandra applies to a table. The role that creates a table is
	 * granted all of them on it, AUTHORIZE included, whatever it holds on the keyspace.
	 */
	static final Set<String> TABLE_PERMISSIONS = Set.of("ALTER", "DROP", "SELECT", "MODIFY", "AUTHORIZE", "UNMASK",
			"SELECT_MASKED");

	private static final Logger logger = LoggerFactory.getLogger(KeyspaceProvisioner.class);

	private KeyspaceProvisioner() {
	}

	/**
	 * The migrator role of a keyspace.
	 * @param keyspace the keyspace name
	 * @return {@code <keyspace>_migrator}
	 */
	public static String migratorRole(String keyspace) {
		return CqlNames.requireIdentifier("keyspace", keyspace) + "_migrator";
	}

	/**
	 * The read-only support role of a keyspace, which people are granted.
	 * @param keyspace the keyspace name
	 * @return {@code <keyspace>_support}
	 */
	public static String supportRole(String keyspace) {
		return CqlNames.requireIdentifier("keyspace", keyspace) + "_support";
	}

	/**
	 * Creates the keyspace and the three roles if missing, sets the two logins'
	 * passwords, and sets each role's permissions on the keyspace to exactly what it
	 * needs.
	 * @param admin a session logged in as a superuser
	 * @param keyspace the keyspace name
	 * @param replication its replication when created
	 * @param localDatacenter the datacenter for {@code NetworkTopologyStrategy}
	 * @param runtime the service's runtime login
	 * @param migrator the login that applies the schema migrations, usually named
	 * {@link #migratorRole(String)}
	 */
	public static void provision(CqlSession admin, String keyspace,
			QueryDrivenCassandraProperties.Replication replication, String localDatacenter, RoleLogin runtime,
			RoleLogin migrator) {
		CqlNames.requireIdentifier("keyspace", keyspace);
		CqlNames.requireRole("runtime role", runtime.role());
		CqlNames.requireRole("migrator role", migrator.role());
		String support = supportRole(keyspace);
		if (runtime.role().equals(migrator.role()) || runtime.role().equals(support)
				|| migrator.role().equals(support)) {
			throw new IllegalArgumentException("The runtime role (" + runtime.role() + "), the migrator ("
					+ migrator.role() + ") and the support role (" + support + ") must be three different roles");
		}
		// DDL and DCL take no bind markers; names are validated above and passwords are
		// quoted.
		admin.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = "
				+ replication.toCql(localDatacenter));
		login(admin, runtime);
		login(admin, migrator);
		group(admin, support);
		permissions(admin, keyspace, runtime.role(), RUNTIME_PERMISSIONS);
		permissions(admin, keyspace, migrator.role(), MIGRATOR_PERMISSIONS);
		permissions(admin, keyspace, support, SUPPORT_PERMISSIONS);
		logger.info("Provisioned keyspace {} ({}): runtime role {} {}, migrator {} {}, support role {} {}", keyspace,
				replication.toCql(localDatacenter), runtime.role(), new TreeSet<>(RUNTIME_PERMISSIONS), migrator.role(),
				new TreeSet<>(MIGRATOR_PERMISSIONS), support, new TreeSet<>(SUPPORT_PERMISSIONS));
	}

	/**
	 * A role that logs in with a password and is no superuser. An existing role gets the
	 * given password: a login rotated in the configuration holds at the next
	 * provisioning.
	 */
	private static void login(CqlSession admin, RoleLogin login) {
		String password = login.password().replace("'", "''");
		if (existingRole(admin, login.role()) == null) {
			admin.execute("CREATE ROLE IF NOT EXISTS " + login.role() + " WITH PASSWORD = '" + password
					+ "' AND LOGIN = true AND SUPERUSER = false");
		}
		else {
			admin.execute("ALTER ROLE " + login.role() + " WITH PASSWORD = '" + password
					+ "' AND LOGIN = true AND SUPERUSER = false");
		}
	}

	/** A role that cannot log in: people are granted it and log in as themselves. */
	private static void group(CqlSession admin, String role) {
		Row existing = existingRole(admin, role);
		if (existing == null) {
			admin.execute("CREATE ROLE IF NOT EXISTS " + role + " WITH LOGIN = false AND SUPERUSER = false");
		}
		else if (existing.getBoolean("can_login") || existing.getBoolean("is_superuser")) {
			admin.execute("ALTER ROLE " + role + " WITH LOGIN = false AND SUPERUSER = false");
		}
	}

	private static Row existingRole(CqlSession admin, String role) {
		return admin
			.execute(SimpleStatement.newInstance("SELECT can_login, is_superuser FROM system_auth.roles WHERE role = ?",
					role))
			.one();
	}

	/**
	 * Sets a role's permissions on the keyspace to {@code wanted}, and removes whatever
	 * it holds on single tables of the keyspace: the keyspace's grant covers every table,
	 * and a table-level grant can only be more (the ALL its creator received).
	 */
	private static void permissions(CqlSession admin, String keyspace, String role, Set<String> wanted) {
		Map<String, Set<String>> held = heldPermissions(admin, role);
		Set<String> onKeyspace = held.getOrDefault("data/" + keyspace, Set.of());
		for (String permission : new TreeSet<>(wanted)) {
			if (!onKeyspace.contains(permission)) {
				admin.execute("GRANT " + permission + " ON KEYSPACE " + keyspace + " TO " + role);
			}
		}
		Set<String> extra = new TreeSet<>(onKeyspace);
		extra.removeAll(wanted);
		for (String permission : extra) {
			admin.execute("REVOKE " + permission + " ON KEYSPACE " + keyspace + " FROM " + role);
		}
		if (!extra.isEmpty()) {
			logger.info("Revoked {} on keyspace {} from role {}: more than it needs", extra, keyspace, role);
		}
		String tablePrefix = "data/" + keyspace + "/";
		held.forEach((resource, permissions) -> {
			if (resource.startsWith(tablePrefix)) {
				revokeOnTable(admin, keyspace, resource.substring(tablePrefix.length()), role, permissions);
			}
		});
	}

	/**
	 * What a role holds, by resource ({@code data/ks} for a keyspace, {@code data/ks/t}
	 * for one of its tables, ...), read as the superuser.
	 */
	private static Map<String, Set<String>> heldPermissions(CqlSession admin, String role) {
		Map<String, Set<String>> held = new LinkedHashMap<>();
		for (Row row : admin.execute(SimpleStatement
			.newInstance("SELECT resource, permissions FROM system_auth.role_permissions WHERE role = ?", role))) {
			held.put(row.getString("resource"), row.getSet("permissions", String.class));
		}
		return held;
	}

	/**
	 * Revokes what a role holds on one table of the keyspace, in one statement when it
	 * holds everything (a table's creator does), else permission by permission: a REVOKE
	 * of something not held raises a warning.
	 * @param session a session allowed to revoke: the superuser, or the role itself when
	 * it created the table
	 */
	static void revokeOnTable(CqlSession session, String keyspace, String table, String role, Set<String> held) {
		// The table's name comes from the database, not from configuration: quoted.
		String target = keyspace + ".\"" + table.replace("\"", "\"\"") + "\"";
		if (held.containsAll(TABLE_PERMISSIONS)) {
			session.execute("REVOKE ALL PERMISSIONS ON TABLE " + target + " FROM " + role);
		}
		else {
			for (String permission : new TreeSet<>(held)) {
				session.execute("REVOKE " + permission + " ON TABLE " + target + " FROM " + role);
			}
		}
		logger.debug("Revoked {} on table {} from role {}: the keyspace's grant is all it needs", held, target, role);
	}

}
