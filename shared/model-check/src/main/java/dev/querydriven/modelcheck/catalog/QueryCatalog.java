package dev.querydriven.modelcheck.catalog;

import java.util.List;

/**
 * A service's declared access patterns: every query it runs, every write, the tables
 * serving them, the consistency levels each runs at ({@link Consistency}), the tables
 * that serve no query on purpose (schema versions, migration state), and reviewed
 * exemptions. It is the one place each statement's CQL is written: the README's
 * access-pattern table is generated from it, the model check judges it, and each
 * service's tests check that the application runs exactly these statements
 * ({@link CatalogCoverage}), each at one of its declared levels
 * ({@link CatalogConsistency}). It also declares each HTTP route's partition budget
 * ({@link RouteBudget}).
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
	 * Every statement the service writes with.
	 * @return the writes, by id
	 */
	default List<WritePattern> writePatterns() {
		return List.of();
	}

	/**
	 * Every HTTP route of the service with its partition budget: how many partitions one
	 * request may read, and how many the code lets it read at worst. The model check
	 * compares the two; each service's tests drive every route to its worst case and
	 * count what it really read.
	 * @return the routes, in the order the README lists them
	 */
	default List<RouteBudget> routeBudgets() {
		return List.of();
	}

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
