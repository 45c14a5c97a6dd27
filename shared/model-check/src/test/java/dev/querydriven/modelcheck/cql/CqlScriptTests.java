package dev.querydriven.modelcheck.cql;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Scripts split into statements at the semicolons that end them, each with the comment
 * written above it.
 */
class CqlScriptTests {

	/** Semicolons in strings, comments and batches do not end a statement. */
	@Test
	void splitsOnlyAtTerminatingSemicolons() {
		List<CqlScript.Statement> statements = CqlScript.split("""
				CREATE TABLE t (k text PRIMARY KEY) WITH comment = 'Q1; the key';
				/* a block; comment */
				BEGIN BATCH
				  INSERT INTO t (k) VALUES ('a;b');
				  INSERT INTO t (k) VALUES ($$c;d$$);
				APPLY BATCH;
				SELECT * FROM t WHERE k = ?""");
		assertThat(statements).extracting(CqlScript.Statement::cql)
			.containsExactly("CREATE TABLE t (k text PRIMARY KEY) WITH comment = 'Q1; the key'",
					"BEGIN BATCH\n  INSERT INTO t (k) VALUES ('a;b');\n  INSERT INTO t (k) VALUES ($$c;d$$);\nAPPLY BATCH",
					"SELECT * FROM t WHERE k = ?");
		assertThat(statements).extracting(CqlScript.Statement::line).containsExactly(1, 3, 7);
	}

	/**
	 * The comment lines right above a statement describe it; a blank line detaches them.
	 */
	@Test
	void commentsAboveAStatementDescribeIt() {
		List<CqlScript.Statement> statements = CqlScript.split("""
				-- file header, not about any query

				-- Q1: a user's profile
				SELECT * FROM users_by_id WHERE user_id = ?;
				// Q2: a user's posts, newest first
				SELECT * FROM posts_by_user WHERE user_id = ? AND month = ?;
				SELECT * FROM t WHERE k = ?; -- trailing comment, about nothing
				""");
		assertThat(statements).extracting(CqlScript.Statement::comment)
			.containsExactly("Q1: a user's profile", "Q2: a user's posts, newest first", "");
	}

	/** An empty script or a script of comments has no statements. */
	@Test
	void commentsAloneAreNoStatements() {
		assertThat(CqlScript.split("-- nothing here\n  ;  \n")).isEmpty();
	}

	/**
	 * What cqlsh reads, the splitter reads: string literals with doubled quotes,
	 * {@code $$} bodies, quoted names and the three comment styles, each holding
	 * semicolons.
	 */
	@Test
	void semicolonsInLiteralsNamesBodiesAndCommentsDoNotSplit() {
		List<CqlScript.Statement> statements = CqlScript.split("""
				INSERT INTO "odd;table" (k, v) VALUES ('it''s; fine', 'x'); // one; comment
				CREATE FUNCTION f (x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java
				  AS $$ int y = x; return y; $$;
				/* a block; comment
				   over two lines; */ -- and a dash; comment
				SELECT * FROM t WHERE k = 1""");
		assertThat(statements).extracting(CqlScript.Statement::cql)
			.containsExactly("INSERT INTO \"odd;table\" (k, v) VALUES ('it''s; fine', 'x')",
					"CREATE FUNCTION f (x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java\n"
							+ "  AS $$ int y = x; return y; $$",
					"SELECT * FROM t WHERE k = 1");
		assertThat(statements).extracting(CqlScript.Statement::comment)
			.containsExactly("", "", "a block; comment\n   over two lines; and a dash; comment");
	}

	/**
	 * cqlsh's own commands are recognised in any case at the start of a statement, and
	 * end with their line, with or without a semicolon.
	 */
	@Test
	void shellCommandsEndWithTheirLine() {
		List<CqlScript.Statement> statements = CqlScript.split("""
				consistency QUORUM
				SERIAL CONSISTENCY LOCAL_SERIAL;
				Tracing on
				-- Q1: a user
				SELECT * FROM users WHERE user_id = ?;
				PAGING OFF
				EXPAND ON;
				SOURCE 'more.cql'
				CAPTURE '/tmp/out.txt'
				DESCRIBE KEYSPACE shop
				USE shop;
				""");
		assertThat(statements).extracting(CqlScript.Statement::cql, CqlScript.Statement::shell)
			.containsExactly(tuple("consistency QUORUM", true), tuple("SERIAL CONSISTENCY LOCAL_SERIAL", true),
					tuple("Tracing on", true), tuple("SELECT * FROM users WHERE user_id = ?", false),
					tuple("PAGING OFF", true), tuple("EXPAND ON", true), tuple("SOURCE 'more.cql'", true),
					tuple("CAPTURE '/tmp/out.txt'", true), tuple("DESCRIBE KEYSPACE shop", true),
					tuple("USE shop", false));
		assertThat(statements.get(3).comment()).isEqualTo("Q1: a user");
		assertThat(statements.get(3).line()).isEqualTo(5);
	}

}
