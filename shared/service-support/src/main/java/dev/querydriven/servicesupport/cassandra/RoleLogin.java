package dev.querydriven.servicesupport.cassandra;

import java.util.Objects;

/**
 * A Cassandra login role and its password, as {@link KeyspaceProvisioner} creates it: the
 * service's runtime role or its migrator. The password never appears in
 * {@link #toString()}, so a login logged by mistake gives nothing away.
 *
 * @param role the role's name (lower-case letters, digits and underscores)
 * @param password its password
 */
public record RoleLogin(String role, String password) {

	public RoleLogin {
		Objects.requireNonNull(role, "role");
		Objects.requireNonNull(password, "password");
	}

	@Override
	public String toString() {
		return "RoleLogin[role=" + this.role + ", password=******]";
	}

}
