package dev.querydriven.modelcheck;

import java.util.List;

import dev.querydriven.modelcheck.catalog.RouteBudget;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Partitions per request: a route whose worst case exceeds its budget fails, naming the
 * route and the walk to bound; a budget above the worst case is a ceiling, not a target.
 */
class RouteBudgetCheckTests {

	/** A page that may walk 31 day buckets against a budget of 10 fails, with the fix. */
	@Test
	void worstCaseOverBudgetFails() {
		List<Finding> findings = RouteBudgetCheck.findings(List.of(new RouteBudget("GET /users/{userId}/timeline", 10,
				34, "the reader, their hidden and pulled authors, then up to 31 day buckets")));
		assertThat(findings).singleElement().satisfies((finding) -> {
			assertThat(finding.verdict()).isEqualTo(Verdict.FAIL);
			assertThat(finding.check()).isEqualTo(Check.PARTITION_BUDGET);
			assertThat(finding.rule()).isEqualTo("over-budget");
			assertThat(finding.subject()).isEqualTo("GET /users/{userId}/timeline");
			assertThat(finding.table()).isNull();
			assertThat(finding.problem()).contains("can read 34 partitions, over its budget of 10",
					"up to 31 day buckets");
			assertThat(finding.why()).contains("Minimize Partition Reads");
			assertThat(finding.fix()).contains("index of the buckets", "cap the range");
		});
	}

	/** A worst case at or under the budget passes, however far under. */
	@Test
	void worstCaseWithinBudgetPasses() {
		assertThat(RouteBudgetCheck.findings(List.of(new RouteBudget("GET /orders/{orderId}", 1, 1, "the order"),
				new RouteBudget("POST /orders", 20, 2, "the order and a watermark"),
				new RouteBudget("GET /buckets/advice", 0, 0, "arithmetic only"))))
			.isEmpty();
	}

	/** A route declared twice fails: its two declarations could disagree. */
	@Test
	void routeDeclaredTwiceFails() {
		assertThat(RouteBudgetCheck
			.findings(List.of(new RouteBudget("GET /orders", 5, 3, "a"), new RouteBudget("GET /orders", 5, 4, "b"))))
			.extracting(Finding::rule, Finding::subject)
			.containsExactly(tuple("duplicate-route", "GET /orders"));
	}

	/** A declaration must name a method and a path, and count partitions from zero. */
	@Test
	void declarationsAreValidated() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RouteBudget("/orders", 1, 1, "no method"))
			.withMessageContaining("HTTP method and a path pattern");
		assertThatIllegalArgumentException().isThrownBy(() -> new RouteBudget("GET /orders", -1, 1, "negative"))
			.withMessageContaining("cannot be negative");
	}

}
