package dev.querydriven.testsupport.conformance;

import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * The conformance suite fails a service that breaks it, saying what is wrong: run on
 * {@link BrokenServiceConformance}, its tests fail where that service breaks a rule and
 * pass where it keeps one.
 */
class ConformanceSuiteTests {

	/** A class that breaks an architecture rule is reported, with the rule's reason. */
	@Test
	void architectureViolationIsReported() {
		TestExecutionSummary summary = run("configurationPropertiesFollowTheConvention");
		assertThat(summary.getTestsFailedCount()).isOne();
		assertThat(summary.getFailures().get(0).getException()).isInstanceOf(AssertionError.class)
			.hasMessageContaining(BrokenServiceConformance.BAD + ".timeline.TimelineProperties is not a record")
			.hasMessageContaining(
					BrokenServiceConformance.BAD + ".seed.SeedProperties has the prefix querydriven.seed");
	}

	/** A rule the service keeps passes. */
	@Test
	void ruleTheServiceKeepsPasses() {
		TestExecutionSummary summary = run("noBlockingCalls");
		assertThat(summary.getTestsSucceededCount()).isOne();
		assertThat(summary.getTestsFailedCount()).isZero();
	}

	/**
	 * A catalogued statement that no test executed is reported by its id and CQL, with
	 * what to do about it.
	 */
	@Test
	void catalogueStatementNeverExecutedIsReported() {
		TestExecutionSummary summary = run("serviceExecutedExactlyTheCataloguedStatements");
		assertThat(summary.getTestsFailedCount()).isOne();
		assertThat(summary.getFailures().get(0).getException()).isInstanceOf(AssertionError.class)
			.hasMessageContaining("Catalogued, but never executed by any test")
			.hasMessageContaining("W1: DELETE FROM notes_by_id WHERE note_id = ?")
			.message()
			.doesNotContain("Q1:");
	}

	/** Runs one test of the broken service's suite, as the build would. */
	private static TestExecutionSummary run(String test) {
		LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
			.selectors(selectMethod(BrokenServiceConformance.class, test))
			.build();
		SummaryGeneratingListener listener = new SummaryGeneratingListener();
		LauncherFactory.create().execute(request, listener);
		TestExecutionSummary summary = listener.getSummary();
		assertThat(summary.getTestsStartedCount()).as("tests of %s started", test).isOne();
		return summary;
	}

}
