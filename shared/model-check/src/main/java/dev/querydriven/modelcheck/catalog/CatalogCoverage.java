package dev.querydriven.modelcheck.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Compares the statements a service executed (over a whole test run, say) with its
 * catalogue: a statement executed but catalogued nowhere is a query or write nobody
 * designed a table for; a catalogued statement never executed is documentation that lies,
 * or a query no test proves. Statements are compared by {@link StatementShape}, so
 * {@code SELECT * FROM t WHERE k=? LIMIT ?} as Spring Data renders it is the catalogued
 * {@code SELECT a, b FROM t WHERE k = ? LIMIT ?}. Statements on the catalogue's
 * {@link QueryCatalog#infrastructureTables() infrastructure tables} (a migration engine's
 * state, say) are not queries of the model, and are left out.
 *
 * @param uncatalogued the executed statements no catalogued statement covers
 * @param neverExecuted the catalogued statements no executed statement matched
 */
public record CatalogCoverage(List<String> uncatalogued, List<Entry> neverExecuted) {

	public CatalogCoverage {
		uncatalogued = List.copyOf(uncatalogued);
		neverExecuted = List.copyOf(neverExecuted);
	}

	/**
	 * Compares executed statements with a catalogue.
	 * @param catalog the catalogue
	 * @param executed the text of each statement executed (duplicates are fine)
	 * @return the comparison
	 */
	public static CatalogCoverage of(QueryCatalog catalog, Collection<String> executed) {
		List<Entry> entries = entries(catalog);
		Set<Entry> matched = new LinkedHashSet<>();
		List<String> uncatalogued = new ArrayList<>();
		Set<String> infrastructure = catalog.infrastructureTables().keySet();
		for (String cql : new LinkedHashSet<>(executed)) {
			StatementShape shape = StatementShape.of(cql);
			if (infrastructure.contains(shape.table())) {
				continue;
			}
			List<Entry> covering = entries.stream().filter((entry) -> entry.shape().covers(shape)).toList();
			if (covering.isEmpty()) {
				uncatalogued.add(cql + "  [" + shape.describe() + "]");
			}
			matched.addAll(covering);
		}
		List<Entry> neverExecuted = entries.stream().filter((entry) -> !matched.contains(entry)).toList();
		return new CatalogCoverage(uncatalogued, neverExecuted);
	}

	/**
	 * Every catalogued statement: each query's statements, then each write.
	 * @param catalog the catalogue
	 * @return the entries
	 */
	public static List<Entry> entries(QueryCatalog catalog) {
		List<Entry> entries = new ArrayList<>();
		for (AccessPattern pattern : catalog.accessPatterns()) {
			for (String cql : pattern.statements()) {
				entries.add(new Entry(pattern.id(), cql, StatementShape.of(cql), pattern.consistencies()));
			}
		}
		for (WritePattern write : catalog.writePatterns()) {
			entries.add(new Entry(write.id(), write.cql(), StatementShape.of(write.cql()), write.consistencies()));
		}
		return List.copyOf(entries);
	}

	/**
	 * Whether the executed statements are exactly the catalogued ones.
	 * @return {@code true} when nothing is uncatalogued and nothing never executed
	 */
	public boolean complete() {
		return this.uncatalogued.isEmpty() && this.neverExecuted.isEmpty();
	}

	/**
	 * The differences in words.
	 * @return a multi-line description, empty when complete
	 */
	public String describe() {
		StringBuilder text = new StringBuilder();
		if (!this.uncatalogued.isEmpty()) {
			text.append(
					"Executed, but catalogued nowhere (add the statement to the catalogue, or stop running it):\n  ")
				.append(String.join("\n  ", this.uncatalogued))
				.append('\n');
		}
		if (!this.neverExecuted.isEmpty()) {
			text.append("Catalogued, but never executed by any test (write a test that runs it, or remove it):\n  ")
				.append(this.neverExecuted.stream()
					.map((entry) -> entry.id() + ": " + entry.cql())
					.collect(Collectors.joining("\n  ")))
				.append('\n');
		}
		return text.toString();
	}

	/**
	 * One catalogued statement.
	 *
	 * @param id the query or write it belongs to
	 * @param cql its text
	 * @param shape its shape
	 * @param consistencies the levels its query or write declares
	 */
	public record Entry(String id, String cql, StatementShape shape, List<Consistency> consistencies) {

		public Entry {
			consistencies = List.copyOf(consistencies);
		}

	}

}
