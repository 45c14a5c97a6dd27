package dev.querydriven.benchmarks.report;

import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.benchmarks.measure.CpuShares;
import dev.querydriven.benchmarks.measure.Latency;
import dev.querydriven.benchmarks.measure.Outcome;
import org.assertj.core.data.Offset;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The goals each layer is held to, against the raw driver.
 */
class GoalsTests {

	/** A read is judged on its service layer's median latency, and on HTTP throughput. */
	@Test
	void readIsJudgedOnServiceLatencyAndHttpThroughput() {
		WorkloadResult read = result(WorkloadInfo.read("s/read", "a read"), run(Layer.DRIVER, 1000, 2.0),
				run(Layer.SERVICE, 900, 2.4), run(Layer.HTTP, 400, 8.0));

		List<Goals.Verdict> verdicts = Goals.judge(read);

		assertThat(verdicts).extracting(Goals.Verdict::layer, Goals.Verdict::measure, Goals.Verdict::met)
			.containsExactly(Tuple.tuple(Layer.SERVICE, "p50", true), Tuple.tuple(Layer.HTTP, "throughput", false));
		assertThat(verdicts.get(0).ratio()).isEqualTo(1.2, Offset.offset(1e-9));
	}

	/**
	 * A write's service layer must keep three quarters of the raw driver's throughput.
	 */
	@Test
	void writeIsJudgedOnServiceThroughput() {
		WorkloadResult write = result(WorkloadInfo.write("s/write", "a write"), run(Layer.DRIVER, 1000, 2.0),
				run(Layer.SERVICE, 700, 1.0));

		Goals.Verdict verdict = Goals.judge(write).get(0);

		assertThat(verdict.measure()).isEqualTo("throughput");
		assertThat(verdict.met()).isFalse();
		assertThat(verdict.goal()).isEqualTo("throughput ≥ 0.75× raw driver");
	}

	/**
	 * An ingestion counts readings: requests per second times readings per request,
	 * against raw row inserts.
	 */
	@Test
	void ingestionComparesReadingsWithRawRowInserts() {
		WorkloadResult ingestion = result(
				WorkloadInfo.ingest("s/ingest-100", "batches", 100, "INSERT INTO readings", false),
				run(Layer.RAW_ROWS, 20_000, 1.0), run(Layer.DRIVER, 150, 50), run(Layer.SERVICE, 120, 60),
				run(Layer.HTTP, 90, 80));

		assertThat(Goals.judge(ingestion)).filteredOn((verdict) -> verdict.baseline() == Layer.RAW_ROWS)
			.extracting(Goals.Verdict::layer, Goals.Verdict::ratio)
			.containsExactly(Tuple.tuple(Layer.SERVICE, 0.6), Tuple.tuple(Layer.HTTP, 0.45));
	}

	/**
	 * A read whose HTTP responses carried fewer items than the service layer returned
	 * rows for the same inputs did less work: its HTTP ratio is not judged.
	 */
	@Test
	void unequalWorkIsNotJudged() {
		WorkloadInfo info = WorkloadInfo.read("s/read", "a read");
		List<Integer> serviceRows = List.of(20, 20, 20, 20);
		WorkloadResult equal = new WorkloadResult(info, Map.of(), 1, List.of(),
				List.of(run(Layer.DRIVER, 1000, 2.0, 1), run(Layer.HTTP, 900, 8.0, 20.0)), List.of(), null,
				serviceRows);
		WorkloadResult unequal = new WorkloadResult(info, Map.of(), 1, List.of(),
				List.of(run(Layer.DRIVER, 1000, 2.0, 1), run(Layer.HTTP, 900, 8.0, 10.0)), List.of(), null,
				serviceRows);

		assertThat(Goals.judge(equal)).extracting(Goals.Verdict::layer).containsExactly(Layer.HTTP);
		assertThat(Goals.judge(unequal)).isEmpty();
	}

	private static WorkloadResult result(WorkloadInfo info, Run... runs) {
		return new WorkloadResult(info, Map.of(), 1, List.of(), List.of(runs), List.of(), null, List.of());
	}

	private static Run run(Layer layer, double throughput, double p50) {
		return run(layer, throughput, p50, 1);
	}

	private static Run run(Layer layer, double throughput, double p50, double rowsPerRequest) {
		Outcome outcome = new Outcome(10, (long) (throughput * 10), 0, 0, 0, throughput,
				new Latency(p50, p50, p50, p50, p50), rowsPerRequest, Map.of());
		return new Run("s/w", layer, Run.CLOSED, 64, 0, outcome, CpuShares.UNKNOWN, 0, 5, 0, null);
	}

}
