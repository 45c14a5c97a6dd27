package dev.querydriven.modelcheck.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.querydriven.modelcheck.MultiKeyspaceCatalog;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.cql.CqlParseException;
import dev.querydriven.modelcheck.cql.CqlScript;
import dev.querydriven.modelcheck.cql.CqlStatement;

/**
 * A query catalogue read from a queries file: each {@code SELECT}, {@code INSERT},
 * {@code UPDATE}, {@code DELETE} or batch is one access pattern, literal values and
 * {@code ?} markers alike. The comment right above a statement describes it; a comment
 * starting with an id ({@code -- Q3: a user's posts}) names it, else statements are
 * numbered Q1, Q2, ...
 * <p>
 * Names resolve as in cqlsh: a {@code USE} makes a keyspace current for the statements
 * after it (it is never a query), qualified names say their own. cqlsh commands and
 * schema statements are skipped with a note.
 */
final class FileCatalog implements MultiKeyspaceCatalog {

	private static final Pattern ID = Pattern.compile("^(Q\\d+)\\s*[:.\\-–]\\s*(.*)$", Pattern.DOTALL);

	private final List<String> keyspaces;

	private final List<AccessPattern> patterns;

	private final Map<AccessPattern, String> keyspaceOf;

	private final List<CatalogExemption> exemptions;

	private final List<String> notes;

	private FileCatalog(List<String> keyspaces, List<AccessPattern> patterns, Map<AccessPattern, String> keyspaceOf,
			List<CatalogExemption> exemptions, List<String> notes) {
		this.keyspaces = keyspaces;
		this.patterns = patterns;
		this.keyspaceOf = keyspaceOf;
		this.exemptions = exemptions;
		this.notes = notes;
	}

	/**
	 * Reads the queries file's statements.
	 * @param file the file's name, for messages
	 * @param statements its statements
	 * @param keyspaces the keyspaces the schema defined tables in (the first is the
	 * catalogue's)
	 * @param current the keyspace unqualified names resolve against until the file says
	 * {@code USE}, or {@code null} when there is none
	 * @param facts the sizing facts, by the report's table names
	 * @return the catalogue
	 * @throws UnusableInputException when a statement names no keyspace and none is
	 * current, or uses a keyspace the schema defines no table in
	 */
	static FileCatalog of(String file, List<CqlScript.Statement> statements, List<String> keyspaces, String current,
			FactsFile facts) {
		Set<String> explicit = new HashSet<>();
		for (CqlScript.Statement statement : statements) {
			Matcher id = ID.matcher(statement.comment());
			if (id.matches()) {
				explicit.add(id.group(1));
			}
		}
		List<AccessPattern> patterns = new ArrayList<>();
		Map<AccessPattern, String> keyspaceOf = new IdentityHashMap<>();
		List<String> notes = new ArrayList<>();
		String keyspace = current;
		int next = 1;
		for (CqlScript.Statement statement : statements) {
			String where = file + " line " + statement.line() + ": ";
			if (statement.shell()) {
				notes.add(where + "`" + statement.firstLine() + "` is a cqlsh command, not CQL: skipped.");
				continue;
			}
			CqlStatement parsed = parse(statement.cql());
			if (parsed instanceof CqlStatement.Schema schema && schema.keyword().equals("USE")) {
				if (!keyspaces.contains(schema.keyspace())) {
					throw new UnusableInputException(where + "USE " + schema.keyspace()
							+ ": the schema defines no table in keyspace `" + schema.keyspace() + "`.");
				}
				keyspace = schema.keyspace();
				continue;
			}
			if (parsed instanceof CqlStatement.Schema || parsed instanceof CqlStatement.Other) {
				notes.add(where + "`" + statement.firstLine()
						+ "` is not a query: skipped (schema statements go in the schema file).");
				continue;
			}
			Matcher matcher = ID.matcher(statement.comment());
			String id;
			String description;
			if (matcher.matches()) {
				id = matcher.group(1);
				description = matcher.group(2).strip();
			}
			else {
				while (explicit.contains("Q" + next)) {
					next++;
				}
				id = "Q" + next++;
				description = statement.comment();
			}
			if (description.isEmpty()) {
				description = "the statement on line " + statement.line();
			}
			CqlStatement.TableName target = (parsed != null) ? parsed.target().orElse(null) : null;
			String statementKeyspace = (target != null && target.keyspace() != null) ? target.keyspace() : keyspace;
			if (statementKeyspace == null) {
				throw new UnusableInputException(where + statement.firstLine() + "\n  names no keyspace, and the "
						+ "schema defines tables in several (" + String.join(", ", keyspaces)
						+ "): qualify the table or add `USE <keyspace>;` above it.");
			}
			String table = (target == null) ? "?" : name(keyspaces, statementKeyspace, target.table());
			AccessPattern pattern = new AccessPattern(id, description, table, statement.cql(), "", facts.of(table));
			patterns.add(pattern);
			keyspaceOf.put(pattern, (keyspace != null) ? keyspace : statementKeyspace);
		}
		return new FileCatalog(List.copyOf(keyspaces), List.copyOf(patterns), keyspaceOf, facts.exemptions(),
				List.copyOf(notes));
	}

	/**
	 * A table's name in the report: {@code keyspace.table} when the schema defines tables
	 * in several keyspaces.
	 */
	static String name(List<String> keyspaces, String keyspace, String table) {
		return (keyspaces.size() > 1) ? keyspace + "." + table : table;
	}

	/**
	 * The statement's structure, or {@code null} when the parser cannot read it (the node
	 * will judge).
	 */
	private static CqlStatement parse(String cql) {
		try {
			return CqlStatement.parse(cql);
		}
		catch (CqlParseException ex) {
			return null;
		}
	}

	@Override
	public String keyspace() {
		return this.keyspaces.get(0);
	}

	@Override
	public List<String> keyspaces() {
		return this.keyspaces;
	}

	@Override
	public String keyspaceOf(AccessPattern pattern) {
		return this.keyspaceOf.getOrDefault(pattern, keyspace());
	}

	@Override
	public List<AccessPattern> accessPatterns() {
		return this.patterns;
	}

	@Override
	public Map<String, String> infrastructureTables() {
		return Map.of();
	}

	@Override
	public List<CatalogExemption> exemptions() {
		return this.exemptions;
	}

	/**
	 * What reading the file skipped.
	 * @return the notes, for the report
	 */
	List<String> notes() {
		return this.notes;
	}

}
