package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.querydriven.modelcheck.catalog.RouteBudget;

/**
 * "Minimize partition reads", per request: each HTTP route's worst case (the most
 * partitions one request can read as the code is written) against its budget (the
 * design's ceiling). The one-partition check judges statements; a page that walks 31
 * daily buckets passes it 31 times, and only this check sees the 31 partitions a client
 * waits for. A budget far above the worst case is fine: it is a ceiling, not a target.
 */
final class RouteBudgetCheck {

	private RouteBudgetCheck() {
	}

	static void run(CheckContext context) {
		findings(context.catalog.routeBudgets()).forEach(context::add);
	}

	/**
	 * Judges a catalogue's route budgets.
	 * @param routes the declarations
	 * @return the findings: a {@code fail} for a route whose worst case exceeds its
	 * budget, and for a route declared twice
	 */
	static List<Finding> findings(List<RouteBudget> routes) {
		List<Finding> findings = new ArrayList<>();
		Set<String> seen = new HashSet<>();
		for (RouteBudget route : routes) {
			if (!seen.add(route.route())) {
				findings.add(new Finding(Verdict.FAIL, Check.PARTITION_BUDGET, "duplicate-route", route.route(), null,
						"`" + route.route() + "` is declared more than once.", Guidance.PARTITION_BUDGET,
						"Declare each route once, with the worst case of everything it can do."));
				continue;
			}
			if (!route.withinBudget()) {
				findings.add(new Finding(Verdict.FAIL, Check.PARTITION_BUDGET, "over-budget", route.route(), null,
						String.format(Locale.ROOT,
								"One request of `%s` can read %d partitions, over its budget of %d (%s).",
								route.route(), route.worstCase(), route.budget(), route.why()),
						Guidance.PARTITION_BUDGET, Guidance.PARTITION_BUDGET_FIX));
			}
		}
		return findings;
	}

}
