package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.cql.CqlStatement;

/**
 * What every check reads (the catalogue, the live schema, the prepared statements) and
 * writes (findings, analyses).
 * <p>
 * Tables are named as the report names them: by their name when the check judges one
 * keyspace, as {@code keyspace.table} when it judges several.
 */
final class CheckContext {

	final QueryCatalog catalog;

	final CqlSession session;

	/** The catalogue's keyspace (the first of {@link #keyspaces}). */
	final String keyspace;

	/** Every keyspace judged. */
	final List<String> keyspaces;

	final QueryEvidence evidence;

	final int ringNodes;

	final Audience audience;

	final Verdict unservedTables;

	/** The keyspaces' tables, by name. */
	final Map<String, TableShape> tables = new TreeMap<>();

	/** The keyspaces' materialized views, by name. */
	final Map<String, TableShape> views = new TreeMap<>();

	final List<CataloguedStatement> statements = new ArrayList<>();

	final List<Finding> findings = new ArrayList<>();

	final Map<String, QueryAnalysis> queries = new LinkedHashMap<>();

	CheckContext(QueryCatalog catalog, CqlSession session, List<KeyspaceMetadata> keyspaces, QueryEvidence evidence,
			int ringNodes, Audience audience, Verdict unservedTables) {
		this.catalog = catalog;
		this.session = session;
		this.keyspaces = keyspaces.stream().map((keyspace) -> keyspace.getName().asInternal()).toList();
		this.keyspace = this.keyspaces.get(0);
		this.evidence = evidence;
		this.ringNodes = ringNodes;
		this.audience = audience;
		this.unservedTables = unservedTables;
		for (KeyspaceMetadata metadata : keyspaces) {
			String name = metadata.getName().asInternal();
			metadata.getTables().values().forEach((table) -> {
				String reported = nameOf(name, table.getName().asInternal());
				this.tables.put(reported, new TableShape(table, reported));
			});
			metadata.getViews().values().forEach((view) -> {
				String reported = nameOf(name, view.getName().asInternal());
				this.views.put(reported, new TableShape(view, reported));
			});
		}
		for (AccessPattern pattern : catalog.accessPatterns()) {
			String defaultKeyspace = (catalog instanceof MultiKeyspaceCatalog scripted) ? scripted.keyspaceOf(pattern)
					: this.keyspace;
			this.statements.add(CataloguedStatement.of(pattern, session, defaultKeyspace,
					(target) -> nameOf(target, defaultKeyspace)));
		}
	}

	/**
	 * A table's name in the report.
	 * @param keyspace the keyspace
	 * @param table the table
	 * @return {@code table}, or {@code keyspace.table} when several keyspaces are judged
	 */
	String nameOf(String keyspace, String table) {
		return (this.keyspaces.size() > 1) ? keyspace + "." + table : table;
	}

	/**
	 * The report's name of the table a statement names.
	 * @param target the table as the statement names it
	 * @param defaultKeyspace the keyspace unqualified names resolve against
	 * @return the name in the report
	 */
	String nameOf(CqlStatement.TableName target, String defaultKeyspace) {
		return nameOf((target.keyspace() != null) ? target.keyspace() : defaultKeyspace, target.table());
	}

	boolean judgesSeveralKeyspaces() {
		return this.keyspaces.size() > 1;
	}

	boolean forThisRepository() {
		return this.audience == Audience.THIS_REPOSITORY;
	}

	void add(Finding finding) {
		this.findings.add(finding);
	}

	Optional<TableShape> shape(String table) {
		return Optional.ofNullable(this.tables.getOrDefault(table, this.views.get(table)));
	}

	boolean isInfrastructure(String table) {
		return this.catalog.infrastructureTables().containsKey(table);
	}

	/** The statements using a table (read or written). */
	List<CataloguedStatement> statementsOn(String table) {
		return this.statements.stream().filter((statement) -> statement.table().equals(table)).toList();
	}

	/**
	 * The ids of the catalogued reads of a table: its {@code SELECT}s, and its
	 * lightweight transactions, whose condition Paxos decides by reading the row on each
	 * replica of a quorum.
	 */
	List<String> readsOf(String table) {
		return this.statements.stream()
			.filter((statement) -> statement.readsItsTable() && statement.table().equals(table))
			.map(CataloguedStatement::id)
			.toList();
	}

	/**
	 * Of {@link #readsOf(String)}, the lightweight transactions: their condition reads.
	 */
	List<String> conditionReadsOf(String table) {
		return this.statements.stream()
			.filter((statement) -> statement.conditional() && statement.table().equals(table))
			.map(CataloguedStatement::id)
			.toList();
	}

	/** The sizing facts declared for a table: those of its first query declaring any. */
	Optional<SizingFacts> facts(String table) {
		return this.statements.stream()
			.filter((statement) -> statement.table().equals(table) || statement.pattern().table().equals(table))
			.map((statement) -> statement.pattern().facts())
			.filter(java.util.Objects::nonNull)
			.findFirst();
	}

}
