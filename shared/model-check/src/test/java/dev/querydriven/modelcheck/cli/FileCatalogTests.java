package dev.querydriven.modelcheck.cli;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.cql.CqlScript;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The queries file becomes a catalogue: a comment names and describes each statement, a
 * {@code USE} selects the keyspace of those after it, and what is not a query is noted
 * and skipped.
 */
class FileCatalogTests {

	/**
	 * "-- Q3: ..." names a query; other statements are numbered around the named ones,
	 * and facts attach by table.
	 */
	@Test
	void commentsNameAndDescribeQueries() {
		List<CqlScript.Statement> statements = CqlScript.split("""
				-- a user by id
				SELECT * FROM users WHERE user_id = ?;
				-- Q1: a user's posts
				SELECT * FROM model.posts WHERE user_id = ? AND month = ?;
				SELECT * FROM posts WHERE user_id = ? AND month = ? LIMIT 5;
				""");
		FactsFile facts = FactsFile.parse("users.partitions = 10\nusers.rows = 1\nusers.row-bytes = 50")
			.resolve(Map.of("model", Set.of("users", "posts")));
		FileCatalog catalog = FileCatalog.of("q.cql", statements, List.of("model"), "model", facts);
		assertThat(catalog.keyspace()).isEqualTo("model");
		assertThat(catalog.infrastructureTables()).isEmpty();
		assertThat(catalog.accessPatterns())
			.extracting(AccessPattern::id, AccessPattern::description, AccessPattern::table)
			.containsExactly(tuple("Q2", "a user by id", "users"), tuple("Q1", "a user's posts", "posts"),
					tuple("Q3", "the statement on line 5", "posts"));
		assertThat(catalog.accessPatterns().get(0).facts().distinctPartitionKeys()).isEqualTo(10);
		assertThat(catalog.accessPatterns().get(1).facts()).isNull();
	}

	/**
	 * A USE is never a query: it selects the keyspace of the statements after it, and
	 * with several keyspaces tables are named keyspace.table.
	 */
	@Test
	void useSelectsTheKeyspaceOfTheStatementsAfterIt() {
		List<CqlScript.Statement> statements = CqlScript.split("""
				USE shop;
				CONSISTENCY LOCAL_QUORUM
				SELECT * FROM orders_by_id WHERE order_id = 5f1c7d3e-0b7a-4f57-9d4c-2f1b4f2c9a10;
				use "Accounts";
				INSERT INTO users (user_id, name) VALUES (42, 'it''s me');
				SELECT * FROM shop.orders_by_user WHERE user_id = 42;
				CREATE TABLE stray (k int PRIMARY KEY);
				""");
		FileCatalog catalog = FileCatalog.of("q.cql", statements, List.of("shop", "Accounts"), null, FactsFile.empty());
		assertThat(catalog.keyspaces()).containsExactly("shop", "Accounts");
		assertThat(catalog.accessPatterns()).extracting(AccessPattern::id, AccessPattern::table)
			.containsExactly(tuple("Q1", "shop.orders_by_id"), tuple("Q2", "Accounts.users"),
					tuple("Q3", "shop.orders_by_user"));
		assertThat(catalog.accessPatterns()).extracting(catalog::keyspaceOf)
			.containsExactly("shop", "Accounts", "Accounts");
		assertThat(catalog.notes()).containsExactly(
				"q.cql line 2: `CONSISTENCY LOCAL_QUORUM` is a cqlsh command, not CQL: skipped.",
				"q.cql line 7: `CREATE TABLE stray (k int PRIMARY KEY)` is not a query: skipped (schema statements "
						+ "go in the schema file).");
	}

	/**
	 * An unqualified statement with several keyspaces and no USE, or a USE of a keyspace
	 * the schema left without tables, is unusable input naming the line.
	 */
	@Test
	void aStatementWithoutKeyspaceIsUnusable() {
		assertThatExceptionOfType(UnusableInputException.class)
			.isThrownBy(() -> FileCatalog.of("q.cql", CqlScript.split("\n\nSELECT * FROM t WHERE k = 1;"),
					List.of("a", "b"), null, FactsFile.empty()))
			.withMessageContaining("q.cql line 3: SELECT * FROM t WHERE k = 1")
			.withMessageContaining("qualify the table or add `USE <keyspace>;`");
		assertThatExceptionOfType(UnusableInputException.class).isThrownBy(
				() -> FileCatalog.of("q.cql", CqlScript.split("USE nothing;"), List.of("a"), "a", FactsFile.empty()))
			.withMessage("q.cql line 1: USE nothing: the schema defines no table in keyspace `nothing`.");
	}

}
