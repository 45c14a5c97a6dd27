package dev.querydriven.benchmarks;

import java.nio.file.Path;
import java.util.List;

import dev.querydriven.benchmarks.peer.LeanPeer;
import dev.querydriven.benchmarks.report.IntentCost;
import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.Run;
import dev.querydriven.benchmarks.report.SuiteResult;
import dev.querydriven.benchmarks.report.WorkloadResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The smoke run of the benchmark suite: tiny data, a second or 16 requests per window. It
 * asserts that every request ran through every layer without an error, never how fast.
 *
 * <p>
 * Tagged {@code slow} (it starts a node and every service's JVM, and takes about two
 * minutes): it runs in CI's {@code slow} stage, right after {@code ./mvnw -B verify}, so
 * that a change that breaks a benchmark still fails the CI run that brought it.
 */
@Tag("slow")
class BenchmarkSuiteIntegrationTests {

	/** What an overloaded smoke run's scheduling may add to a closed window. */
	private static final double SCHEDULING_SLACK_SECONDS = 0.25;

	/**
	 * Every service's requests run through the raw driver, the service layer and HTTP
	 * without an error, and every write that records intents through the raw driver
	 * without them too; every HTTP window is its phase, with the service JVM's compiler
	 * and threads measured, and its reads return what the service layer returns.
	 */
	@Test
	void everyRequestRunsThroughEveryLayerWithoutErrors() {
		Path output = Path.of("target", "benchmarks-smoke");
		Benchmarks benchmarks = Benchmarks.in(Path.of("../.."));
		SuiteResult result = new BenchmarkSuite(SuiteSettings.smoke(), output, benchmarks, benchmarks.all()).run();

		assertThat(result.services()).hasSize(Benchmarks.SERVICES.size());
		assertThat(result.workloads()).as("requests served by a lean peer")
			.filteredOn((workload) -> workload.peer() != null)
			.isNotEmpty();
		assertThat(result.workloads()).isNotEmpty().allSatisfy(BenchmarkSuiteIntegrationTests::ranEveryLayer);
		assertThat(result.notes()).as("Cassandra warnings and other notes").isEmpty();
		assertThat(result.workloads()).as("writes whose intents' cost is reported")
			.anyMatch((workload) -> workload.info().writes() && workload.intents() != null);
		assertThat(output.resolve("summary.md")).content()
			.contains("## Write intents: what recording each change costs");
		assertThat(output.resolve("results.json")).isNotEmptyFile();
		assertThat(output.resolve("charts").resolve("layers-throughput.png")).isNotEmptyFile();
	}

	/**
	 * An HTTP or peer window lasts its phase: its planned length, give or take a tenth,
	 * and the time its last request took to answer. An open step's arrivals are Gatling's
	 * schedule: on the smoke run's overloaded cores its injector falls behind and then
	 * catches up in bursts, so a step is held to its planned length at most (until its
	 * last arrival, plus its last answer). A closed window is allowed a quarter of a
	 * second more for the same reason: the last service of the smoke run measures while
	 * the others finish theirs, and a one-second window once lasted 1.59 s there, 60 ms
	 * over its tenth and its last answer. A window measured past its phase (the bug this
	 * guards against) lasts a whole phase longer.
	 */
	private static void httpWindow(WorkloadResult workload, Run run, String what) {
		double drain = run.outcome().latency().max() / 1000;
		if (Run.OPEN.equals(run.model())) {
			double planned = SuiteSettings.smoke().openStep().toMillis() / 1000.0 - 1 / run.offeredRate();
			assertThat(run.outcome().seconds()).as(what + " window, s")
				.isPositive()
				.isLessThanOrEqualTo(planned * 1.1 + drain);
		}
		else {
			double planned = SuiteSettings.smoke().window().toMillis() / 1000.0;
			assertThat(run.outcome().seconds()).as(what + " window, s")
				.isBetween(planned * 0.9, planned * 1.1 + drain + SCHEDULING_SLACK_SECONDS);
		}
		assertThat(run.compilationMillis()).as(what + " service JVM's compiler, ms").isNotNegative();
		assertThat(run.serviceThreads()).as(what + " service JVM's threads").isNotNull();
		assertThat(run.serviceThreads().userSeconds() + run.serviceThreads().systemSeconds())
			.as(what + " service JVM's CPU")
			.isPositive();
		if (!workload.info().writes()) {
			double serviceRows = workload.inputRows().stream().mapToInt(Integer::intValue).average().orElseThrow();
			assertThat(run.outcome().rowsPerRequest()).as(what + " items per response, against the service layer's")
				.isEqualTo(serviceRows);
			assertThat(workload.closed(Layer.SERVICE).orElseThrow().outcome().rowsPerRequest())
				.as(workload.info().id() + " service layer's rows per read")
				.isPositive();
		}
	}

