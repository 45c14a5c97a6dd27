package dev.querydriven.modelcheck.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares the levels a service's statements ran at (over a whole test run, say) with the
 * levels its catalogue declares: a statement that ran at a level its query or write does
 * not declare is a consistency nobody chose (a statement that sets no level runs at the
 * session's default, whatever that is), and a declared level no statement ran at is
 * documentation that lies. Executed statements are matched to the catalogue by
 * {@link StatementShape}, as {@link CatalogCoverage} matches them; a statement no entry
 * covers is {@link CatalogCoverage}'s to report, and statements on the catalogue's
 * infrastructure tables are left out.
 *
 * @param undeclared the queries and writes that declare no level, each with the levels
 * its statements ran at
 * @param unexpected each executed statement that ran at a level its entry does not
 * declare, with the level and the entry's levels
 * @param neverObserved each declared level that none of its query's or write's statements
 * ran at
 */
public record CatalogConsistency(List<String> undeclared, List<String> unexpected, List<String> neverObserved) {

	public CatalogConsistency {
		undeclared = List.copyOf(undeclared);
		unexpected = List.copyOf(unexpected);
		neverObserved = List.copyOf(neverObserved);
	}

	/**
	 * Compares the levels statements ran at with a catalogue's.
	 * @param catalog the catalogue
	 * @param executed every level each statement ran at, by statement text
	 * @return the comparison
	 */
	public static CatalogConsistency of(QueryCatalog catalog, Map<String, Set<Consistency>> executed) {
		List<CatalogCoverage.Entry> entries = CatalogCoverage.entries(catalog);
		Map<String, Set<Consistency>> observedById = new LinkedHashMap<>();
		List<String> unexpected = new ArrayList<>();
		Set<String> infrastructure = catalog.infrastructureTables().keySet();
		executed.forEach((cql, levels) -> {
			StatementShape shape = StatementShape.of(cql);
			if (infrastructure.contains(shape.table())) {
				return;
			}
			for (CatalogCoverage.Entry entry : entries) {
				if (!entry.shape().covers(shape)) {
					continue;
				}
				observedById.computeIfAbsent(entry.id(), (id) -> new LinkedHashSet<>()).addAll(levels);
				Set<Consistency> undeclaredLevels = new LinkedHashSet<>(levels);
				undeclaredLevels.removeAll(entry.consistencies());
				if (!undeclaredLevels.isEmpty() && !entry.consistencies().isEmpty()) {
					unexpected.add(entry.id() + " ran at " + undeclaredLevels + ", but declares "
							+ entry.consistencies() + ": " + cql);
				}
			}
		});
		Map<String, List<Consistency>> declaredById = new LinkedHashMap<>();
		entries.forEach((entry) -> declaredById.putIfAbsent(entry.id(), entry.consistencies()));
		List<String> undeclared = new ArrayList<>();
		List<String> neverObserved = new ArrayList<>();
		declaredById.forEach((id, declared) -> {
			Set<Consistency> observed = observedById.getOrDefault(id, Set.of());
			if (declared.isEmpty()) {
				undeclared.add(id + ", which ran at " + observed);
			}
			declared.stream()
				.filter((level) -> !observed.contains(level))
				.forEach((level) -> neverObserved.add(id + " declares " + level + ", but ran at " + observed));
		});
		return new CatalogConsistency(undeclared, unexpected, neverObserved);
	}

	/**
	 * Whether every statement declares its levels, ran at one of them, and every declared
	 * level was seen.
	 * @return {@code true} when there is no difference
	 */
	public boolean complete() {
		return this.undeclared.isEmpty() && this.unexpected.isEmpty() && this.neverObserved.isEmpty();
	}

	/**
	 * The differences in words.
	 * @return a multi-line description, empty when complete
	 */
	public String describe() {
		StringBuilder text = new StringBuilder();
		append(text, "Declares no level (declare each level it runs at, with at(...)):", this.undeclared);
		append(text, "Ran at a level its entry does not declare (set the level in the code, or declare it):",
				this.unexpected);
		append(text, "Declared, but no statement ran at it (a test that runs it there, or remove the level):",
				this.neverObserved);
		return text.toString();
	}

	private static void append(StringBuilder text, String heading, List<String> lines) {
		if (!lines.isEmpty()) {
			text.append(heading).append("\n  ").append(String.join("\n  ", lines)).append('\n');
		}
	}

}
