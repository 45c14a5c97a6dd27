package dev.querydriven.modelcheck.cql;

import java.util.List;

import dev.querydriven.modelcheck.cql.CqlStatement.AssignmentKind;
import dev.querydriven.modelcheck.cql.CqlStatement.BatchType;
import dev.querydriven.modelcheck.cql.CqlStatement.Operator;
import dev.querydriven.modelcheck.cql.CqlStatement.Ordering;
import dev.querydriven.modelcheck.cql.CqlStatement.Term;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The parser reads what decides how a statement meets the model: its table, its
 * restrictions, its order, its assignments.
 */
class CqlStatementTests {

	/** A one-partition read: every restriction, its operator and its value kind. */
	@Test
	void selectExposesRestrictionsOrderAndLimit() {
		CqlStatement.Select select = select("SELECT post_id, content FROM social.posts_by_user "
				+ "WHERE user_id = ? AND month = '2026-05' AND (post_time, post_id) < (?, ?) "
				+ "ORDER BY post_time DESC, post_id DESC LIMIT ?;");
		assertThat(select.table()).isEqualTo(new CqlStatement.TableName("social", "posts_by_user"));
		assertThat(select.where()).hasSize(3);
		assertThat(select.where().get(0).selectsByKey("user_id")).isTrue();
		assertThat(select.where().get(0).value().kind()).isEqualTo(Term.Kind.MARKER);
		assertThat(select.where().get(1).value()).isEqualTo(new Term(Term.Kind.CONSTANT, "'2026-05'", -1));
		assertThat(select.where().get(2).columns()).containsExactly("post_time", "post_id");
		assertThat(select.where().get(2).operator()).isEqualTo(Operator.LT);
		assertThat(select.where().get(2).value().elements()).isEqualTo(2);
		assertThat(select.orderBy()).containsExactly(new Ordering("post_time", true), new Ordering("post_id", true));
		assertThat(select.limited()).isTrue();
		assertThat(select.allowFiltering()).isFalse();
	}

	/** IN lists count their partitions; a bound list does not tell. */
	@Test
	void inListsCountTheirElements() {
		assertThat(select("SELECT * FROM t WHERE k IN (1, 2, 3)").where().get(0).value().elements()).isEqualTo(3);
		assertThat(select("SELECT * FROM t WHERE k IN (?, ?)").where().get(0).value().elements()).isEqualTo(2);
		Term bound = select("SELECT * FROM t WHERE k IN ?").where().get(0).value();
		assertThat(bound.kind()).isEqualTo(Term.Kind.MARKER);
		assertThat(bound.elements()).isEqualTo(-1);
	}

	/** Scans show themselves: token ranges, ALLOW FILTERING, CONTAINS. */
	@Test
	void scansAreVisible() {
		CqlStatement.Select scan = select(
				"select * from t where token(a, b) > ? and tags contains 'x' allow filtering");
		assertThat(scan.where().get(0).token()).isTrue();
		assertThat(scan.where().get(0).columns()).containsExactly("a", "b");
		assertThat(scan.where().get(1).operator()).isEqualTo(Operator.CONTAINS);
		assertThat(scan.allowFiltering()).isTrue();
	}

	/** Unquoted names are case-insensitive, quoted ones keep their case. */
	@Test
	void namesFollowCassandrasCaseRules() {
		CqlStatement.Select select = select("SELECT * FROM Users WHERE \"UserId\" = ? AND Email = ?");
		assertThat(select.table().table()).isEqualTo("users");
		assertThat(select.where().get(0).columns()).containsExactly("UserId");
		assertThat(select.where().get(1).columns()).containsExactly("email");
	}

	/** Updates name how each column is assigned, which reveals list operations. */
	@Test
	void updateAssignmentsRevealListOperations() {
		CqlStatement.Update update = (CqlStatement.Update) CqlStatement
			.parse("UPDATE carts USING TTL 86400 SET items[?] = ?, tags = tags - {'a'}, log = log + ['x'], "
					+ "history = ['y'] + history, total = ?, address.city = ? WHERE cart_id = ? IF EXISTS");
		assertThat(update.assignments()).extracting(CqlStatement.Assignment::kind)
			.containsExactly(AssignmentKind.SET_ELEMENT, AssignmentKind.REMOVE, AssignmentKind.ADD,
					AssignmentKind.PREPEND, AssignmentKind.SET, AssignmentKind.SET_FIELD);
		assertThat(update.usingTtl()).isTrue();
		assertThat(update.where().get(0).selectsByKey("cart_id")).isTrue();
	}

