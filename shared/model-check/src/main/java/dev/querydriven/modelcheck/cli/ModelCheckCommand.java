package dev.querydriven.modelcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.embeddedcassandra.CassandraDistribution;
import dev.querydriven.modelcheck.Finding;
import dev.querydriven.modelcheck.ModelCheck;
import dev.querydriven.modelcheck.ModelReport;
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
 * applies the schema into a keyspace of its own, runs every check it can and prints the
 * report.
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

	/** The keyspace used when the schema creates none. */
	static final String DEFAULT_KEYSPACE = "model";

	private static final Pattern CREATE_KEYSPACE = Pattern
		.compile("(?is)^\\s*CREATE\\s+KEYSPACE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\"(?:[^\"]|\"\")+\"|\\w+)");

	private static final Pattern USE = Pattern.compile("(?is)^\\s*USE\\s+(\"(?:[^\"]|\"\")+\"|\\w+)\\s*$");

	@Option(names = "--schema", required = true, paramLabel = "S.cql",
			description = "The schema: CREATE TABLE / TYPE / INDEX / MATERIALIZED VIEW statements.")
	private Path schema;

	@Option(names = "--queries", required = true, paramLabel = "Q.cql",
			description = "Every statement the application runs, one per ';', each optionally under a comment "
					+ "'-- Q1: description'.")
	private Path queries;

	@Option(names = "--facts", paramLabel = "F",
			description = "Sizing facts, one 'table.fact = value' per line (partitions, rows, row-bytes, "
					+ "writes-per-second, hottest-key-share, deletes-per-second, note).")
	private Path facts;

	@Option(names = "--nodes", defaultValue = "6", paramLabel = "N",
			description = "Nodes of the simulated ring (default: ${DEFAULT-VALUE}).")
	private int nodes;

	@Option(names = "--report", paramLabel = "FILE",
			description = "Also write the report to FILE: HTML when it ends with .html, else Markdown.")
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
		if (queryStatements.isEmpty()) {
			return unusable(this.queries + " holds no statement.");
		}
		if (this.nodes < 1) {
			return unusable("--nodes must be at least 1");
		}
		String keyspace = keyspace(schemaStatements);
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
			this.err.println("Using " + node.description() + ", keyspace " + keyspace);
			Integer applied = applySchema(session, keyspace, schemaStatements);
			if (applied != null) {
				return applied;
			}
			FileCatalog catalog = FileCatalog.of(keyspace, queryStatements, sizing);
			ModelReport result = ModelCheck.builder(catalog, session)
				.title(this.schema.getFileName() + " + " + this.queries.getFileName())
				.ringNodes(this.nodes)
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
			this.out.print(ReportRenderer.markdown(result, ReportRenderer.Part.COMMITTED));
			if (this.report != null) {
				boolean html = this.report.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".html");
				Files.writeString(this.report, html ? ReportRenderer.html(result, ReportRenderer.Part.COMMITTED)
						: ReportRenderer.markdown(result, ReportRenderer.Part.COMMITTED));
			}
			this.err.println("model-check: " + result.summary());
			return result.failed() ? VIOLATION : CLEAN;
		}
		catch (IOException ex) {
			return unusable("Cannot write " + this.report + ": " + ex.getMessage());
		}
	}

	/**
	 * Creates the keyspace (replication of one node) and applies the schema; returns an
	 * exit code when the schema is unusable, {@code null} when applied.
	 */
	private Integer applySchema(CqlSession session, String keyspace, List<CqlScript.Statement> statements) {
		String name = CqlIdentifier.fromInternal(keyspace).asCql(true);
		session.execute("DROP KEYSPACE IF EXISTS " + name);
		session.execute(
				"CREATE KEYSPACE " + name + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
		// Each statement names the keyspace (protocol v5) rather than USE on a shared
		// session.
		CqlIdentifier target = CqlIdentifier.fromInternal(keyspace);
		for (CqlScript.Statement statement : statements) {
			if (CREATE_KEYSPACE.matcher(statement.cql()).find()) {
				continue;
			}
			Matcher use = USE.matcher(statement.cql());
			if (use.find()) {
				if (!CqlIdentifier.fromCql(use.group(1)).asInternal().equals(keyspace)) {
					return unusable(this.schema + " line " + statement.line() + ": USE " + use.group(1)
							+ " names another keyspace than the one the schema creates (" + keyspace + ")");
				}
				continue;
			}
			try {
				session.execute(SimpleStatement.newInstance(statement.cql()).setKeyspace(target));
			}
			catch (DriverException ex) {
				return unusable(this.schema + " line " + statement.line() + ": " + firstLine(statement.cql()) + "\n  "
						+ ex.getMessage());
			}
		}
		return null;
	}

	/** The keyspace the schema creates, or {@value #DEFAULT_KEYSPACE}. */
	static String keyspace(List<CqlScript.Statement> statements) {
		for (CqlScript.Statement statement : statements) {
			Matcher create = CREATE_KEYSPACE.matcher(statement.cql());
			if (create.find()) {
				return CqlIdentifier.fromCql(create.group(1)).asInternal();
			}
		}
		return DEFAULT_KEYSPACE;
	}

	private int unusable(String message) {
		this.err.println("Unusable input: " + message);
		return UNUSABLE;
	}

	private static String read(Path file) throws IOException {
		return Files.readString(file, StandardCharsets.UTF_8);
	}

	private static String firstLine(String cql) {
		int newline = cql.indexOf('\n');
		return (newline < 0) ? cql : cql.substring(0, newline) + " ...";
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
