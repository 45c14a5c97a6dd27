package dev.querydriven.modelcheck.cli;

import java.util.List;

import dev.querydriven.modelcheck.cql.CqlScript;
import dev.querydriven.modeling.catalog.AccessPattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The queries file becomes a catalogue: a comment names and describes each statement.
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
		FactsFile facts = FactsFile.parse("users.partitions = 10\nusers.rows = 1\nusers.row-bytes = 50");
		FileCatalog catalog = FileCatalog.of("model", statements, facts);
		assertThat(catalog.keyspace()).isEqualTo("model");
		assertThat(catalog.infrastructureTables()).isEmpty();
		assertThat(catalog.accessPatterns())
			.extracting(AccessPattern::id, AccessPattern::description, AccessPattern::table)
			.containsExactly(tuple("Q2", "a user by id", "users"), tuple("Q1", "a user's posts", "posts"),
					tuple("Q3", "the statement on line 5", "posts"));
		assertThat(catalog.accessPatterns().get(0).facts().distinctPartitionKeys()).isEqualTo(10);
		assertThat(catalog.accessPatterns().get(1).facts()).isNull();
	}

	/** The keyspace is the one the schema creates, or "model". */
	@Test
	void keyspaceComesFromTheSchema() {
		assertThat(ModelCheckCommand.keyspace(CqlScript.split("CREATE TABLE t (k int PRIMARY KEY);")))
			.isEqualTo("model");
		assertThat(ModelCheckCommand.keyspace(CqlScript.split(
				"CREATE KEYSPACE IF NOT EXISTS \"Shop\" WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};")))
			.isEqualTo("Shop");
	}

}
