package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.QueryCatalog;
import dev.querydriven.modeling.catalog.SizingFacts;

/**
 * What every check reads (the catalogue, the live schema, the prepared statements) and
 * writes (findings, analyses).
 */
final class CheckContext {

	final QueryCatalog catalog;

	final CqlSession session;

	final String keyspace;

	final QueryEvidence evidence;

	final int ringNodes;

	/** The keyspace's tables, by name. */
	final Map<String, TableShape> tables = new TreeMap<>();

	/** The keyspace's materialized views, by name. */
	final Map<String, TableShape> views = new TreeMap<>();

	final List<CataloguedStatement> statements = new ArrayList<>();

	final List<Finding> findings = new ArrayList<>();

	final Map<String, QueryAnalysis> queries = new LinkedHashMap<>();

	CheckContext(QueryCatalog catalog, CqlSession session, KeyspaceMetadata keyspace, QueryEvidence evidence,
			int ringNodes) {
		this.catalog = catalog;
		this.session = session;
		this.keyspace = keyspace.getName().asInternal();
		this.evidence = evidence;
		this.ringNodes = ringNodes;
		keyspace.getTables()
			.values()
			.forEach((table) -> this.tables.put(table.getName().asInternal(), new TableShape(table)));
		keyspace.getViews()
			.values()
			.forEach((view) -> this.views.put(view.getName().asInternal(), new TableShape(view)));
		for (AccessPattern pattern : catalog.accessPatterns()) {
			this.statements.add(CataloguedStatement.of(pattern, session, this.keyspace));
		}
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

	/** The ids of the catalogued reads of a table. */
	List<String> readsOf(String table) {
		return this.statements.stream()
			.filter((statement) -> statement.isRead() && statement.table().equals(table))
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
