package dev.querydriven.modeling.dualwrite;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statement text is read by a tokenizer, so literals, quoted names and comments never
 * pass for keywords.
 */
class CqlWriteShapeTests {

	/** Conditions are found in any case and layout, for every kind of LWT. */
	@Test
	void findsLightweightTransactions() {
		assertThat(CqlWriteShape.of("INSERT INTO t (id) VALUES (?) IF NOT EXISTS").conditional()).isTrue();
		assertThat(CqlWriteShape.of("delete from t where id = ? if exists").conditional()).isTrue();
		assertThat(CqlWriteShape.of("UPDATE t SET a = ?\n WHERE id = ?\n\tIf\tb = ? AND c != ?").conditional())
			.isTrue();
		assertThat(CqlWriteShape.of("UPDATE t SET a = ? WHERE id = ? IF \"B\" IN (?, ?)").conditional()).isTrue();
	}

	/**
	 * "IF" inside a string, a dollar-quoted string, a quoted name or a comment is not a
	 * condition.
	 */
	@Test
	void ignoresIfOutsideTheStatementSyntax() {
		assertThat(CqlWriteShape.of("INSERT INTO t (id, a) VALUES (?, 'what IF a = 1')").conditional()).isFalse();
		assertThat(CqlWriteShape.of("INSERT INTO t (id, a) VALUES (?, $$IF EXISTS$$)").conditional()).isFalse();
		assertThat(CqlWriteShape.of("UPDATE t SET \"if\" = ? WHERE id = ?").conditional()).isFalse();
		assertThat(CqlWriteShape.of("UPDATE t SET a = ? WHERE id = ? -- IF EXISTS").conditional()).isFalse();
		assertThat(CqlWriteShape.of("UPDATE t /* IF EXISTS */ SET a = ? WHERE id = ?").conditional()).isFalse();
		assertThat(CqlWriteShape.of("INSERT INTO t (id, a) VALUES (?, 'it''s IF x = 1')").conditional()).isFalse();
	}

	/**
	 * USING TIMESTAMP is found in the USING clause only, not in a column named timestamp.
	 */
	@Test
	void findsUsingTimestampOnlyInTheUsingClause() {
		assertThat(CqlWriteShape.of("INSERT INTO t (id) VALUES (?) USING TIMESTAMP ?").usingTimestamp()).isTrue();
		assertThat(CqlWriteShape.of("UPDATE t USING TTL 60 AND TIMESTAMP 123 SET a = ? WHERE id = ?").usingTimestamp())
			.isTrue();
		assertThat(CqlWriteShape.of("UPDATE t USING TTL 60 SET timestamp = ? WHERE id = ?").usingTimestamp()).isFalse();
		assertThat(CqlWriteShape.of("INSERT INTO t (id, timestamp) VALUES (?, ?)").usingTimestamp()).isFalse();
	}

	/** The written table is read from each statement kind, keyspace-qualified or not. */
	@Test
	void readsTheWrittenTable() {
		CqlWriteShape insert = CqlWriteShape.of("INSERT INTO Blog.\"PostsById\" (id) VALUES (?)");
		assertThat(insert.kind()).isEqualTo(CqlWriteShape.Kind.INSERT);
		assertThat(insert.keyspace()).contains("blog");
		assertThat(insert.table()).contains("PostsById");
		assertThat(CqlWriteShape.of("update posts set a = ? where id = ?").table()).contains("posts");
		assertThat(CqlWriteShape.of("DELETE tags['x'] FROM posts WHERE id = ?").table()).contains("posts");
		assertThat(CqlWriteShape.of("DELETE FROM posts WHERE id = ?").keyspace()).isEqualTo(Optional.empty());
		assertThat(CqlWriteShape.of("SELECT * FROM posts").kind()).isEqualTo(CqlWriteShape.Kind.OTHER);
		assertThat(CqlWriteShape.of("BEGIN BATCH INSERT INTO t (id) VALUES (1); APPLY BATCH").kind())
			.isEqualTo(CqlWriteShape.Kind.BATCH);
	}

	/**
	 * Columns updated relative to themselves are found (counter, list or set: the schema
	 * tells them apart); plain assignments and element assignments are not.
	 */
	@Test
	void findsSelfReferencingAssignments() {
		assertThat(CqlWriteShape.of("UPDATE t SET views = views + 1, likes = likes - ? WHERE id = ?").selfReferences())
			.containsExactly("views", "likes");
		assertThat(CqlWriteShape.of("UPDATE t SET titles = ? + titles WHERE id = ?").selfReferences())
			.containsExactly("titles");
		assertThat(CqlWriteShape.of("UPDATE t SET tags = tags + {'a', 'b'}, m['k'] = ? WHERE id = ?").selfReferences())
			.containsExactly("tags");
		assertThat(CqlWriteShape.of("UPDATE t SET a = b + 1, c = ? WHERE id = ?").selfReferences()).isEmpty();
		assertThat(CqlWriteShape.of("INSERT INTO t (id, views) VALUES (?, ?)").selfReferences()).isEmpty();
	}

	/** Tokens are words, literals, bind markers and symbols. */
	@Test
	void tokenizes() {
		assertThat(CqlWriteShape.tokenize("UPDATE t SET a = :a WHERE id = 5b6962dd-3f90-4c93-8f61-eabfa4a803e2")
			.stream()
			.map(CqlWriteShape.Token::text)
			.toList())
			.isEqualTo(List.of("update", "t", "set", "a", "=", ":a", "where", "id", "=",
					"5b6962dd-3f90-4c93-8f61-eabfa4a803e2"));
	}

	/** A statement's text is read once: the shape of the same text is the same object. */
	@Test
	void readsEachStatementTextOnce() {
		String cql = "UPDATE counts SET hits = hits + 1 WHERE id = ?";

		assertThat(CqlWriteShape.of(cql)).isSameAs(CqlWriteShape.of(cql));
	}

}
