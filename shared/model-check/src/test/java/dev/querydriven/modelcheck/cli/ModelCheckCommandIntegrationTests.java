package dev.querydriven.modelcheck.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
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
		assertThat(run.err()).endsWith("model-check: 13 fail, 3 warn, 0 exempted\n").doesNotContain("Unusable input");
		assertThat(run.out()).contains(
				"**Fix:** Add a time bucket to the partition key, e.g. `PRIMARY KEY ((user_id, " + "day), event_time)`",
				"**Pattern:** Time buckets, `shared/modeling/README.md#time-buckets` in the Query-Driven repository.");
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

	/**
	 * A typical published sample, as a new user feeds it: the schema drops and creates
	 * its keyspace, USEs it and defines unqualified tables under // comments; the queries
	 * file starts with USE and binds literal values. It loads, USE is no query, and the
	 * literal-valued reads are judged like bound ones.
	 */
	@Test
	void typicalPublishedSampleLoadsAndIsJudged() throws IOException {
		Path schema = write("schema.cql", """
				// Pet clinic, the tutorial schema
				DROP KEYSPACE IF EXISTS petclinic;
				CREATE KEYSPACE petclinic WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
				USE petclinic;

				// owners, by id
				CREATE TABLE owners (owner_id int PRIMARY KEY, name text, city text);
				// an owner's visits, newest first
				CREATE TABLE visits_by_owner (
				    owner_id int, visit_date date, pet text, note text,
				    PRIMARY KEY (owner_id, visit_date, pet)
				) WITH CLUSTERING ORDER BY (visit_date DESC, pet ASC);
				INSERT INTO owners (owner_id, name, city) VALUES (1, 'George', 'Madison');
				""");
		Path queries = write("queries.cql", """
				USE petclinic;

				// an owner
				SELECT name, city FROM owners WHERE owner_id = 1;
				// an owner's visits
				SELECT visit_date, pet FROM visits_by_owner WHERE owner_id = 1;
				// owners of a city
				SELECT name FROM owners WHERE city = 'Madison' ALLOW FILTERING;
				""");
		Run run = run("--schema", schema.toString(), "--queries", queries.toString());
		assertThat(run.code()).as(run.err()).isEqualTo(ModelCheckCommand.VIOLATION);
		assertThat(run.err()).doesNotContain("Unusable input").contains("Judging keyspace petclinic");
		assertThat(run.out())
			.contains("| Q1 | an owner | `owners` |", "| Q2 | an owner's visits | `visits_by_owner` |",
					"Q3 · one-partition / allow-filtering", "visits_by_owner · partition-size / unbounded-partition",
					"keyspace `petclinic` gets one replica",
					"Declare the table's sizing facts in the facts file: `owners.partitions`")
			.doesNotContain("`?`")
			.doesNotContain("USE petclinic |");
		assertThat(run.out()).containsPattern("\\| Q1 \\|[^\\n]*\\| 1 \\|");
	}

	/**
	 * Outside this repository the advice names CQL and patterns, linking their
	 * documentation here, never this repository's classes.
	 */
	@Test
	void adviceSpeaksCqlAndLinksThePatterns() {
		Run run = run("--schema", fixture("guide-anti-patterns/schema.cql"), "--queries",
				fixture("guide-anti-patterns/queries.cql"), "--facts", fixture("guide-anti-patterns/facts.properties"),
				"--format", "json");
		assertThat(run.code()).as(run.err()).isEqualTo(ModelCheckCommand.VIOLATION);
		assertThat(run.out())
			.doesNotContain("DualWriter", "DenormalizedWrite", "WriteStrategy", "BucketSizeAdvisor", "SizingFacts",
					"infrastructureTables", "In this repository")
			.contains("USING TIMESTAMP", "\"path\" : \"shared/modeling/README.md#dual-writes\"",
					"\"path\" : \"shared/modeling/README.md#time-buckets\"");
	}

	/**
	 * The report goes to standard output and the summary line to standard error after it,
	 * even when both reach one terminal through the buffered streams of the runnable jar.
	 */
	@Test
	void summaryFollowsTheReport() throws IOException {
		Path schema = write("schema.cql", "CREATE TABLE t (k int PRIMARY KEY, v text);");
		Path queries = write("queries.cql", "SELECT v FROM t WHERE k = ?;");
		ByteArrayOutputStream terminal = new ByteArrayOutputStream();
		PrintWriter out = new PrintWriter(new SharedTerminal(terminal), true, StandardCharsets.UTF_8);
		PrintWriter err = new PrintWriter(new SharedTerminal(terminal), true, StandardCharsets.UTF_8);
		int code = ModelCheckCommand.execute(SharedCheckerNode.source(), out, err, "--schema", schema.toString(),
				"--queries", queries.toString());
		String screen = terminal.toString(StandardCharsets.UTF_8);
		assertThat(code).as(screen).isEqualTo(ModelCheckCommand.CLEAN);
		assertThat(screen).endsWith("model-check: 0 fail, 1 warn, 0 exempted\n");
		assertThat(screen.indexOf("# Model check: schema.cql + queries.cql")).isPositive()
			.isLessThan(screen.indexOf("model-check: 0 fail"));
	}

	/**
	 * --format json writes the report as its published JSON Schema describes it, and
	 * --report x.json writes the same document to a file.
	 */
	@Test
	void jsonReportFollowsItsSchema() throws IOException {
		Path schema = write("schema.cql", """
				CREATE KEYSPACE j WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
				CREATE TABLE j.events (user_id int, at timestamp, kind text, PRIMARY KEY (user_id, at));
				""");
		Path queries = write("queries.cql", "-- Q7: a user's events\nSELECT kind FROM j.events WHERE user_id = 3;");
		Path report = this.directory.resolve("report.json");
		Run run = run("--schema", schema.toString(), "--queries", queries.toString(), "--format", "JSON", "--report",
				report.toString());
		assertThat(run.code()).as(run.err()).isEqualTo(ModelCheckCommand.VIOLATION);
		com.networknt.schema.Schema jsonSchema = com.networknt.schema.SchemaRegistry
			.withDefaultDialect(com.networknt.schema.SpecificationVersion.DRAFT_2020_12)
			.getSchema(Objects.requireNonNull(getClass().getClassLoader()
				.getResourceAsStream("dev/querydriven/modelcheck/report/model-check-report.schema.json")));
		assertThat(jsonSchema.validate(run.out(), com.networknt.schema.InputFormat.JSON)).isEmpty();
		assertThat(report).content().isEqualTo(run.out());
		tools.jackson.databind.JsonNode json = tools.jackson.databind.json.JsonMapper.builder()
			.build()
			.readTree(run.out());
		assertThat(json.get("verdict").asString()).isEqualTo("fails");
		assertThat(json.get("keyspaces").get(0).asString()).isEqualTo("j");
		assertThat(json.get("queries").get(0).get("id").asString()).isEqualTo("Q7");
		assertThat(json.get("queries").get(0).get("evidence").asString()).contains("constants in the key");
		tools.jackson.databind.JsonNode unbounded = json.get("findings").get(0);
		assertThat(unbounded.get("rule").asString()).isEqualTo("unbounded-partition");
		assertThat(unbounded.get("table").asString()).isEqualTo("events");
		assertThat(unbounded.get("docs").get("path").asString()).isEqualTo("shared/modeling/README.md#time-buckets");
		assertThat(json.get("counts").get("fail").asInt()).isEqualTo(1);
		// A document the schema refuses: the test would notice a drifting writer.
		assertThat(jsonSchema.validate(run.out().replace("\"fails\"", "\"failed\""),
				com.networknt.schema.InputFormat.JSON))
			.isNotEmpty();
	}

	/** --help explains the options, the unserved-table default among them. */
	@Test
	void helpExplainsTheUnservedTableDefault() {
		Run help = runWithoutNode("--help");
		assertThat(help.code()).isEqualTo(ModelCheckCommand.CLEAN);
		// Usage help wraps at 80 columns: compare the words.
		assertThat(help.out().replaceAll("\\s+", " ")).contains("--unserved-tables=warn|fail",
				"Default: warn, because a queries file often lists only the queries you want judged",
				"--format=markdown|json|html", "cqlsh commands (CONSISTENCY, TRACING, ...) are skipped");
	}

	/** Writes that interleave on one terminal, each through its own buffered stream. */
	private static final class SharedTerminal extends java.io.OutputStream {

		private final ByteArrayOutputStream terminal;

		SharedTerminal(ByteArrayOutputStream terminal) {
			this.terminal = terminal;
		}

		@Override
		public void write(int b) {
			synchronized (this.terminal) {
				this.terminal.write(b);
			}
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			synchronized (this.terminal) {
				this.terminal.write(bytes, offset, length);
			}
		}

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