	/** Deletes name the columns and elements they remove; none means whole rows. */
	@Test
	void deletesNameColumnsAndElements() {
		CqlStatement.Delete cells = (CqlStatement.Delete) CqlStatement
			.parse("DELETE items[0], note FROM carts USING TIMESTAMP 1 WHERE cart_id = ?");
		assertThat(cells.columns()).containsExactly(new CqlStatement.Deletion("items", true),
				new CqlStatement.Deletion("note", false));
		CqlStatement.Delete rows = (CqlStatement.Delete) CqlStatement
			.parse("DELETE FROM orders_by_status WHERE status = ? AND order_time = ?");
		assertThat(rows.columns()).isEmpty();
		assertThat(rows.where()).hasSize(2);
	}

	/** Inserts keep their columns and values aligned, and note a TTL. */
	@Test
	void insertAlignsColumnsAndValues() {
		CqlStatement.Insert insert = (CqlStatement.Insert) CqlStatement
			.parse("INSERT INTO users (user_id, name, tags) VALUES (?, 'Ann', {'a', 'b'}) IF NOT EXISTS USING TTL 60");
		assertThat(insert.columns()).containsExactly("user_id", "name", "tags");
		assertThat(insert.valueOf("name")).contains(new Term(Term.Kind.CONSTANT, "'Ann'", -1));
		assertThat(insert.valueOf("tags").orElseThrow().kind()).isEqualTo(Term.Kind.COLLECTION);
		assertThat(insert.usingTtl()).isTrue();
	}

	/** A batch holds its statements, with or without semicolons between them. */
	@Test
	void batchHoldsItsStatements() {
		CqlStatement.Batch batch = (CqlStatement.Batch) CqlStatement.parse("BEGIN UNLOGGED BATCH USING TIMESTAMP ? "
				+ "INSERT INTO a (k, v) VALUES (1, ?); UPDATE b SET v = ? WHERE k = 2 "
				+ "DELETE FROM c WHERE k = 3; APPLY BATCH;");
		assertThat(batch.type()).isEqualTo(BatchType.UNLOGGED);
		assertThat(batch.statements()).hasSize(3);
		assertThat(batch.target()).contains(new CqlStatement.TableName(null, "a"));
		assertThat(((CqlStatement.Batch) CqlStatement.parse("BEGIN BATCH INSERT INTO a (k) VALUES (1) APPLY BATCH"))
			.type()).isEqualTo(BatchType.LOGGED);
	}

	/**
	 * A write with an {@code IF} clause is a lightweight transaction, and so is a batch
	 * holding one; a plain write, a read and a schema statement's {@code IF NOT EXISTS}
	 * are not.
	 */
	@Test
	void ifClauseMakesALightweightTransaction() {
		assertThat(CqlStatement.parse("INSERT INTO k (a, b) VALUES (?, ?) IF NOT EXISTS USING TTL 60").conditional())
			.isTrue();
		assertThat(CqlStatement.parse("UPDATE o SET s = ? WHERE id = ? IF s = ? AND v = ?").conditional()).isTrue();
		assertThat(CqlStatement.parse("UPDATE o SET s = ? WHERE id = ? IF EXISTS").conditional()).isTrue();
		assertThat(CqlStatement.parse("DELETE FROM c WHERE a = ? AND b = ? IF EXISTS").conditional()).isTrue();
		assertThat(CqlStatement.parse("DELETE FROM u WHERE name = ? IF user_id = ?").conditional()).isTrue();
		assertThat(CqlStatement
			.parse("BEGIN BATCH INSERT INTO a (k, c) VALUES (1, 1); UPDATE a SET v = ? WHERE k = 1 AND c = 2 "
					+ "IF v = ? APPLY BATCH")
			.conditional()).isTrue();
		assertThat(CqlStatement.parse("INSERT INTO k (a, b) VALUES (?, ?) USING TTL 60").conditional()).isFalse();
		assertThat(CqlStatement.parse("UPDATE o SET s = ? WHERE id = ?").conditional()).isFalse();
		assertThat(CqlStatement.parse("DELETE FROM c WHERE a = ?").conditional()).isFalse();
		assertThat(CqlStatement.parse("BEGIN BATCH INSERT INTO a (k) VALUES (1) APPLY BATCH").conditional()).isFalse();
		assertThat(CqlStatement.parse("SELECT * FROM k WHERE a = ?").conditional()).isFalse();
		assertThat(CqlStatement.parse("CREATE TABLE IF NOT EXISTS t (k int PRIMARY KEY)").conditional()).isFalse();
	}

	/** Schema statements read or write no table's rows: they have no target. */
	@Test
	void schemaStatementsHaveNoTarget() {
		assertThat(CqlStatement.parse("CREATE TABLE t (k int PRIMARY KEY)").target()).isEmpty();
		assertThat(CqlStatement.parse("GRANT SELECT ON t TO reader").target()).isEmpty();
	}

