package dev.querydriven.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.querydriven.benchmarks.api.WorkloadInfo;

/**
 * The goals each layer is held to, against the raw driver running the same statements
 * (or, for ingestion, inserting the same rows one by one).
 * <ul>
 * <li>Service layer, writes: at least 0.75&times; the raw driver's throughput.</li>
 * <li>Service layer, reads: a median latency at most 1.3&times; the raw driver's.</li>
 * <li>HTTP: at least 0.5&times; the raw driver's throughput.</li>
 * <li>Ingestion (service layer and HTTP): at least 0.5&times; the readings per second of
 * raw single-row inserts.</li>
 * </ul>
 */
public final class Goals {

	/** The measure of the serving JVM's CPU per request. */
	public static final String CPU = "CPU per request";

	/** Service-layer write throughput, as a share of the raw driver's. */
	public static final double SERVICE_WRITE_THROUGHPUT = 0.75;

	/** Service-layer read median latency, as a multiple of the raw driver's. */
	public static final double SERVICE_READ_P50 = 1.3;

	/**
	 * HTTP throughput, as a share of the lean peer's: what this project adds to WebFlux,
	 * Jackson and the driver may cost a fifth of the requests per second.
	 */
	public static final double HTTP_THROUGHPUT = 0.8;

	/** The service JVM's CPU per HTTP request, as a multiple of the lean peer's. */
	public static final double HTTP_CPU = 1.25;

	/** Ingested readings per second, as a share of raw single-row inserts. */
	public static final double INGESTION = 0.5;

	private Goals() {
	}

	/**
	 * Every goal of a workload that its runs allow to judge.
	 * @param workload the workload's results
	 * @return the verdicts
	 */
	public static List<Verdict> judge(WorkloadResult workload) {
		List<Verdict> verdicts = new ArrayList<>();
		Optional<Run> driver = workload.closed(Layer.DRIVER);
		Optional<Run> service = workload.closed(Layer.SERVICE);
		Optional<Run> http = workload.closed(Layer.HTTP);
		Optional<Run> rows = workload.closed(Layer.RAW_ROWS);
		if (driver.isPresent() && service.isPresent()) {
			verdicts.add(service(workload.info(), driver.get(), service.get()));
		}
		Optional<Run> peer = workload.closed(Layer.LEAN_PEER);
		if (peer.isPresent() && http.isPresent() && workload.peer() != null && workload.peer().equal()
				&& sameWork(workload, http.get())) {
			verdicts.add(throughput(Layer.HTTP, "throughput", peer.get(), http.get(), HTTP_THROUGHPUT, 1));
			double ratio = cpuPerRequest(http.get()) / cpuPerRequest(peer.get());
			if (Double.isFinite(ratio)) {
				verdicts.add(new Verdict(Layer.HTTP, Layer.LEAN_PEER, CPU, ratio, HTTP_CPU, ratio <= HTTP_CPU));
			}
		}
		if (rows.isPresent()) {
			int perRequest = workload.info().rowsPerRequest();
			service.ifPresent((run) -> verdicts
				.add(throughput(Layer.SERVICE, "readings/s", rows.get(), run, INGESTION, perRequest)));
			http.ifPresent((run) -> verdicts
				.add(throughput(Layer.HTTP, "readings/s", rows.get(), run, INGESTION, perRequest)));
		}
		return verdicts;
	}

	/**
	 * The CPU one request cost the JVM serving it, all its threads: the compiler's, the
	 * collector's and the kernel's time included.
	 * @param run a run of HTTP or of a lean peer
	 * @return core-seconds per request, NaN where not measured
	 */
	public static double cpuPerRequest(Run run) {
		if (run.serviceThreads() == null || run.outcome().requests() == 0) {
			return Double.NaN;
		}
		return (run.serviceThreads().userSeconds() + run.serviceThreads().systemSeconds()) / run.outcome().requests();
	}

	/**
	 * Whether a read's responses over HTTP carried as many items as the service layer
	 * returned rows for the same inputs: a ratio between unequal work is not judged.
	 * @param workload the workload's results
	 * @param run a run of another layer, its rows per request counted in its responses
	 * @return true for writes, for runs that counted nothing, and for equal reads
	 */
	public static boolean sameWork(WorkloadResult workload, Run run) {
		double rows = run.outcome().rowsPerRequest();
		if (workload.info().writes() || Double.isNaN(rows) || workload.inputRows().isEmpty()) {
			return true;
		}
		double expected = workload.inputRows().stream().mapToInt(Integer::intValue).average().orElse(0);
		return Math.abs(rows - expected) < 1e-9;
	}

	/**
	 * The service layer's goal.
	 * @param info the workload
	 * @param driver the raw driver's run
	 * @param service the service layer's run
	 * @return the verdict
	 */
	public static Verdict service(WorkloadInfo info, Run driver, Run service) {
		if (info.writes()) {
			return throughput(Layer.SERVICE, "throughput", driver, service, SERVICE_WRITE_THROUGHPUT, 1);
		}
		double ratio = service.outcome().latency().p50() / driver.outcome().latency().p50();
		return new Verdict(Layer.SERVICE, Layer.DRIVER, "p50", ratio, SERVICE_READ_P50, ratio <= SERVICE_READ_P50);
	}

	private static Verdict throughput(Layer layer, String what, Run baseline, Run run, double target,
			int rowsPerRequest) {
		double ratio = run.outcome().throughput() * rowsPerRequest / baseline.outcome().throughput();
		return new Verdict(layer, baseline.layer(), what, ratio, target, ratio >= target);
	}

	/**
	 * How one layer fared against its goal.
	 *
	 * @param layer the layer judged
	 * @param baseline what it is compared with
	 * @param measure {@code throughput}, {@code p50} or {@code readings/s}
	 * @param ratio the layer's value divided by the baseline's
	 * @param target the goal's ratio
	 * @param met whether the goal is met
	 */
	public record Verdict(Layer layer, Layer baseline, String measure, double ratio, double target, boolean met) {

		/**
		 * The goal in words.
		 * @return e.g. "throughput ≥ 0.75× raw driver"
		 */
		public String goal() {
			String relation = (this.measure.equals("p50") || this.measure.equals(CPU)) ? "≤" : "≥";
			return this.measure + " " + relation + " " + this.target + "× " + this.baseline.title();
		}

	}

}
