package dev.querydriven.servicesupport.cassandra;

import java.util.Objects;

/**
 * Versioned CQL files a library ships for every service's keyspace (the modeling
 * library's {@code write_intents}), applied at startup beside the service's own: each set
 * is recorded in a {@code schema_migration} table of its own (named with the set's
 * prefix), so that its versions never mix with the service's.
 *
 * @param name what the set creates, for logs
 * @param location the class-path folder holding its {@code NNN_description.cql} files
 * @param tablePrefix the prefix of its own migration tables (e.g. {@code write_intents_})
 */
public record SchemaMigrationSet(String name, String location, String tablePrefix) {

	public SchemaMigrationSet {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(location, "location");
		CqlNames.requireIdentifier("table prefix", tablePrefix + "migration");
	}

}