	private static void ranEveryLayer(WorkloadResult workload) {
		List<Layer> layers = workload.runs().stream().map(Run::layer).distinct().toList();
		assertThat(layers).as(workload.info().id()).contains(Layer.DRIVER, Layer.SERVICE, Layer.HTTP);
		if (workload.info().rowInsert() != null) {
			assertThat(layers).as(workload.info().id()).contains(Layer.RAW_ROWS);
		}
		assertThat(workload.statements().keySet())
			.as(workload.info().id() + ": no statement of the intents that runs beside the request")
			.noneMatch((statement) -> statement.startsWith("UPDATE write_intents")
					|| statement.contains("FROM write_intent"));
		if (workload.info().writes() && workload.statements()
			.keySet()
			.stream()
			.anyMatch((statement) -> statement.startsWith("INSERT INTO write_intents"))) {
			assertThat(layers).as(workload.info().id()).contains(Layer.DRIVER_WITHOUT_INTENTS);
			IntentCost cost = workload.intents();
			assertThat(cost).as(workload.info().id() + " intents").isNotNull();
			assertThat(cost.intentsPerRequest()).as(workload.info().id() + " intent statements").isPositive();
			assertThat(cost.share()).as(workload.info().id() + " intents' share").isStrictlyBetween(0.0, 1.0);
			assertThat(cost.throughputRatio()).as(workload.info().id() + " throughput, with ÷ without intents")
				.isPositive()
				.isFinite();
			assertThat(cost.p50Ratio()).as(workload.info().id() + " p50, with ÷ without intents")
				.isPositive()
				.isFinite();
		}
		else {
			// Reads, and writes that record no intent (a view's counter): with
			// nothing to leave out, no window without intents.
			assertThat(layers).as(workload.info().id()).doesNotContain(Layer.DRIVER_WITHOUT_INTENTS);
			assertThat(workload.intents()).as(workload.info().id() + " intents").isNull();
		}
		if (workload.info().hottest()) {
			assertThat(workload.runs()).as(workload.info().id() + " at fixed arrival rates")
				.anyMatch((run) -> Run.OPEN.equals(run.model()));
		}
		if (LeanPeer.workloads(workload.info().service()).contains(workload.info().id())) {
			assertThat(layers).as(workload.info().id()).contains(Layer.LEAN_PEER);
			assertThat(workload.peer()).as(workload.info().id() + " peer's answers").isNotNull();
			assertThat(workload.peer().difference()).as(workload.info().id() + " peer's answers").isNull();
			assertThat(workload.peer().inputs()).as(workload.info().id() + " inputs compared").isPositive();
		}
		else {
			assertThat(layers).as(workload.info().id()).doesNotContain(Layer.LEAN_PEER);
		}
		assertThat(workload.statements()).as(workload.info().id() + " statements").isNotEmpty();
		for (Run run : workload.runs()) {
			String what = workload.info().id() + ", " + run.layer().title() + " (" + run.model() + ")";
			assertThat(run.outcome().requests()).as(what + " requests").isPositive();
			assertThat(run.outcome().errors()).as(what + " errors: " + run.outcome().errorSamples()).isZero();
			assertThat(run.outcome().warmUpErrors()).as(what + " warm-up errors").isZero();
			assertThat(run.warnings()).as(what + " Cassandra warnings").isLessThanOrEqualTo(0);
			if (!workload.info().writes() && run.layer() != Layer.HTTP) {
				assertThat(run.outcome().rowsPerRequest()).as(what + " rows per read").isPositive();
			}
			if (run.layer() == Layer.HTTP || run.layer() == Layer.LEAN_PEER) {
				httpWindow(workload, run, what);
			}
		}
	}

}
