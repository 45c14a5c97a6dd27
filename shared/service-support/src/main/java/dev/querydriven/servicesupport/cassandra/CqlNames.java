package dev.querydriven.servicesupport.cassandra;

import java.util.regex.Pattern;

/**
 * Keyspace, role and datacenter names come from configuration and end up in DDL, which
 * takes no bind markers: they are checked against a strict pattern first.
 */
final class CqlNames {

	private static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-z0-9_]{0,47}");

	/**
	 * Role names have no length limit of their own, unlike keyspaces (48 characters):
	 * room for a keyspace's name and a suffix such as {@code _migrator}.
	 */
	private static final Pattern ROLE = Pattern.compile("[a-z][a-z0-9_]{0,63}");

	private static final Pattern DATACENTER = Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");

	private CqlNames() {
	}

	static String requireIdentifier(String kind, String name) {
		if (name == null || !IDENTIFIER.matcher(name).matches()) {
			throw new IllegalArgumentException("The " + kind + " name '" + name
					+ "' must be lower-case letters, digits and underscores, starting with a letter");
		}
		return name;
	}

	static String requireRole(String kind, String name) {
		if (name == null || !ROLE.matcher(name).matches()) {
			throw new IllegalArgumentException("The " + kind + " name '" + name
					+ "' must be lower-case letters, digits and underscores, starting with a letter");
		}
		return name;
	}

	static String requireDatacenter(String name) {
		if (name == null || !DATACENTER.matcher(name).matches()) {
			throw new IllegalArgumentException("Not a datacenter name: '" + name + "'");
		}
		return name;
	}

}
