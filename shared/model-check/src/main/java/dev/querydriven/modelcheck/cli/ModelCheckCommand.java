package dev.querydriven.modelcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.embeddedcassandra.CassandraDistribution;
import dev.querydriven.modelcheck.Finding;
import dev.querydriven.modelcheck.ModelCheck;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.Verdict;
import dev.querydriven.modelcheck.cql.CqlParseException;
import dev.querydriven.modelcheck.cql.CqlScript;
import dev.querydriven.modelcheck.report.ReportRenderer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The stand-alone model checker:
 * {@code java -jar model-check-<version>-cli.jar --schema S.cql --queries Q.cql [--facts F]}.
 * It starts a temporary Cassandra node (guardrails relaxed, so that anti-patterns load),
 * runs the schema file as {@code cqlsh -f} would ({@link SchemaLoader}), judges every
 * statement of the queries file ({@link FileCatalog}) and prints the report: Markdown, or
 * JSON with {@code --format json}, on standard output; progress, errors and, last, the
 * summary line on standard error.
 * <p>
 * Exit codes: {@value #CLEAN} for a clean model (warnings allowed), {@value #VIOLATION}
 * when a check fails, {@value #UNUSABLE} for unusable input (an unreadable file, CQL the
 * node rejects, a malformed facts file; the error is printed), {@value #NO_NODE} when the
 * node could not start.
 */
@Command(name = "model-check", mixinStandardHelpOptions = true, sortOptions = false,
		versionProvider = ModelCheckCommand.Version.class,
		description = {
				"Checks a Cassandra data model against the reference guide's \"Optimize & Validate\" "
						+ "checklist: one partition per query, partition sizes, distribution, anti-patterns.",
				"The files are read as cqlsh -f reads them: USE, CREATE/DROP KEYSPACE, several keyspaces, "
						+ "comments, sample-data INSERTs, DESCRIBE output; cqlsh commands (CONSISTENCY, TRACING, "
						+ "...) are skipped with a note.",
				"Exit codes: 0 clean (warnings allowed), 1 a check fails, 2 unusable input, 3 no node." })
public final class ModelCheckCommand implements Callable<Integer> {

	/** A clean model. */
	public static final int CLEAN = 0;

	/** A check failed. */
	public static final int VIOLATION = 1;

	/** The input cannot be used: unreadable, invalid CQL, malformed facts. */
	public static final int UNUSABLE = 2;

	/** The Cassandra node could not start. */
	public static final int NO_NODE = 3;

	/** The report's formats on standard output. */
	enum Format {

		MARKDOWN, JSON, HTML

	}

	@Option(names = "--schema", required = true, paramLabel = "S.cql",
			description = "The schema, as for cqlsh -f: CREATE KEYSPACE / TABLE / TYPE / INDEX / MATERIALIZED VIEW, "
					+ "USE, sample-data INSERTs, or the output of DESCRIBE KEYSPACE.")
	private Path schema;

	@Option(names = "--queries", required = true, paramLabel = "Q.cql",
			description = "The statements the application runs (SELECT, INSERT, UPDATE, DELETE, BATCH), with ? "
					+ "markers or literal values, each optionally under a comment '-- Q1: description'. "
					+ "A USE selects the keyspace of the statements after it.")
	private Path queries;

	@Option(names = "--facts", paramLabel = "F",
			description = "Sizing facts, one '[keyspace.]table.fact = value' per line (partitions, rows, row-bytes, "
					+ "writes-per-second, hottest-key-share, deletes-per-second, note, exempt.<check>).")
	private Path facts;

	@Option(names = "--unserved-tables", defaultValue = "warn", paramLabel = "warn|fail",
			description = "What a table that no statement of the queries file reads earns. Default: "
					+ "${DEFAULT-VALUE}, because a queries file often lists only the queries you want judged; "
					+ "fail when it lists every query the application runs (this repository's services must).")
	private Verdict unservedTables;

	@Option(names = "--format", defaultValue = "markdown", paramLabel = "markdown|json|html",
			description = "The report on standard output: markdown (default), json (described by the JSON Schema "
					+ "model-check-report.schema.json, in the jar and the README) or html.")
	private Format format;

	@Option(names = "--nodes", defaultValue = "6", paramLabel = "N",
			description = "Nodes of the simulated ring (default: ${DEFAULT-VALUE}).")
	private int nodes;

	@Option(names = "--report", paramLabel = "FILE",
			description = "Also write the report to FILE: HTML when it ends with .html, JSON with .json, "
					+ "else Markdown.")
	private Path report;

	private final Supplier<CheckerNode> nodeSource;

	private final PrintWriter out;

	private final PrintWriter err;

	ModelCheckCommand(Supplier<CheckerNode> nodeSource, PrintWriter out, PrintWriter err) {
		this.nodeSource = nodeSource;
		this.out = out;
		this.err = err;
	}

	/**
	 * Runs the checker and exits with its code.
	 * @param args the command line
	 */
	public static void main(String[] args) {
		// Before anything logs: the driver and the node launcher log warnings only.
		System.setProperty("logback.configurationFile", "dev/querydriven/modelcheck/cli/logback-cli.xml");
		PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
		PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
		System.exit(execute(TemporaryNode::start, out, err, args));
	}

	/**
	 * Runs the checker in this JVM.
	 * @param nodeSource starts (or lends) the node
	 * @param out where the report goes
	 * @param err where progress and errors go
	 * @param args the command line
	 * @return the exit code
	 */
	static int execute(Supplier<CheckerNode> nodeSource, PrintWriter out, PrintWriter err, String... args) {
		CommandLine commandLine = new CommandLine(new ModelCheckCommand(nodeSource, out, err));
		commandLine.setOut(out);
		commandLine.setErr(err);
		commandLine.setCaseInsensitiveEnumValuesAllowed(true);
		commandLine.setExitCodeExceptionMapper((exception) -> UNUSABLE);
		commandLine.setParameterExceptionHandler((exception, arguments) -> {
			err.println(exception.getMessage());
			exception.getCommandLine().usage(err);
			return UNUSABLE;
		});
		int code = commandLine.execute(args);
		out.flush();
		err.flush();
		return code;
	}

	@Override
	public Integer call() {
		List<CqlScript.Statement> schemaStatements;
		List<CqlScript.Statement> queryStatements;
		FactsFile sizing;
		try {
			schemaStatements = CqlScript.split(read(this.schema));
			queryStatements = CqlScript.split(read(this.queries));
			sizing = (this.facts != null) ? FactsFile.parse(read(this.facts)) : FactsFile.empty();
		}
		catch (IOException ex) {
			return unusable("Cannot read " + ex.getMessage());
		}
		catch (CqlParseException | IllegalArgumentException ex) {
			return unusable(ex.getMessage());
		}
		if (queryStatements.stream().noneMatch((statement) -> !statement.shell())) {
			return unusable(this.queries + " holds no statement.");
		}
		if (this.nodes < 1) {
			return unusable("--nodes must be at least 1");
		}
		this.err
			.println("Starting a Cassandra node (guardrails relaxed) to load the schema; this takes a few seconds.");
		CheckerNode node;
		try {
			node = this.nodeSource.get();
		}
		catch (RuntimeException ex) {
			this.err.println("Could not start Cassandra: " + ex.getMessage());
			return NO_NODE;
		}
		try (node; CqlSession session = node.openSession()) {
			this.err.println("Using " + node.description() + "; loading " + this.schema.getFileName());
			SchemaLoader.Loaded loaded = SchemaLoader.load(session, this.schema.toString(), schemaStatements);
			this.err.println("Judging keyspace" + ((loaded.keyspaces().size() > 1) ? "s " : " ")
					+ String.join(", ", loaded.keyspaces()));
			String current = (loaded.current() != null && loaded.keyspaces().contains(loaded.current()))
					? loaded.current() : (loaded.keyspaces().size() == 1) ? loaded.keyspaces().get(0) : null;
			FileCatalog catalog = FileCatalog.of(this.queries.toString(), queryStatements, loaded.keyspaces(), current,
					sizing.resolve(loaded.tables()));
			List<String> notes = new ArrayList<>(loaded.notes());
			notes.addAll(catalog.notes());
			ModelReport result = ModelCheck.builder(catalog, session)
				.title(this.schema.getFileName() + " + " + this.queries.getFileName())
				.ringNodes(this.nodes)
				.unservedTables(this.unservedTables)
				.notes(notes)
				.build()
				.run();
			List<Finding> unusable = result.failures()
				.stream()
				.filter((finding) -> finding.rule().equals("unusable-statement"))
				.toList();
			if (!unusable.isEmpty()) {
				unusable.forEach((finding) -> this.err.println(this.queries + ": " + finding.problem()));
				return UNUSABLE;
			}
			this.out.print(render(result, this.format));
			// The report first, then the summary: both may go to the same terminal.
			this.out.flush();
			if (this.report != null) {
				Files.writeString(this.report, render(result, formatOf(this.report)));
			}
			this.err.println("model-check: " + result.summary());
			return result.failed() ? VIOLATION : CLEAN;
		}
		catch (UnusableInputException | IllegalArgumentException ex) {
			return unusable(ex.getMessage());
		}
		catch (IOException ex) {
			return unusable("Cannot write " + this.report + ": " + ex.getMessage());
		}
	}

	private static String render(ModelReport result, Format format) {
		return switch (format) {
			case JSON -> ReportRenderer.json(result);
			case HTML -> ReportRenderer.html(result, ReportRenderer.Part.COMMITTED);
			case MARKDOWN -> ReportRenderer.markdown(result, ReportRenderer.Part.COMMITTED);
		};
	}

	private static Format formatOf(Path file) {
		String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
		if (name.endsWith(".html")) {
			return Format.HTML;
		}
		return name.endsWith(".json") ? Format.JSON : Format.MARKDOWN;
	}

	private int unusable(String message) {
		this.err.println("Unusable input: " + message);
		return UNUSABLE;
	}

	private static String read(Path file) throws IOException {
		return Files.readString(file, StandardCharsets.UTF_8);
	}

	/** The version line: the Cassandra version the checker runs. */
	static final class Version implements CommandLine.IVersionProvider {

		@Override
		public String[] getVersion() {
			return new String[] {
					"Query-Driven model check, Apache Cassandra " + CassandraDistribution.bundledVersion() };
		}

	}

}
