package dev.querydriven.benchmarks.report;

import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.benchmarks.measure.CpuShares;
import dev.querydriven.benchmarks.measure.Latency;
import dev.querydriven.benchmarks.measure.Outcome;
import dev.querydriven.benchmarks.measure.ThreadCpu;
import org.assertj.core.data.Offset;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The goals each layer is held to, against the raw driver.
 */
class GoalsTests {

	/**
	 * A read is judged on its service layer's median latency against the raw driver, and
	 * over HTTP on throughput and CPU per request against its lean peer.
	 */
	@Test
	void readIsJudgedOnServiceLatencyAndHttpAgainstItsPeer() {
		WorkloadResult read = result(WorkloadInfo.read("s/read", "a read"), new PeerCheck(8, null),
				run(Layer.DRIVER, 1000, 2.0), run(Layer.SERVICE, 900, 2.4), run(Layer.HTTP, 400, 8.0, 1, 0.5),
				run(Layer.LEAN_PEER, 1000, 4.0, 1, 0.5));

		List<Goals.Verdict> verdicts = Goals.judge(read);

		assertThat(verdicts)
			.extracting(Goals.Verdict::layer, Goals.Verdict::baseline, Goals.Verdict::measure, Goals.Verdict::met)
			.containsExactly(Tuple.tuple(Layer.SERVICE, Layer.DRIVER, "p50", true),
					Tuple.tuple(Layer.HTTP, Layer.LEAN_PEER, "throughput", false),
					Tuple.tuple(Layer.HTTP, Layer.LEAN_PEER, Goals.CPU, false));
		assertThat(verdicts.get(0).ratio()).isEqualTo(1.2, Offset.offset(1e-9));
		assertThat(verdicts.get(2).ratio()).as("the same CPU for fewer requests").isEqualTo(2.5, Offset.offset(1e-9));
		assertThat(verdicts.get(2).goal()).isEqualTo("CPU per request ≤ 1.25× lean peer");
	}

	/** A peer that answered otherwise than its service is not a yardstick. */
	@Test
	void aPeerWithOtherAnswersJudgesNothing() {
		WorkloadResult read = result(WorkloadInfo.read("s/read", "a read"), new PeerCheck(3, "input 2: other items"),
				run(Layer.HTTP, 400, 8.0, 1, 0.5), run(Layer.LEAN_PEER, 1000, 4.0, 1, 0.5));

		assertThat(Goals.judge(read)).isEmpty();
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
				List.of(run(Layer.LEAN_PEER, 1000, 2.0, 20.0, 0.5), run(Layer.HTTP, 900, 8.0, 20.0, 0.5)), List.of(),
				null, serviceRows, new PeerCheck(4, null));
		WorkloadResult unequal = new WorkloadResult(info, Map.of(), 1, List.of(),
				List.of(run(Layer.LEAN_PEER, 1000, 2.0, 20.0, 0.5), run(Layer.HTTP, 900, 8.0, 10.0, 0.5)), List.of(),
				null, serviceRows, new PeerCheck(4, null));

		assertThat(Goals.judge(equal)).extracting(Goals.Verdict::layer).containsOnly(Layer.HTTP);
		assertThat(Goals.judge(unequal)).isEmpty();
	}

	private static WorkloadResult result(WorkloadInfo info, Run... runs) {
		return result(info, null, runs);
	}

	private static WorkloadResult result(WorkloadInfo info, PeerCheck peer, Run... runs) {
		return new WorkloadResult(info, Map.of(), 1, List.of(), List.of(runs), List.of(), null, List.of(), peer);
	}

	private static Run run(Layer layer, double throughput, double p50) {
		return run(layer, throughput, p50, 1, Double.NaN);
	}

	/** A window of 10 s whose serving JVM used {@code cpuShare} of a core. */
	private static Run run(Layer layer, double throughput, double p50, double rowsPerRequest, double cpuShare) {
		Outcome outcome = new Outcome(10, (long) (throughput * 10), 0, 0, 0, throughput,
				new Latency(p50, p50, p50, p50, p50), rowsPerRequest, Map.of());
		ThreadCpu.Use threads = Double.isNaN(cpuShare) ? null
				: new ThreadCpu.Use(Map.of(ThreadCpu.OTHER, 10 * cpuShare), 10 * cpuShare, 0);
		return new Run("s/w", layer, Run.CLOSED, 64, 0, outcome, CpuShares.UNKNOWN, 0, 5, 0, threads);
	}

}
