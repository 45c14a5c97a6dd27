package dev.querydriven.modelcheck.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modelcheck.cql.CqlParseException;
import dev.querydriven.modelcheck.cql.CqlScript;
import dev.querydriven.modelcheck.cql.CqlStatement;
import dev.querydriven.modelcheck.cql.RemovedTableOptions;

/**
 * Runs a schema file on the checker's own node as {@code cqlsh -f} would: in order,
 * {@code DROP} and {@code CREATE KEYSPACE}, {@code USE}, several keyspaces, qualified and
 * unqualified names (resolved against the current {@code USE}), types, indexes, views,
 * and sample data. What cannot or need not run on a one-node throwaway copy is adapted or
 * skipped, and each such step is noted for the report:
 * <ul>
 * <li>a keyspace gets one replica, whatever its replication says (the ring the report
 * judges is simulated, {@code --nodes});</li>
 * <li>a keyspace used without being created is created, unqualified names before any
 * {@code USE} go into {@value #DEFAULT_KEYSPACE};</li>
 * <li>cqlsh's own commands, roles and permissions, {@code ALTER KEYSPACE} and
 * {@code SELECT}s are skipped; so are functions and aggregates the node refuses (a
 * language Cassandra 5.0 dropped, such as JavaScript), and drops of what does not
 * exist;</li>
 * <li>table options Cassandra 4.0 removed, which older {@code DESCRIBE} output writes,
 * are left out ({@link RemovedTableOptions}).</li>
 * </ul>
 */
final class SchemaLoader {

	/** Where unqualified names go when the schema selects no keyspace. */
	static final String DEFAULT_KEYSPACE = "model";

	private static final String ONE_REPLICA = " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}";

	private final CqlSession session;

	private final String file;

	private final DriverExecutionProfile quiet;

	private final List<String> notes = new ArrayList<>();

	/** The keyspaces the schema creates, uses or names, in order. */
	private final Set<String> touched = new LinkedHashSet<>();

	private final Set<String> existing = new TreeSet<>();

	private String current;

