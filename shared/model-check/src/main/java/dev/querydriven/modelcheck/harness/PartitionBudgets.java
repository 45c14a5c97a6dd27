package dev.querydriven.modelcheck.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;

/**
 * A service's partition budgets put to the test: each route's declared worst case held
 * against what one request of the route really read when a test drove it there, every
 * route the application serves held against the declarations, and the README's
 * "Partitions per request" table (route, budget, worst case, measured) generated from
 * both. The README keeps the table between {@link #BEGIN} and {@link #END};
 * {@link #verifyReadme(Path)} fails when it is out of date, and rewrites it with
 * {@code -Dquerydriven.update-generated=true}.
 *
 * <pre class="code">
 * private static final PartitionBudgets BUDGETS = PartitionBudgets.of(new EcommerceOrdersQueryCatalog());
 *
 * &#64;Test
 * void readingAnOrderReadsItsPartition() {
 *     BUDGETS.measured("GET /orders/{orderId}", RequestPartitions.read(recorder, "GET /orders/{orderId}",
 *             () -&gt; client.get().uri("/orders/{id}", orderId).exchange().expectStatus().isOk()));
 * }
 * </pre>
 */
public final class PartitionBudgets {

	/** The line before the generated table. */
	public static final String BEGIN = "<!-- partition-budgets:begin (generated from the route budgets of the query "
			+ "catalogue and the measurements of PartitionBudgetIntegrationTests) -->";

	/** The line after it. */
	public static final String END = "<!-- partition-budgets:end -->";

	private final Map<String, RouteBudget> declared = new LinkedHashMap<>();

	private final Map<String, Integer> measured = new ConcurrentHashMap<>();

	private PartitionBudgets(QueryCatalog catalog) {
		for (RouteBudget budget : catalog.routeBudgets()) {
			if (this.declared.putIfAbsent(budget.route(), budget) != null) {
				throw new AssertionError(budget.route() + " is declared twice in " + catalog.getClass().getName());
			}
		}
	}

	/**
	 * The budgets a catalogue declares, none measured yet.
	 * @param catalog the service's catalogue
	 * @return the budgets
	 */
	public static PartitionBudgets of(QueryCatalog catalog) {
		return new PartitionBudgets(catalog);
	}

	/**
	 * A route's declaration.
	 * @param route e.g. {@code GET /orders/{orderId}}
	 * @return its budget
	 * @throws AssertionError when the route is not declared
	 */
	public RouteBudget declared(String route) {
		RouteBudget budget = this.declared.get(route);
		if (budget == null) {
			throw new AssertionError(route + " has no partition budget: declare it in the catalogue's routeBudgets()");
		}
		return budget;
	}

	/**
	 * Records what one request of a route read when driven to its worst case.
	 * @param route the route
	 * @param partitions the distinct partitions the request read
	 * @throws AssertionError unless it read exactly the declared worst case (no more: the
	 * declaration would understate the cost; no fewer: the test did not reach the worst
	 * case, or the declaration overstates it), and no more than the budget
	 */
	public void measured(String route, int partitions) {
		RouteBudget budget = declared(route);
		if (partitions != budget.worstCase()) {
			throw new AssertionError(route + " read " + partitions + " partitions, but its declared worst case is "
					+ budget.worstCase() + " (" + budget.why() + "): correct the declaration, or drive the request "
					+ "to its worst case");
		}
		if (partitions > budget.budget()) {
			throw new AssertionError(
					route + " read " + partitions + " partitions, over its budget of " + budget.budget());
		}
		this.measured.put(route, partitions);
	}

	/**
	 * Fails unless the application serves exactly the declared routes: a route without a
	 * budget would escape the check, a budget without a route is stale.
	 * @param applicationRoutes the routes the application serves, e.g.
	 * {@code GET /orders}
	 */
	public void verifyRoutes(Set<String> applicationRoutes) {
		Set<String> undeclared = new TreeSet<>(applicationRoutes);
		undeclared.removeAll(this.declared.keySet());
		Set<String> stale = new TreeSet<>(this.declared.keySet());
		stale.removeAll(applicationRoutes);
		if (!undeclared.isEmpty() || !stale.isEmpty()) {
			throw new AssertionError("Every route needs exactly one partition budget. Served without a budget: "
					+ undeclared + "; declared but not served: " + stale);
		}
	}

	/**
	 * The README's table.
	 * @return the Markdown (without the markers)
	 */
	public String markdown() {
		StringBuilder text = new StringBuilder();
		text.append("| Route | Budget | Worst case | Measured | Why |\n");
		text.append("|---|---|---|---|---|\n");
		for (RouteBudget budget : this.declared.values()) {
			Integer read = this.measured.get(budget.route());
			text.append("| `")
				.append(budget.route())
				.append("` | ")
				.append(budget.budget())
				.append(" | ")
				.append(budget.worstCase())
				.append(" | ")
				.append((read != null) ? read.toString() : "not measured")
				.append(" | ")
				.append(budget.why().replace("|", "\\|").replace("\n", " "))
				.append(" |\n");
		}
		return text.toString();
	}

	/**
	 * Fails unless every declared route was measured and the README's table shows the
	 * declarations and the measurements (rewrites it with
	 * {@code -Dquerydriven.update-generated=true}).
	 * @param readme the README, holding the markers
	 */
	public void verifyReadme(Path readme) {
		List<String> unmeasured = this.declared.keySet()
			.stream()
			.filter((route) -> !this.measured.containsKey(route))
			.toList();
		if (!unmeasured.isEmpty()) {
			throw new AssertionError("Not measured (run every test of the class): " + unmeasured);
		}
		String content;
		try {
			content = Files.readString(readme);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + readme, ex);
		}
		int begin = content.indexOf(BEGIN);
		int end = content.indexOf(END);
		if (begin < 0 || end < begin) {
			throw new AssertionError(readme + " has no generated partition table: put the lines\n  " + BEGIN + "\n  "
					+ END + "\nwhere it belongs and regenerate with -D" + ModelCheckHarness.UPDATE_PROPERTY + "=true");
		}
		String expected = content.substring(0, begin + BEGIN.length()) + "\n" + markdown() + content.substring(end);
		if (expected.equals(content)) {
			return;
		}
		if (Boolean.getBoolean(ModelCheckHarness.UPDATE_PROPERTY)) {
			try {
				Files.writeString(readme, expected);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not write " + readme, ex);
			}
			return;
		}
		throw new AssertionError(readme + "'s partition table is out of date with the route budgets and the "
				+ "measurements (regenerate with -D" + ModelCheckHarness.UPDATE_PROPERTY + "=true)");
	}

}
