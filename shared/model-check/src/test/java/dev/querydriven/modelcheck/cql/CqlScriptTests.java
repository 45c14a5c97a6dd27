package dev.querydriven.modelcheck.cql;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
				// Q2: a user's posts,
				// newest first
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

}