	/**
	 * Values with functions, negative numbers, UUIDs and nested brackets are read whole.
	 */
	@Test
	void valuesAreReadWhole() {
		CqlStatement.Select select = select("SELECT * FROM t WHERE k = 123e4567-e89b-12d3-a456-426614174000 "
				+ "AND c >= minTimeuuid('2026-01-01') AND d = -5 AND m = {'a': [1, 2]}");
		assertThat(select.where()).extracting((relation) -> relation.value().kind())
			.containsExactly(Term.Kind.CONSTANT, Term.Kind.FUNCTION, Term.Kind.CONSTANT, Term.Kind.COLLECTION);
	}

	/** Errors say where: line and column. */
	@Test
	void errorsNameLineAndColumn() {
		assertThatExceptionOfType(CqlParseException.class)
			.isThrownBy(() -> CqlStatement.parse("SELECT * FROM t\nWHERE k = ? ORDER post_time"))
			.withMessageContaining("Expected BY")
			.withMessageContaining("line 2, column 19");
		assertThatExceptionOfType(CqlParseException.class).isThrownBy(() -> CqlStatement.parse("SELECT 'oops FROM t"))
			.withMessageContaining("Unterminated string");
	}

	private static CqlStatement.Select select(String cql) {
		return (CqlStatement.Select) CqlStatement.parse(cql);
	}

	static List<String> tables(List<CqlStatement> statements) {
		return statements.stream().map((statement) -> statement.target().orElseThrow().table()).toList();
	}

	/**
	 * Of a schema statement the parser reads what it creates, changes or drops, and the
	 * keyspace it names, whichever spelling the script uses.
	 */
	@Test
	void schemaStatementsNameTheirObjectAndKeyspace() {
		assertThat(schema("CREATE KEYSPACE IF NOT EXISTS \"Shop\" WITH replication = {'class': 'SimpleStrategy'}"))
			.isEqualTo(new CqlStatement.Schema("CREATE KEYSPACE", "Shop", null));
		assertThat(schema("create schema shop with replication = {}"))
			.isEqualTo(new CqlStatement.Schema("CREATE KEYSPACE", "shop", null));
		assertThat(schema("DROP KEYSPACE IF EXISTS shop"))
			.isEqualTo(new CqlStatement.Schema("DROP KEYSPACE", "shop", null));
		assertThat(schema("USE shop")).isEqualTo(new CqlStatement.Schema("USE", "shop", null));
		assertThat(schema("CREATE TABLE IF NOT EXISTS shop.orders (k int PRIMARY KEY)"))
			.isEqualTo(new CqlStatement.Schema("CREATE TABLE", "shop", "orders"));
		assertThat(schema("CREATE COLUMNFAMILY orders (k int PRIMARY KEY) WITH COMPACT STORAGE"))
			.isEqualTo(new CqlStatement.Schema("CREATE TABLE", null, "orders"));
		assertThat(schema("CREATE CUSTOM INDEX IF NOT EXISTS orders_idx ON shop.orders (status) USING 'sai'"))
			.isEqualTo(new CqlStatement.Schema("CREATE INDEX", "shop", "orders"));
		assertThat(schema("CREATE INDEX ON orders (status)"))
			.isEqualTo(new CqlStatement.Schema("CREATE INDEX", null, "orders"));
		assertThat(schema("CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL PRIMARY KEY (a)"))
			.isEqualTo(new CqlStatement.Schema("CREATE MATERIALIZED VIEW", null, "v"));
		assertThat(schema("CREATE OR REPLACE FUNCTION shop.twice (x int) CALLED ON NULL INPUT RETURNS int "
				+ "LANGUAGE java AS $$ return 2 * x; $$"))
			.isEqualTo(new CqlStatement.Schema("CREATE FUNCTION", "shop", "twice"));
		assertThat(schema("CREATE TYPE address (street text)"))
			.isEqualTo(new CqlStatement.Schema("CREATE TYPE", null, "address"));
		assertThat(schema("ALTER TABLE orders ADD note text"))
			.isEqualTo(new CqlStatement.Schema("ALTER TABLE", null, "orders"));
		assertThat(schema("TRUNCATE TABLE shop.orders"))
			.isEqualTo(new CqlStatement.Schema("TRUNCATE", "shop", "orders"));
		assertThat(CqlStatement.parse("CREATE ROLE reader WITH LOGIN = true"))
			.isEqualTo(new CqlStatement.Other("CREATE ROLE"));
		assertThat(CqlStatement.parse("GRANT SELECT ON KEYSPACE shop TO reader"))
			.isEqualTo(new CqlStatement.Other("GRANT SELECT"));
	}

	private static CqlStatement.Schema schema(String cql) {
		return (CqlStatement.Schema) CqlStatement.parse(cql);
	}

}