	private SchemaLoader(CqlSession session, String file) {
		this.session = session;
		this.file = file;
		// The node's warnings (an experimental view, a large batch of sample data) go
		// into the report's notes rather than into the driver's log.
		this.quiet = session.getContext()
			.getConfig()
			.getDefaultProfile()
			.withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false);
	}

	/**
	 * What the schema left on the node.
	 *
	 * @param keyspaces the keyspaces to judge: those the schema created, used or named
	 * that hold a table or a view, in the order the schema met them (when none does, the
	 * current or the default one)
	 * @param current the keyspace the schema's last {@code USE} selected, or {@code null}
	 * @param tables the tables of the keyspaces judged, by keyspace
	 * @param notes what was adapted or skipped, for the report
	 */
	record Loaded(List<String> keyspaces, String current, Map<String, Set<String>> tables, List<String> notes) {

	}

	/**
	 * Runs a schema file's statements.
	 * @param session a superuser session on the checker's node
	 * @param file the file's name, for messages
	 * @param statements the file's statements
	 * @return the keyspaces to judge, and the notes
	 * @throws UnusableInputException when the node refuses a statement
	 */
	static Loaded load(CqlSession session, String file, List<CqlScript.Statement> statements) {
		return new SchemaLoader(session, file).run(statements);
	}

	private Loaded run(List<CqlScript.Statement> statements) {
		// Every schema statement changes the driver's metadata; refreshing it after each
		// one costs a second. It is refreshed once, when the check starts.
		this.session.setSchemaMetadataEnabled(false);
		try {
			startClean(statements);
			for (CqlScript.Statement statement : statements) {
				apply(statement);
			}
			Map<String, Set<String>> tables = tables();
			List<String> judged = this.touched.stream().filter(tables::containsKey).toList();
			if (judged.isEmpty()) {
				judged = List.of((this.current != null) ? this.current : DEFAULT_KEYSPACE);
			}
			Map<String, Set<String>> judgedTables = new TreeMap<>();
			judged.forEach((keyspace) -> judgedTables.put(keyspace, tables.getOrDefault(keyspace, Set.of())));
			return new Loaded(judged, this.current, judgedTables, List.copyOf(this.notes));
		}
		finally {
			this.session.setSchemaMetadataEnabled(true);
		}
	}

	/**
	 * The node is the checker's own, normally new; a keyspace the schema is about is
	 * dropped first all the same, so that a node used for several runs (the tests') holds
	 * nothing from a previous one.
	 */
	private void startClean(List<CqlScript.Statement> statements) {
		Set<String> named = new TreeSet<>(Set.of(DEFAULT_KEYSPACE));
		for (CqlScript.Statement statement : statements) {
			parse(statement).ifPresent((parsed) -> {
				if (parsed instanceof CqlStatement.Schema schema && schema.keyspace() != null) {
					named.add(schema.keyspace());
				}
				parsed.target().map(CqlStatement.TableName::keyspace).ifPresent(named::add);
			});
		}
		refreshExisting();
		for (String keyspace : named) {
			if (this.existing.contains(keyspace) && !keyspace.startsWith("system")) {
				execute("DROP KEYSPACE IF EXISTS " + cql(keyspace), null);
			}
		}
		refreshExisting();
	}

	private void apply(CqlScript.Statement statement) {
		if (statement.shell()) {
			note(statement, "`" + statement.firstLine() + "` is a cqlsh command, not CQL: skipped.");
			return;
		}
		CqlStatement parsed = parse(statement).orElse(null);
		if (parsed instanceof CqlStatement.Schema schema) {
			applySchema(statement, schema);
		}
		else if (parsed instanceof CqlStatement.Select) {
			note(statement, "a `SELECT` in the schema file is not run; the queries to judge go in the queries file.");
		}
		else if (parsed instanceof CqlStatement.Other other) {
			note(statement, "`" + other.keyword() + "` skipped: roles and permissions are not part of the data model.");
		}
		else {
			// Sample data (INSERT, UPDATE, DELETE, BATCH) and anything the parser cannot
			// read: the node runs it as written.
			String keyspace = (parsed != null) ? parsed.target().map(CqlStatement.TableName::keyspace).orElse(null)
					: null;
			run(statement, statement.cql(), keyspaceFor(keyspace), false);
		}
	}

	private void applySchema(CqlScript.Statement statement, CqlStatement.Schema schema) {
		switch (schema.keyword()) {
			case "USE" -> {
				ensureExists(statement, schema.keyspace());
				this.current = schema.keyspace();
			}
			case "CREATE KEYSPACE" -> {
				execute("CREATE KEYSPACE IF NOT EXISTS " + cql(schema.keyspace()) + ONE_REPLICA, statement);
				this.existing.add(schema.keyspace());
				this.touched.add(schema.keyspace());
				note(statement, "keyspace `" + schema.keyspace() + "` gets one replica on the check's one node, "
						+ "whatever its replication says; the report simulates the ring (`--nodes`).");
			}
			case "ALTER KEYSPACE" ->
				note(statement, "`ALTER KEYSPACE` skipped: replication does not change the data model.");
			case "DROP KEYSPACE" -> {
				execute("DROP KEYSPACE IF EXISTS " + cql(schema.keyspace()), statement);
				this.existing.remove(schema.keyspace());
				if (schema.keyspace().equals(this.current)) {
					this.current = null;
				}
			}
			default -> applyObject(statement, schema);
		}
	}

	/** A table, type, index, view, function or aggregate: created, changed or dropped. */
	private void applyObject(CqlScript.Statement statement, CqlStatement.Schema schema) {
		String keyspace = keyspaceFor(schema.keyspace());
		String cql = statement.cql();
		RemovedTableOptions.Stripped stripped = RemovedTableOptions.strip(cql);
		if (!stripped.removed().isEmpty()) {
			note(statement,
					"left out " + String.join(", ", stripped.removed().stream().map((o) -> "`" + o + "`").toList())
							+ ": Cassandra 4.0 removed the option (it tuned read repair, not the model).");
			cql = stripped.cql();
		}
		boolean optional = schema.keyword().startsWith("DROP ") || schema.keyword().endsWith(" FUNCTION")
				|| schema.keyword().endsWith(" AGGREGATE") || schema.keyword().endsWith(" TRIGGER");
		if (keyspace != null) {
			ensureExists(statement, keyspace);
		}
		run(statement, cql, keyspace, optional);
	}

	/**
	 * The keyspace a statement's names resolve against: its own qualifier, else the
	 * current {@code USE}, else {@value #DEFAULT_KEYSPACE}.
	 */
	private String keyspaceFor(String qualifier) {
		if (qualifier != null) {
			this.touched.add(qualifier);
			return qualifier;
		}
		if (this.current != null) {
			return this.current;
		}
		if (!this.existing.contains(DEFAULT_KEYSPACE)) {
			execute("CREATE KEYSPACE IF NOT EXISTS " + DEFAULT_KEYSPACE + ONE_REPLICA, null);
			this.existing.add(DEFAULT_KEYSPACE);
			this.notes.add("Names used before any `USE` went into keyspace `" + DEFAULT_KEYSPACE
					+ "`, which the check created.");
		}
		this.touched.add(DEFAULT_KEYSPACE);
		return DEFAULT_KEYSPACE;
	}

	private void ensureExists(CqlScript.Statement statement, String keyspace) {
		this.touched.add(keyspace);
		if (!this.existing.contains(keyspace)) {
			execute("CREATE KEYSPACE IF NOT EXISTS " + cql(keyspace) + ONE_REPLICA, statement);
			this.existing.add(keyspace);
			note(statement, "keyspace `" + keyspace + "` is used but never created: the check created it.");
		}
	}

	/**
	 * Runs a statement; an optional one (a drop, a function) that the node refuses is
	 * skipped with a note, any other refusal makes the input unusable.
	 */
	private void run(CqlScript.Statement statement, String cql, String keyspace, boolean optional) {
		SimpleStatement simple = SimpleStatement.newInstance(cql).setExecutionProfile(this.quiet);
		if (keyspace != null) {
			simple = simple.setKeyspace(CqlIdentifier.fromInternal(keyspace));
		}
		try {
			ResultSet result = this.session.execute(simple);
			result.getExecutionInfo()
				.getWarnings()
				.forEach((warning) -> note(statement, "the node warned: " + warning));
		}
		catch (DriverException ex) {
			if (!optional) {
				throw new UnusableInputException(this.file + " line " + statement.line() + ": " + statement.firstLine()
						+ "\n  " + ex.getMessage());
			}
			note(statement, "`" + statement.firstLine() + "` skipped: " + ex.getMessage());
		}
	}

	private void execute(String cql, CqlScript.Statement statement) {
		try {
			this.session.execute(SimpleStatement.newInstance(cql).setExecutionProfile(this.quiet));
		}
		catch (DriverException ex) {
			String where = (statement != null) ? this.file + " line " + statement.line() + ": " : "";
			throw new UnusableInputException(where + cql + "\n  " + ex.getMessage());
		}
	}

	private void refreshExisting() {
		this.existing.clear();
		for (Row row : this.session.execute("SELECT keyspace_name FROM system_schema.keyspaces")) {
			this.existing.add(row.getString(0));
		}
	}

	/** Every keyspace's tables and views, by keyspace. */
	private Map<String, Set<String>> tables() {
		Map<String, Set<String>> tables = new TreeMap<>();
		for (String query : List.of("SELECT keyspace_name, table_name FROM system_schema.tables",
				"SELECT keyspace_name, view_name FROM system_schema.views")) {
			for (Row row : this.session.execute(query)) {
				tables.computeIfAbsent(row.getString(0), (keyspace) -> new TreeSet<>()).add(row.getString(1));
			}
		}
		return tables;
	}

	private void note(CqlScript.Statement statement, String text) {
		this.notes.add(this.file + " line " + statement.line() + ": " + text);
	}

	private static Optional<CqlStatement> parse(CqlScript.Statement statement) {
		if (statement.shell()) {
			return Optional.empty();
		}
		try {
			return Optional.of(CqlStatement.parse(statement.cql()));
		}
		catch (CqlParseException ex) {
			return Optional.empty();
		}
	}

	private static String cql(String keyspace) {
		return CqlIdentifier.fromInternal(keyspace).asCql(true);
	}

}
