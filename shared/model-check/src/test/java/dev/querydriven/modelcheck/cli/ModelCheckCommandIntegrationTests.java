package dev.querydriven.modelcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stand-alone checker, run in-process on one relaxed node: exit 0 for the guide's
 * good designs, 1 for its anti-patterns (materialized view included), 2 for unusable
 * input with the node's CQL error, 3 when no node starts.
 */
class ModelCheckCommandIntegrationTests {

	@TempDir
	Path directory;

	/**
	 * The guide's good designs, with their facts, pass: exit code 0 and a clean report.
	 */
	@Test
	void guideGoodDesignsExitClean() {
		Run run = run("--schema", fixture("guide-good/schema.cql"), "--queries", fixture("guide-good/queries.cql"),
				"--facts", fixture("guide-good/facts.properties"));
		assertThat(run.code()).as(run.err()).isEqualTo(ModelCheckCommand.CLEAN);
		assertThat(run.out()).contains("**Verdict: passes** — 0 fail, 0 warn", "| Q4 | a sensor's readings in one hour",
				"Nv = 3,600 × (7 − 3 − 0) + 0 = 14,400 values", "```mermaid");
		assertThat(run.err()).contains("model-check: 0 fail, 0 warn, 0 exempted");
	}

	/**
	 * Every anti-pattern of the guide loads on the relaxed node and is reported —
	 * including the materialized view the shared test node cannot create — with exit code
	 * 1.
	 */
	@Test
	void guideAntiPatternsExitWithViolations() {
		Run run = run("--schema", fixture("guide-anti-patterns/schema.cql"), "--queries",
				fixture("guide-anti-patterns/queries.cql"), "--facts", fixture("guide-anti-patterns/facts.properties"));
		assertThat(run.code()).as(run.err()).isEqualTo(ModelCheckCommand.VIOLATION);
		assertThat(run.out()).contains("**Verdict: fails**", "users · anti-pattern / secondary-index",
				"events · partition-size / unbounded-partition", "users_by_country · distribution / low-cardinality",
				"Q2 · one-partition / needs-filtering", "messages · partition-size / large-partition",
				"orders_by_status · distribution / low-cardinality", "orders_by_status · anti-pattern / tombstones",
				"users · anti-pattern / materialized-view", "Materialized view `users_by_username`",
				"products · anti-pattern / sai-index", "Q8 · anti-pattern / unlogged-batch",
				"Q9 · anti-pattern / list-read-before-write");
		assertThat(run.err()).contains("model-check: ").doesNotContain("Unusable input");
	}

	/**
	 * A schema the node rejects is unusable input: exit code 2 with the node's error and
	 * the line.
	 */
	@Test
	void invalidSchemaIsUnusableInput() throws IOException {
		Path schema = write("schema.cql",
				"CREATE TABLE ok (k int PRIMARY KEY);\n\nCREATE TABLE t (k int PRIMARY KEY, v txt);");
		Path queries = write("queries.cql", "SELECT * FROM t WHERE k = ?;");
		Run run = run("--schema", schema.toString(), "--queries", queries.toString());
		assertThat(run.code()).isEqualTo(ModelCheckCommand.UNUSABLE);
		assertThat(run.err()).contains("Unusable input", "schema.cql line 3", "txt");
		assertThat(run.out()).isEmpty();
	}

	/**
	 * A query naming a column the schema lacks is unusable input, with the node's error.
	 */
	@Test
	void queryOnAnUnknownColumnIsUnusableInput() throws IOException {
		Path schema = write("schema.cql", "CREATE TABLE t (k int PRIMARY KEY, v text);");
		Path queries = write("queries.cql", "-- Q1: by a column that does not exist\nSELECT * FROM t WHERE nope = ?;");
		Run run = run("--schema", schema.toString(), "--queries", queries.toString());
		assertThat(run.code()).isEqualTo(ModelCheckCommand.UNUSABLE);
		assertThat(run.err()).contains("queries.cql", "Undefined column name nope");
	}

