package dev.querydriven.tablemigration;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MigrationSchemaTests {

	/**
	 * The CQL file a service copies creates exactly the engine's infrastructure tables,
	 * each with a comment saying it serves no query, and each only if it does not exist
	 * (a script interrupted part-way runs again from its start).
	 */
	@Test
	void schemaFileCreatesTheInfrastructureTables() {
		List<String> statements = MigrationSchema.statements();
		assertThat(statements).hasSize(2)
			.allSatisfy((statement) -> assertThat(statement).startsWith("CREATE TABLE IF NOT EXISTS ")
				.contains("comment = 'Infrastructure (no query): ")
				.doesNotContain("--"));
		assertThat(statements)
			.anySatisfy(
					(statement) -> assertThat(statement).startsWith("CREATE TABLE IF NOT EXISTS table_migrations ("))
			.anySatisfy((statement) -> assertThat(statement)
				.startsWith("CREATE TABLE IF NOT EXISTS table_migration_ranges ("));
		assertThat(MigrationSchema.INFRASTRUCTURE_TABLES).containsOnlyKeys("table_migrations",
				"table_migration_ranges");
	}

}
