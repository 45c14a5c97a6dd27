package dev.querydriven.modeling.catalog;

import java.util.List;

/**
 * A service's declared access patterns: every query it runs, the tables serving them, the
 * tables that serve no query on purpose (schema versions, migration state), and reviewed
 * exemptions.
 */
public interface QueryCatalog {

	/**
	 * The keyspace the tables live in.
	 * @return the keyspace name
	 */
	String keyspace();

	/**
	 * Every query the service runs.
	 * @return the access patterns, by id
	 */
	List<AccessPattern> accessPatterns();

	/**
	 * Tables that serve no application query by design, with the reason (e.g.
	 * {@code schema_migration}: applied schema versions).
	 * @return table name to reason
	 */
	default java.util.Map<String, String> infrastructureTables() {
		return java.util.Map.of("schema_migration", "applied schema versions (cassandra-migration)",
				"schema_migration_leader", "the migration lock (cassandra-migration)");
	}

	/**
	 * Reviewed exemptions from model-check rules.
	 * @return the exemptions
	 */
	default List<CatalogExemption> exemptions() {
		return List.of();
	}

}
