package dev.querydriven.modelcheck;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.querydriven.modelcheck.catalog.SizingFacts;

/**
 * Catalogue integrity: every query names a table that exists and that its CQL uses, every
 * table serves a query (or is declared infrastructure), every table written is read (by a
 * {@code SELECT}, or by a lightweight transaction's condition), every query has a test,
 * and the node can prepare every statement.
 */
final class CatalogueCheck {

	private CatalogueCheck() {
	}

	static void run(CheckContext context) {
		Set<String> ids = new HashSet<>();
		for (CataloguedStatement statement : context.statements) {
			String id = statement.id();
			if (!ids.add(id)) {
				fail(context, "duplicate-query-id", id, statement.pattern().table(),
						"The catalogue declares " + id + " more than once.", "Give every query its own id.");
			}
			checkTable(context, statement);
			if (statement.refusal().isPresent() && statement.unusable()) {
				fail(context, "unusable-statement", id, statement.table(),
						"The node refuses the CQL of " + id + ": " + statement.refusal().get(),
						"Fix the statement: it must be valid CQL for the keyspace's schema.");
			}
		}
		checkServedTables(context);
		checkTests(context, ids);
		checkFacts(context);
	}

	private static void checkTable(CheckContext context, CataloguedStatement statement) {
		String id = statement.id();
		String declared = statement.pattern().table();
		if (context.shape(declared).isEmpty()) {
			fail(context, "missing-table", id, declared,
					id + " is served by table `" + declared + "`, which does not exist in "
							+ (context.judgesSeveralKeyspaces() ? "the keyspaces checked"
									: "keyspace `" + context.keyspace + "`")
							+ ".",
					"Create the table in a schema file, or correct the table named in the catalogue.");
		}
		statement.parsed().flatMap((parsed) -> parsed.target()).ifPresent((target) -> {
			if (target.keyspace() != null && !context.keyspaces.contains(target.keyspace())) {
				fail(context, "foreign-keyspace", id, declared,
						"The CQL of " + id + " uses keyspace `" + target.keyspace() + "`, not `"
								+ String.join("`, `", context.keyspaces) + "`.",
						"A service reads and writes its own keyspace only.");
			}
			String used = statement.nameOf(target);
			if (!used.equals(declared)) {
				fail(context, "table-mismatch", id, declared, "The catalogue says " + id + " is served by `" + declared
						+ "`, but its CQL uses `" + used + "`.",
						"Correct the catalogue or the statement: one table per query, named in both.");
			}
		});
	}

	private static void checkServedTables(CheckContext context) {
		for (String table : context.tables.keySet()) {
			if (context.isInfrastructure(table)) {
				continue;
			}
			// A lightweight transaction's condition is a read: Paxos reads the row on
			// the replicas to decide it, and a write that does not apply answers it.
			if (!context.readsOf(table).isEmpty()) {
				continue;
			}
			boolean written = !context.statementsOn(table).isEmpty();
			if (written) {
				context.add(new Finding(Verdict.WARN, Check.CATALOGUE, "unread-table", table, table,
						"Table `" + table + "` is written by the catalogue's statements but read by none of them: "
								+ "no query selects from it, and no lightweight transaction's condition reads it.",
						Guidance.CATALOGUE,
						"Catalogue the query that reads it, or drop the table if nothing reads it."));
			}
			else {
				context.add(new Finding(context.unservedTables, Check.CATALOGUE, "unserved-table", table, table,
						"Table `" + table + "` serves no catalogued query"
								+ (context.forThisRepository() ? " and is not declared infrastructure." : "."),
						Guidance.CATALOGUE, Guidance.unservedFix(context.audience)));
			}
		}
	}

	private static void checkTests(CheckContext context, Set<String> ids) {
		if (!context.evidence.testsChecked()) {
			return;
		}
		for (CataloguedStatement statement : context.statements) {
			if (context.evidence.testsOf(statement.id()).isEmpty()) {
				fail(context, "untested-query", statement.id(), statement.pattern().table(),
						statement.id() + " (" + statement.pattern().description() + ") has no test carrying "
								+ "`@ServesQuery(\"" + statement.id() + "\")`.",
						"Annotate the test that proves the query (its rows, its order, its limits) with `@ServesQuery(\""
								+ statement.id() + "\")`.");
			}
		}
		for (String named : context.evidence.namedIds().stream().sorted().toList()) {
			if (!ids.contains(named)) {
				List<String> where = new java.util.ArrayList<>(context.evidence.testsOf(named));
				where.addAll(context.evidence.codeOf(named));
				fail(context, "unknown-query-id", named, null,
						"`@ServesQuery(\"" + named + "\")` on " + String.join(", ", where)
								+ " names a query the catalogue does not declare.",
						"Declare the query in the catalogue, or correct the id.");
			}
		}
	}

	private static void checkFacts(CheckContext context) {
		for (String table : context.tables.keySet()) {
			List<SizingFacts> declared = context.statements.stream()
				.filter((statement) -> statement.pattern().table().equals(table))
				.map((statement) -> statement.pattern().facts())
				.filter(Objects::nonNull)
				.distinct()
				.toList();
			if (declared.size() > 1) {
				context.add(new Finding(Verdict.WARN, Check.CATALOGUE, "conflicting-facts", table, table,
						"The queries reading `" + table + "` declare " + declared.size()
								+ " different sizing facts; the check uses the first.",
						Guidance.FACTS, "Declare one set of facts per table (share a constant)."));
			}
		}
	}

	private static void fail(CheckContext context, String rule, String subject, String table, String problem,
			String fix) {
		context.add(new Finding(Verdict.FAIL, Check.CATALOGUE, rule, subject, table, problem, Guidance.CATALOGUE, fix));
	}

}