	/**
	 * Malformed facts, a missing file or a missing option are unusable before any node
	 * starts.
	 */
	@Test
	void malformedInputIsRefusedBeforeStartingANode() throws IOException {
		Path schema = write("schema.cql", "CREATE TABLE t (k int PRIMARY KEY);");
		Path queries = write("queries.cql", "SELECT * FROM t WHERE k = ?;");
		Path facts = write("facts.properties", "t.partitions = 10\nt.row-bytes = 20\n");
		Run malformed = runWithoutNode("--schema", schema.toString(), "--queries", queries.toString(), "--facts",
				facts.toString());
		assertThat(malformed.code()).isEqualTo(ModelCheckCommand.UNUSABLE);
		assertThat(malformed.err()).contains("Table t needs 't.rows'");
		Run missingFile = runWithoutNode("--schema", schema.toString(), "--queries",
				this.directory.resolve("absent.cql").toString());
		assertThat(missingFile.code()).isEqualTo(ModelCheckCommand.UNUSABLE);
		assertThat(missingFile.err()).contains("Cannot read", "absent.cql");
		Run missingOption = runWithoutNode("--schema", schema.toString());
		assertThat(missingOption.code()).isEqualTo(ModelCheckCommand.UNUSABLE);
		assertThat(missingOption.err()).contains("Missing required option: '--queries=Q.cql'", "Usage:");
	}

	/** When the node cannot start, the checker says so with exit code 3. */
	@Test
	void nodeThatCannotStartExitsWithThree() throws IOException {
		Path schema = write("schema.cql", "CREATE TABLE t (k int PRIMARY KEY);");
		Path queries = write("queries.cql", "SELECT * FROM t WHERE k = ?;");
		Run run = execute(() -> {
			throw new IllegalStateException("no Java 17 found");
		}, "--schema", schema.toString(), "--queries", queries.toString());
		assertThat(run.code()).isEqualTo(ModelCheckCommand.NO_NODE);
		assertThat(run.err()).contains("Could not start Cassandra: no Java 17 found");
	}

	/**
	 * A schema that creates and uses its own keyspace is loaded into that keyspace;
	 * {@code --report} also writes the HTML page, and a query without facts only warns.
	 */
	@Test
	void schemaKeyspaceIsKeptAndTheReportIsWritten() throws IOException {
		Path schema = write("schema.cql", """
				CREATE KEYSPACE IF NOT EXISTS shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
				USE shop;
				CREATE TABLE shop.orders_by_id (order_id uuid PRIMARY KEY, total decimal);
				""");
		Path queries = write("queries.cql",
				"-- an order by its id\nSELECT total FROM shop.orders_by_id WHERE order_id = ?;");
		Path report = this.directory.resolve("report.html");
		Run run = run("--schema", schema.toString(), "--queries", queries.toString(), "--report", report.toString());
		assertThat(run.code()).as(run.err()).isEqualTo(ModelCheckCommand.CLEAN);
		assertThat(run.err()).contains("keyspace shop", "model-check: 0 fail, 1 warn");
		assertThat(run.out()).contains("keyspace `shop`", "| Q1 | an order by its id |",
				"orders_by_id · partition-size / facts-missing");
		assertThat(report).content().startsWith("<!DOCTYPE html>").contains("<pre class=\"mermaid\">");
	}

	private Path write(String name, String content) throws IOException {
		return Files.writeString(this.directory.resolve(name), content);
	}

	private static String fixture(String path) {
		try {
			return Path.of(Objects
				.requireNonNull(
						ModelCheckCommandIntegrationTests.class.getClassLoader().getResource("fixtures/" + path), path)
				.toURI()).toString();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Run run(String... args) {
		return execute(SharedCheckerNode.source(), args);
	}

	private static Run runWithoutNode(String... args) {
		return execute(() -> {
			throw new AssertionError("This input must be refused before a node starts");
		}, args);
	}

	private static Run execute(java.util.function.Supplier<CheckerNode> nodes, String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = ModelCheckCommand.execute(nodes, new PrintWriter(out), new PrintWriter(err), args);
		return new Run(code, out.toString(), err.toString());
	}

	private record Run(int code, String out, String err) {

	}

}
