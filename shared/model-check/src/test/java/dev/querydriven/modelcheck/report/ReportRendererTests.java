package dev.querydriven.modelcheck.report;

import java.util.List;

import dev.querydriven.modelcheck.Check;
import dev.querydriven.modelcheck.ColumnInfo;
import dev.querydriven.modelcheck.Finding;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.PartitionEstimate;
import dev.querydriven.modelcheck.QueryAnalysis;
import dev.querydriven.modelcheck.TableAnalysis;
import dev.querydriven.modelcheck.Verdict;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's Markdown and HTML: the same content, escaped for each, with the measured
 * figures only in the full version.
 */
class ReportRendererTests {

	private static final SizingFacts FACTS = new SizingFacts(1_000, 10, 50, 0.5, "a note");

	private final ModelReport report = new ModelReport("demo", List.of("demo_ks"), 6, true,
			List.of(new QueryAnalysis(
					new AccessPattern("Q1", "carts of a user", "carts", "SELECT *\n  FROM carts WHERE user_id = ?", "",
							FACTS),
					"SELECT", "1", "", "driver partition-key indices [0]", List.of("CartTests.cartsAreListed"),
					List.of())),
			List.of(new TableAnalysis("carts",
					List.of(new ColumnInfo("user_id", "uuid", ColumnInfo.Role.PARTITION_KEY),
							new ColumnInfo("items", "list<text>", ColumnInfo.Role.REGULAR)),
					"Q1: carts", List.of("Q1"), List.of(), null, FACTS, "bounded by the declared facts",
					PartitionEstimate.of(10, 2, 1, 0, 16, 0, 64, true), null)),
			List.of(),
			List.of(new Finding(Verdict.WARN, Check.ANTI_PATTERN, "tombstones", "carts", "carts",
					"Rows of `carts` a|b are <deleted>", "why *it* matters", "the fix")),
			List.of(), List.of(new MeasuredTable("carts", 3, 2_000, 1_000, 30, 3, 100, 88)), List.of(), List.of(),
			List.of());

	/**
	 * Markdown: checklist, queries, Mermaid diagram, tables with the arithmetic,
	 * findings.
	 */
	@Test
	void markdownHoldsEverySection() {
		String markdown = ReportRenderer.markdown(this.report, ReportRenderer.Part.COMMITTED);
		assertThat(markdown).startsWith("# Model check: demo\n")
			.contains("**Verdict: passes** — 0 fail, 1 warn, 0 exempted.",
					"| Write patterns sustainable (no anti-patterns)? | ⚠️ 1 warn |",
					"| Q1 | carts of a user | `carts` | `SELECT * FROM carts WHERE user_id = ?` | 1 | — | "
							+ "`CartTests.cartsAreListed` | ✅ |",
					"```mermaid\nflowchart LR\n",
					"t_carts[\"<b>carts</b><br/>user_id uuid K<br/>items list#lt;text#gt;\"]",
					"Nv = 10 × (2 − 1 − 0) + 0 = 10 values", "### ⚠️ warn · carts · anti-pattern / tombstones",
					"Rows of `carts` a|b are &lt;deleted>")
			.doesNotContain("Measured");
	}

	/**
	 * A catalogue declaring route budgets gets a checklist row, a table of every route
	 * and, in JSON, a {@code routes} array; a route over its budget fails there.
	 */
	@Test
	void routeBudgetsAreReported() {
		Finding over = new Finding(Verdict.FAIL, Check.PARTITION_BUDGET, "over-budget", "GET /carts/{userId}/history",
				null, "One request can read 13 partitions, over its budget of 6.", "why", "fix");
		ModelReport withRoutes = new ModelReport("demo", List.of("demo_ks"), 6, true, this.report.queries(),
				this.report.tables(), List.of(), List.of(over), List.of(), List.of(), List.of(), List.of(), List.of(),
				List.of(new RouteBudget("GET /carts/{userId}", 2, 1, "the cart"),
						new RouteBudget("GET /carts/{userId}/history", 6, 13, "up to 12 month buckets and the user")));
		assertThat(ReportRenderer.markdown(withRoutes, ReportRenderer.Part.COMMITTED)).contains(
				"| Few partitions per request (within each route's budget)? | ❌ 1 fail |", "## Partitions per request",
				"| `GET /carts/{userId}` | 2 | 1 | the cart | ✅ |",
				"| `GET /carts/{userId}/history` | 6 | 13 | up to 12 month buckets and the user | ❌ |");
		assertThat(ReportRenderer.json(withRoutes)).contains("\"route\" : \"GET /carts/{userId}/history\"",
				"\"worstCase\" : 13", "\"check\" : \"partition-budget\"");
		assertThat(ReportRenderer.markdown(this.report, ReportRenderer.Part.COMMITTED))
			.doesNotContain("Partitions per request");
	}

	/** The full report adds the measured figures of this run. */
	@Test
	void fullReportAddsMeasuredFigures() {
		String markdown = ReportRenderer.markdown(this.report, ReportRenderer.Part.FULL);
		assertThat(markdown).contains("## Measured (this run only)",
				"| `carts` | 3 | 2.0 kB | 1.0 kB | 30 | 100 B | 88 B |");
	}

	/**
	 * HTML escapes the text, turns inline Markdown into tags and keeps the diagram's
	 * source.
	 */
	@Test
	void htmlEscapesAndFormats() {
		String html = ReportRenderer.html(this.report, ReportRenderer.Part.COMMITTED);
		assertThat(html).startsWith("<!DOCTYPE html>")
			.contains("<title>Model check: demo</title>", "<p>Rows of <code>carts</code> a|b are &lt;deleted&gt;</p>",
					"<strong>Why:</strong> why <em>it</em> matters", "<code>items list&lt;text&gt;</code>",
					"<pre class=\"mermaid\">\nflowchart LR")
			.doesNotContain("<deleted>");
	}

	/** Code spans keep their content literal, asterisks included. */
	@Test
	void inlineCodeStaysLiteral() {
		assertThat(HtmlWriter.inline("`SELECT * FROM t` and **bold** and *emphasis* and a * star"))
			.isEqualTo("<code>SELECT * FROM t</code> and <strong>bold</strong> and <em>emphasis</em> and a * star");
	}

}
