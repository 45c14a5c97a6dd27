package dev.querydriven.modelcheck.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.querydriven.modelcheck.cql.CqlParseException;
import dev.querydriven.modelcheck.cql.CqlScript;
import dev.querydriven.modelcheck.cql.CqlStatement;
import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.CatalogExemption;
import dev.querydriven.modeling.catalog.QueryCatalog;

/**
 * A query catalogue read from files: each statement of the queries file is one access
 * pattern. The comment right above a statement describes it; a comment starting with an
 * id ({@code -- Q3: a user's posts}) names it, else statements are numbered Q1, Q2, ...
 */
final class FileCatalog implements QueryCatalog {

	private static final Pattern ID = Pattern.compile("^(Q\\d+)\\s*[:.\\-–]\\s*(.*)$", Pattern.DOTALL);

	private final String keyspace;

	private final List<AccessPattern> patterns;

	private final List<CatalogExemption> exemptions;

	private FileCatalog(String keyspace, List<AccessPattern> patterns, List<CatalogExemption> exemptions) {
		this.keyspace = keyspace;
		this.patterns = patterns;
		this.exemptions = exemptions;
	}

	static FileCatalog of(String keyspace, List<CqlScript.Statement> statements, FactsFile facts) {
		Set<String> explicit = new HashSet<>();
		for (CqlScript.Statement statement : statements) {
			Matcher id = ID.matcher(statement.comment());
			if (id.matches()) {
				explicit.add(id.group(1));
			}
		}
		List<AccessPattern> patterns = new ArrayList<>();
		int next = 1;
		for (CqlScript.Statement statement : statements) {
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
			String table = table(statement.cql());
			patterns.add(new AccessPattern(id, description, table, statement.cql(), "", facts.of(table)));
		}
		return new FileCatalog(keyspace, List.copyOf(patterns), facts.exemptions());
	}

	/**
	 * The statement's table, or {@code ?} when the parser cannot read it (the node will
	 * judge).
	 */
	private static String table(String cql) {
		try {
			return CqlStatement.parse(cql).target().map(CqlStatement.TableName::table).orElse("?");
		}
		catch (CqlParseException ex) {
			return "?";
		}
	}

	@Override
	public String keyspace() {
		return this.keyspace;
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

}
