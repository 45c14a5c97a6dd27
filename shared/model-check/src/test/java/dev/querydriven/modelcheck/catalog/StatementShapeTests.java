package dev.querydriven.modelcheck.catalog;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statements compare by shape: what they restrict, condition and write, not how a library
 * spells them.
 */
class StatementShapeTests {

	/** Spring Data's rendering of a catalogued query has the catalogued query's shape. */
	@Test
	void springDataRenderingMatchesTheCataloguedQuery() {
		StatementShape catalogued = StatementShape
			.of("SELECT user_id, order_time, order_id, status FROM orders_by_user WHERE user_id = ? LIMIT ?");
		assertThat(catalogued.covers(StatementShape.of("SELECT * FROM orders_by_user WHERE user_id=? LIMIT ?")))
			.isTrue();
		assertThat(catalogued.covers(StatementShape.of("SELECT * FROM ks.orders_by_user WHERE user_id=?"))).isFalse();
	}

	/**
	 * A tuple continuation is another restriction: another shape, its own catalogue
	 * entry.
	 */
	@Test
	void tupleContinuationIsAnotherShape() {
		StatementShape firstPage = StatementShape.of("SELECT * FROM posts WHERE user_id = ? LIMIT ?");
		StatementShape nextPage = StatementShape
			.of("SELECT * FROM posts WHERE user_id = ? AND (post_time, post_id) < (?, ?) LIMIT ?");
		assertThat(nextPage.restrictions()).containsExactlyInAnyOrder("user_id =", "(post_time, post_id) <");
		assertThat(firstPage.covers(nextPage)).isFalse();
		assertThat(nextPage
			.covers(StatementShape.of("select * from posts where (post_time,post_id)<(?,?) and user_id=? limit 10")))
			.isTrue();
	}

	/**
	 * Lightweight transactions compare by their condition; literals and bind markers are
	 * values alike.
	 */
	@Test
	void conditionsAreComparedByColumnAndOperator() {
		StatementShape catalogued = StatementShape.of("UPDATE orders_by_id SET shipping_address = ?, version = ? "
				+ "WHERE order_id = ? IF status IN ('PENDING', 'PAID') AND version = ?");
		assertThat(catalogued.condition()).containsExactlyInAnyOrder("status IN", "version =");
		assertThat(catalogued.covers(StatementShape
			.of("UPDATE orders_by_id SET shipping_address=?,version=? WHERE order_id=? IF status IN (?,?) AND version=?")))
			.isTrue();
		assertThat(catalogued.covers(StatementShape
			.of("UPDATE orders_by_id SET shipping_address=?,version=? WHERE order_id=? IF status=? AND version=?")))
			.isFalse();
		assertThat(StatementShape.of("INSERT INTO t (a, b) VALUES (?, ?) IF NOT EXISTS").condition())
			.containsExactly("NOT EXISTS");
	}

	/**
	 * An insert may write fewer columns than catalogued (Spring Data leaves out nulls),
	 * never others; a delete removes exactly what is catalogued.
	 */
	@Test
	void writesCompareByTheirColumns() {
		StatementShape insert = StatementShape.of("INSERT INTO t (a, b, c) VALUES (?, ?, ?) USING TTL ?");
		assertThat(insert.ttl()).isTrue();
		assertThat(insert.covers(StatementShape.of("INSERT INTO t (a,b) VALUES (?,?) USING TTL ?"))).isTrue();
		assertThat(insert.covers(StatementShape.of("INSERT INTO t (a,d) VALUES (?,?) USING TTL ?"))).isFalse();
		assertThat(insert.covers(StatementShape.of("INSERT INTO t (a,b) VALUES (?,?)"))).isFalse();
		StatementShape delete = StatementShape.of("DELETE FROM t WHERE a = ? AND b = ?");
		assertThat(delete.columns()).isEmpty();
		assertThat(delete.covers(StatementShape.of("DELETE c FROM t WHERE a = ? AND b = ?"))).isFalse();
	}

	/**
	 * The coverage names what ran uncatalogued and what was catalogued but never ran,
	 * leaving out the statements on infrastructure tables.
	 */
	@Test
	void coverageNamesBothDifferences() {
		QueryCatalog catalog = new QueryCatalog() {

			@Override
			public String keyspace() {
				return "ks";
			}

			@Override
			public List<AccessPattern> accessPatterns() {
				return List.of(new AccessPattern("Q1", "a user's posts", "posts",
						"SELECT post_id FROM posts WHERE user_id = ? LIMIT ?", "", null)
					.withVariants("SELECT post_id FROM posts WHERE user_id = ? AND post_id < ? LIMIT ?"));
			}

			@Override
			public List<WritePattern> writePatterns() {
				return List.of(new WritePattern("W1", "a post", "posts",
						"INSERT INTO posts (user_id, post_id) " + "VALUES (?, ?)"));
			}

		};
		CatalogCoverage coverage = CatalogCoverage.of(catalog,
				List.of("SELECT * FROM posts WHERE user_id=? LIMIT ?",
						"INSERT INTO posts (user_id,post_id) VALUES (?,?)", "SELECT * FROM posts WHERE post_id=?",
						"SELECT version FROM schema_migration WHERE version = ?"));
		assertThat(coverage.complete()).isFalse();
		assertThat(coverage.uncatalogued()).singleElement()
			.asString()
			.startsWith("SELECT * FROM posts WHERE post_id=?");
		assertThat(coverage.neverExecuted()).extracting(CatalogCoverage.Entry::id).containsExactly("Q1");
		assertThat(coverage.describe()).contains("catalogued nowhere").contains("never executed");
	}

}
