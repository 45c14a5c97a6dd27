package dev.querydriven.benchmarks.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.querydriven.benchmarks.Json;
import dev.querydriven.benchmarks.measure.CpuShares;

import dev.querydriven.benchmarks.measure.Machine;
import dev.querydriven.benchmarks.measure.Outcome;
import dev.querydriven.benchmarks.measure.Roles;
import dev.querydriven.benchmarks.measure.ThreadCpu;

/**
 * Writes a run's results: {@code results.json} (every window), {@code summary.md} (the
 * comparisons, as ratios against the raw driver, with the goals, CPU shares and the
 * machine), the charts, and, on request, copies them where they are committed.
 */
public final class Report {

	private static final String COMMAND = "./mvnw -B -pl shared/benchmarks -am verify -Pbenchmarks";

	private Report() {
	}

	/**
	 * Writes the results, the summary and the charts.
	 * @param result the run
	 * @param directory the run's output directory
	 */
	public static void write(SuiteResult result, Path directory) {
		Json.write(directory.resolve("results.json"), result);
		List<Charts.Chart> charts = Charts.draw(result, directory.resolve("charts"));
		try {
			Files.writeString(directory.resolve("summary.md"), summary(result, charts));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Copies the summary, the results, the charts and the flame graphs to where they are
	 * committed, replacing the previous run's.
	 * @param directory the run's output directory
	 * @param published where they go (e.g. {@code shared/benchmarks/results})
	 * @param result the run
	 */
	public static void publish(Path directory, Path published, SuiteResult result) {
		try {
			for (String folder : List.of("charts", "profiles")) {
				Path target = published.resolve(folder);
				if (Files.exists(target)) {
					try (Stream<Path> files = Files.list(target)) {
						for (Path file : files.toList()) {
							Files.delete(file);
						}
					}
				}
				Files.createDirectories(target);
				Path source = directory.resolve(folder);
				if (Files.isDirectory(source)) {
					try (Stream<Path> files = Files.list(source)) {
						for (Path file : files.filter((path) -> !path.toString().endsWith(".jfr")).toList()) {
							Files.copy(file, target.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
						}
					}
				}
			}
			Files.copy(directory.resolve("summary.md"), published.resolve("summary.md"),
					StandardCopyOption.REPLACE_EXISTING);
			Files.copy(directory.resolve("results.json"), published.resolve("results.json"),
					StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static String summary(SuiteResult result, List<Charts.Chart> charts) {
		StringBuilder md = new StringBuilder();
		Machine machine = result.machine();
		md.append("# Benchmarks: what each layer costs against the raw driver\n\n");
		md.append(String.format(Locale.ROOT, "%s run of %s, %.1f minutes, data loading included (`%s`).\n\n",
				result.mode().equals("full") ? "Full" : "Smoke",
				DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(result.started().atOffset(ZoneOffset.UTC).withNano(0))
						+ " UTC",
				result.minutes(),
				result.mode().equals("full") ? COMMAND : "./mvnw -B -pl shared/benchmarks -am verify"));
		md.append("**Digest.**\n\n");
		digest(result).forEach((line) -> md.append("- ").append(line).append('\n'));
		md.append('\n');
		machine(md, result);
		layers(md, result);
		serviceThreads(md, result);
		ingestion(md, result);
		intents(md, result);
		goals(md, result);
		clientCpu(md, result);
		open(md, result);
		profiles(md, result);
		statements(md, result);
		errors(md, result);
		md.append("## Charts\n\n");
		for (Charts.Chart chart : charts) {
			md.append("**").append(chart.title()).append("**\n\n");
			md.append("![").append(chart.title()).append("](charts/").append(chart.file()).append(")\n\n");
		}
		if (!result.gatlingReports().isEmpty()) {
			md.append("Gatling's own HTML reports of this run (not committed): ");
			md.append(String.join(", ",
					result.gatlingReports().stream().map((r) -> "`target/benchmarks/" + r + "`").toList()));
			md.append(".\n");
		}
		return md.toString();
	}

	/**
	 * The lines for the root README.
	 * @param result the run
	 * @return the lines
	 */
	public static List<String> digest(SuiteResult result) {
		List<String> lines = new ArrayList<>();
		List<Double> writes = new ArrayList<>();
		List<Double> reads = new ArrayList<>();
		List<Double> http = new ArrayList<>();
		List<Double> httpCpu = new ArrayList<>();
		List<String> ingestion = new ArrayList<>();
		for (WorkloadResult workload : result.workloads()) {
			for (Goals.Verdict verdict : Goals.judge(workload)) {
				if (verdict.baseline() == Layer.DRIVER && verdict.layer() == Layer.SERVICE
						&& workload.info().hottest()) {
					(workload.info().writes() ? writes : reads).add(verdict.ratio());
				}
				else if (verdict.baseline() == Layer.LEAN_PEER && verdict.layer() == Layer.HTTP
						&& verdict.measure().equals("throughput") && workload.info().hottest()) {
					http.add(verdict.ratio());
				}
				else if (verdict.baseline() == Layer.LEAN_PEER && verdict.layer() == Layer.HTTP
						&& workload.info().hottest()) {
					httpCpu.add(verdict.ratio());
				}
				else if (verdict.baseline() == Layer.RAW_ROWS && verdict.layer() == Layer.HTTP) {
					ingestion.add(String.format(Locale.ROOT, "%.2f×", verdict.ratio()) + " (batches of "
							+ String.format("%,d", workload.info().rowsPerRequest()) + ")");
				}
			}
		}
		lines.add("Service layer against the raw driver running the same statements: writes at " + range(writes, "×")
				+ " its throughput (goal ≥ " + Goals.SERVICE_WRITE_THROUGHPUT + "×), reads at " + range(reads, "×")
				+ " its median latency (goal ≤ " + Goals.SERVICE_READ_P50 + "×).");
		lines.add("HTTP against a lean WebFlux peer running the same statements: " + range(http, "×")
				+ " its throughput (goal ≥ " + Goals.HTTP_THROUGHPUT + "×), " + range(httpCpu, "×")
				+ " its CPU per request (goal ≤ " + Goals.HTTP_CPU + "×); "
				+ http.stream().filter((ratio) -> ratio >= Goals.HTTP_THROUGHPUT).count() + " and "
				+ httpCpu.stream().filter((ratio) -> ratio <= Goals.HTTP_CPU).count() + " of " + http.size()
				+ " hottest requests with a peer meet them.");
		lines.add("Ingestion over HTTP against raw single-row inserts (goal ≥ " + Goals.INGESTION + "×): "
				+ (ingestion.isEmpty() ? "not measured" : String.join(", ", ingestion)) + ".");
		List<IntentCost> intents = result.workloads()
			.stream()
			.map(WorkloadResult::intents)
			.filter((cost) -> cost != null)
			.toList();
		lines.add(intents.isEmpty() ? "Write intents: not measured."
				: "Write intents, in the raw driver's replay of the writes that record them against the same replay "
						+ "without them: " + range(intents.stream().map(IntentCost::throughputRatio).toList(), "×")
						+ " its throughput, " + range(intents.stream().map(IntentCost::p50Ratio).toList(), "×")
						+ " its median latency, for "
						+ range(intents.stream().map((cost) -> 100 * cost.share()).toList(), "%", "%.0f")
						+ " of a request's statements.");
		return lines;
	}

	private static String range(List<Double> values, String unit) {
		return range(values, unit, "%.2f");
	}

	private static String range(List<Double> values, String unit, String format) {
		if (values.isEmpty()) {
			return "(not measured)";
		}
		double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
		double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
		String low = String.format(Locale.ROOT, format, min);
		String high = String.format(Locale.ROOT, format, max);
		return low.equals(high) ? low + unit : low + "–" + high + unit;
	}

	private static void machine(StringBuilder md, SuiteResult result) {
		Machine machine = result.machine();
		md.append("## Machine and method\n\n");
		md.append("| | |\n|---|---|\n");
		md.append("| CPU | ").append(machine.cpu()).append(", ").append(machine.cores()).append(" cores |\n");
		md.append("| Memory | ")
			.append(String.format(Locale.ROOT, "%.1f GiB", machine.memoryBytes() / 1073741824.0))
			.append(" |\n");
		md.append("| OS | ").append(machine.os()).append(" |\n");
		md.append("| JDK (harness, services, Gatling) | ").append(machine.jdk()).append(" |\n");
		md.append("| Cassandra | ")
			.append(machine.cassandra())
			.append(", one node, its own JVM (`")
			.append(machine.cassandraJdk())
			.append("`) |\n");
		md.append("| Load average (1/5/15 min) | ")
			.append(machine.loadAverage())
			.append(" at the start, ")
			.append(result.loadAverageAtEnd())
			.append(" at the end |\n");
		md.append("| Concurrency | ")
			.append(result.settings().concurrency())
			.append(" requests in flight (closed model) |\n");
		md.append("| Windows | ")
			.append(seconds(result.settings().window()))
			.append(" s measured per layer and request, after a warm-up: in the layer JVM (raw driver, service "
					+ "layer) until its JIT compiler is quiet (")
			.append(seconds(result.settings().warmUp()))
			.append(" s at least, ")
			.append(seconds(result.settings().warmUpLimit()))
			.append(" s at most; each window's below), in a service JVM (HTTP) the same way before every window, ")
			.append(seconds(result.settings().httpWarmUpLimit()))
			.append(" s at most, its compiler watched from Gatling's JVM |\n");
		md.append("| Inputs | every layer cycles through the same inputs of a request (")
			.append(result.settings().samples())
			.append(", or as many as make as many rows for batches, at least one per request in flight); "
					+ "the raw driver replays the statements the service executed for them |\n");
		md.append("| Data | ");
		md.append(
				String.join("; ",
						result.services()
							.stream()
							.map((service) -> service.service() + ": "
									+ String.join(", ", service.loaded()
										.entrySet()
										.stream()
										.map((entry) -> String.format("%,d %s", entry.getValue(), entry.getKey()))
										.toList())
									+ String.format(Locale.ROOT, " (%.0f s)", service.loadSeconds()))
							.toList()));
		md.append(" |\n\n");
		md.append("**Process layout.** The node is a child JVM. The raw driver and the service layer run in a "
				+ "harness JVM per service (the service's application context started in-process): for the service "
				+ "layer, the load generator and the service share that JVM, so its CPU share is theirs together. ");
		md.append(result.settings().inProcessHttp()
				? "In this smoke run, HTTP is served by that same JVM and Gatling runs in another, every request "
						+ "of every service at once. "
				: "For HTTP the service runs from its executable jar in its own JVM and Gatling in another. ");
		md.append("All processes share the machine's cores; each window records every process's CPU share (CPU "
				+ "time ÷ (window × cores)); \"other\" is everything else on the machine. Compare a layer with the "
				+ "other layers of the same request, measured minutes apart on the same machine, rather than "
				+ "across machines.\n\n");
		if (!result.notes().isEmpty()) {
			md.append("**Notes.**\n\n");
			result.notes().forEach((note) -> md.append("- ").append(note).append('\n'));
			md.append('\n');
		}
	}

	private static void layers(StringBuilder md, SuiteResult result) {
		md.append("## Layers: the hottest read and write of each service\n\n");
		md.append("Closed model, ")
			.append(result.settings().concurrency())
			.append(" requests in flight. *× raw* compares with the raw driver replaying the statements the "
					+ "service executed for the same inputs: throughput for writes, median latency for reads. "
					+ "CPU: share of all cores used by the load generator (gen), the service (svc; gen+svc when "
					+ "one JVM), the Cassandra node, other processes, and idle.\n\n");
		md.append(
				"| Request | Layer | req/s | p50 ms | p99 ms | p99.9 ms | errors (timeouts) | CPU gen / svc / node / other / idle | × raw |\n");
		md.append("|---|---|--:|--:|--:|--:|--:|---|--:|\n");
		for (WorkloadResult workload : result.workloads()) {
			if (!workload.info().hottest()) {
				continue;
			}
			Optional<Run> driver = workload.closed(Layer.DRIVER);
			for (Layer layer : List.of(Layer.DRIVER, Layer.SERVICE, Layer.HTTP, Layer.LEAN_PEER)) {
				Optional<Run> run = workload.closed(layer);
				if (run.isEmpty()) {
					continue;
				}
				Outcome o = run.get().outcome();
				md.append("| ")
					.append((layer == Layer.DRIVER) ? "**" + workload.info().id() + "**<br>" + workload.info().title()
							: "")
					.append(" | ")
					.append(layer.title())
					.append(" | ")
					.append(rate(o.throughput()))
					.append(" | ")
					.append(ms(o.latency().p50()))
					.append(" | ")
					.append(ms(o.latency().p99()))
					.append(" | ")
					.append(ms(o.latency().p999()))
					.append(" | ")
					.append(errors(o))
					.append(" | ")
					.append(cpu(run.get().cpu()))
					.append(" | ")
					.append(ratio(workload, driver, run.get()))
					.append(" |\n");
			}
		}
		md.append('\n');
		md.append("How long each window warmed up, waiting for the JIT compiler of the JVM serving it (the layer "
				+ "JVM; the service JVM for HTTP) to go quiet, how long that compiler still ran during the measured "
				+ "window, how long the window lasted (from its first request to its last response) and the rows "
				+ "one request returned or wrote (for HTTP, the items in its responses). An open-model step's "
				+ "warm-up is the step before it, but for the first:\n\n");
		md.append("| Request | Layer | model | warm-up s | JIT ms in the window | window s | rows/request |\n"
				+ "|---|---|---|--:|--:|--:|--:|\n");
		for (WorkloadResult workload : result.workloads()) {
			for (Run run : workload.runs()) {
				md.append("| ")
					.append(workload.info().id())
					.append(" | ")
					.append(run.layer().title())
					.append(" | ")
					.append(run.model())
					.append(Run.OPEN.equals(run.model()) ? String.format(Locale.ROOT, " @%.0f/s", run.offeredRate())
							: "")
					.append(" | ")
					.append(String.format(Locale.ROOT, "%.0f", run.warmUpSeconds()))
					.append(" | ")
					.append((run.compilationMillis() >= 0) ? String.valueOf(run.compilationMillis()) : "–")
					.append(" | ")
					.append(String.format(Locale.ROOT, "%.2f", run.outcome().seconds()))
					.append(" | ")
					.append(Double.isNaN(run.outcome().rowsPerRequest()) ? "–"
							: String.format(Locale.ROOT, "%.1f", run.outcome().rowsPerRequest()))
					.append(" |\n");
			}
		}
		md.append('\n');
	}

	/**
	 * Where the service JVM's CPU went under HTTP, thread by thread: a profile of Java
	 * code alone misses the compiler, the collector and the kernel.
	 */
	private static void serviceThreads(StringBuilder md, SuiteResult result) {
		List<Run> runs = new ArrayList<>();
		result.workloads()
			.forEach((workload) -> workload.runs()
				.stream()
				.filter((run) -> run.layer() == Layer.HTTP && run.serviceThreads() != null)
				.forEach(runs::add));
		if (runs.isEmpty()) {
			return;
		}
		md.append("## Where the service JVM's CPU went under HTTP, all threads\n\n");
		md.append("Core-milliseconds per request of the service JVM in each HTTP window, from `/proc/<pid>/task`: "
				+ "every thread's user and system time, grouped by the thread's name. System time is the "
				+ "kernel working for the JVM (sockets, scheduling, memory); it shows in no Java profile.\n\n");
		md.append("| Request | model | req/s | all | ");
		md.append(String.join(" | ", ThreadCpu.GROUPS));
		md.append(" | user | kernel |\n|---|---|--:|--:|");
		md.append("--:|".repeat(ThreadCpu.GROUPS.size()));
		md.append("--:|--:|\n");
		for (Run run : runs) {
			ThreadCpu.Use use = run.serviceThreads();
			double requests = Math.max(1, run.outcome().requests());
			md.append("| ")
				.append(run.workload())
				.append(" | ")
				.append(run.model())
				.append(Run.OPEN.equals(run.model()) ? String.format(Locale.ROOT, " @%.0f/s", run.offeredRate()) : "")
				.append(" | ")
				.append(rate(run.outcome().throughput()))
				.append(" | ")
				.append(coreMillis(use.userSeconds() + use.systemSeconds(), requests));
			for (String group : ThreadCpu.GROUPS) {
				md.append(" | ").append(coreMillis(use.groups().getOrDefault(group, 0.0), requests));
			}
			md.append(" | ")
				.append(coreMillis(use.userSeconds(), requests))
				.append(" | ")
				.append(coreMillis(use.systemSeconds(), requests))
				.append(" |\n");
		}
		md.append('\n');
	}

	private static String coreMillis(double seconds, double requests) {
		return String.format(Locale.ROOT, "%.3f", seconds * 1000 / requests);
	}

	private static String ratio(WorkloadResult workload, Optional<Run> driver, Run run) {
		if (driver.isEmpty() || run.layer() == Layer.DRIVER) {
			return "1";
		}
		Outcome raw = driver.get().outcome();
		if (workload.info().writes() || run.layer() == Layer.HTTP) {
			return String.format(Locale.ROOT, "%.2f× req/s", run.outcome().throughput() / raw.throughput())
					+ (workload.info().writes() ? "" : String.format(Locale.ROOT, "<br>%.2f× p50",
							run.outcome().latency().p50() / raw.latency().p50()));
		}
		return String.format(Locale.ROOT, "%.2f× p50<br>%.2f× req/s",
				run.outcome().latency().p50() / raw.latency().p50(), run.outcome().throughput() / raw.throughput());
	}

	private static void ingestion(StringBuilder md, SuiteResult result) {
		List<WorkloadResult> ingestions = result.workloads()
			.stream()
			.filter((workload) -> workload.closed(Layer.RAW_ROWS).isPresent())
			.toList();
		if (ingestions.isEmpty()) {
			return;
		}
		md.append("## Ingestion: readings per second against raw single-row inserts\n\n");
		md.append("The same readings, written by the raw driver one prepared `INSERT` per row (the baseline), "
				+ "by the raw driver replaying what the service executes (its batches, the rollup of each hour "
				+ "touched, the latest reading), by the service layer, and over HTTP.\n\n");
		md.append(
				"| Batch | Layer | readings/s | req/s | p50 ms | p99 ms | errors (timeouts) | CPU gen / svc / node / other / idle | × raw rows |\n");
		md.append("|--:|---|--:|--:|--:|--:|--:|---|--:|\n");
		for (WorkloadResult workload : ingestions) {
			int rows = workload.info().rowsPerRequest();
			double baseline = workload.closed(Layer.RAW_ROWS).get().outcome().throughput();
			for (Layer layer : Charts.INGESTION_LAYERS) {
				Optional<Run> run = workload.closed(layer);
				if (run.isEmpty()) {
					continue;
				}
				Outcome o = run.get().outcome();
				double readings = o.throughput() * ((layer == Layer.RAW_ROWS) ? 1 : rows);
				md.append("| ")
					.append((layer == Layer.RAW_ROWS) ? String.format("%,d", rows) : "")
					.append(" | ")
					.append(layer.title())
					.append(" | ")
					.append(rate(readings))
					.append(" | ")
					.append(rate(o.throughput()))
					.append(" | ")
					.append(ms(o.latency().p50()))
					.append(" | ")
					.append(ms(o.latency().p99()))
					.append(" | ")
					.append(errors(o))
					.append(" | ")
					.append(cpu(run.get().cpu()))
					.append(" | ")
					.append(String.format(Locale.ROOT, "%.2f×", readings / baseline))
					.append(" |\n");
			}
		}
		md.append('\n');
	}

	/**
	 * The raw driver's replay of each write that records intents, with and without the
	 * intents' statements: what the durable record of a change costs.
	 */
	private static void intents(StringBuilder md, SuiteResult result) {
		List<WorkloadResult> writes = result.workloads()
			.stream()
			.filter((workload) -> workload.intents() != null)
			.toList();
		if (writes.isEmpty()) {
			return;
		}
		md.append("## Write intents: what recording each change costs\n\n");
		md.append("Each write that records a write intent, replayed by the raw driver as the service executed it and, "
				+ "in the window right after, without the intent's `INSERT` into `write_intents` before the source "
				+ "write (a stage left empty is dropped, the others keep their order). That is the price of finishing "
				+ "a change after a crash: one more write at LOCAL_QUORUM before the source. *with ÷ without*: a "
				+ "throughput below 1 and a median latency above 1 are what the intent costs. The completion mark, "
				+ "which the service writes after it has answered, is in neither window (no capture holds what runs "
				+ "beside the request); it shows in the service layer's and HTTP's figures only. Reads record no "
				+ "intent.\n\n");
		md.append(
				"| Request | Layer | req/s | p50 ms | p99 ms | errors (timeouts) | CPU gen / svc / node / other / idle "
						+ "| intent statements per request | share of the statements | with ÷ without |\n");
		md.append("|---|---|--:|--:|--:|--:|---|---|--:|--:|\n");
		for (WorkloadResult workload : writes) {
			IntentCost cost = workload.intents();
			for (Layer layer : List.of(Layer.DRIVER, Layer.DRIVER_WITHOUT_INTENTS)) {
				Optional<Run> run = workload.closed(layer);
				if (run.isEmpty()) {
					continue;
				}
				Outcome o = run.get().outcome();
				boolean first = layer == Layer.DRIVER;
				md.append("| ")
					.append(first ? "**" + workload.info().id() + "**" : "")
					.append(" | ")
					.append(layer.title())
					.append(" | ")
					.append(rate(o.throughput()))
					.append(" | ")
					.append(ms(o.latency().p50()))
					.append(" | ")
					.append(ms(o.latency().p99()))
					.append(" | ")
					.append(errors(o))
					.append(" | ")
					.append(cpu(run.get().cpu()))
					.append(" | ")
					.append(first ? intentStatements(cost) : "")
					.append(" | ")
					.append(first ? percent(cost.share()) : "")
					.append(" | ")
					.append(first ? String.format(Locale.ROOT, "%.2f× req/s<br>%.2f× p50", cost.throughputRatio(),
							cost.p50Ratio()) : "1")
					.append(" |\n");
			}
		}
		md.append('\n');
	}

	/**
	 * The intent statements of a request by kind, e.g. "1.0 INSERT + 0.4 UPDATE of 9.1".
	 */
	private static String intentStatements(IntentCost cost) {
		Map<String, Double> byKind = new TreeMap<>();
		cost.intents()
			.forEach((text, count) -> byKind.merge(text.strip().split("\\s+")[0].toUpperCase(Locale.ROOT), count,
					Double::sum));
		List<String> kinds = byKind.entrySet()
			.stream()
			.map((kind) -> String.format(Locale.ROOT, "%.1f `%s`", kind.getValue(), kind.getKey()))
			.toList();
		return String.join(" + ", kinds) + String.format(Locale.ROOT, " of %.1f", cost.statementsPerRequest());
	}

	private static void goals(StringBuilder md, SuiteResult result) {
		md.append("## Goals\n\n");
		md.append("| Request | Layer | Goal | Measured | Met | Where the time goes |\n|---|---|---|--:|:-:|---|\n");
		for (WorkloadResult workload : result.workloads()) {
			for (Goals.Verdict verdict : Goals.judge(workload)) {
				md.append("| ")
					.append(workload.info().id())
					.append(" | ")
					.append(verdict.layer().title())
					.append(" | ")
					.append(verdict.goal())
					.append(" | ")
					.append(String.format(Locale.ROOT, "%.2f×", verdict.ratio()))
					.append(" | ")
					.append(verdict.met() ? "✅" : "❌")
					.append(" | ")
					.append(verdict.met() ? "" : cause(workload, verdict.layer()))
					.append(" |\n");
			}
		}
		md.append('\n');
	}

	/**
	 * What each layer's client side spends per request against the raw driver's, with the
	 * node's share that is left: where they share the cores, the one explains the other.
	 */
	private static void clientCpu(StringBuilder md, SuiteResult result) {
		int cores = result.machine().cores();
		md.append("## Why the layers miss their goals: client CPU per request\n\n");
		md.append("The CPU each request cost the client side, in core-milliseconds (a process's share of all ")
			.append(cores)
			.append(" cores, times the cores, divided by the requests per second): the load generator for the raw driver, the load "
					+ "generator and the service together (one JVM) for the service layer, the service JVM alone "
					+ "for HTTP. The node shares those cores: what a layer's client spends, the node does not "
					+ "get. With requests always in flight (closed model), a read's median latency follows its "
					+ "throughput (Little's law: about concurrency ÷ throughput).\n\n");
		md.append("| Request | raw driver | service layer | × raw | HTTP: the service JVM alone | × raw "
				+ "| node's share, raw driver → service layer | service layer ÷ raw, req/s | HTTP ÷ raw, req/s |\n");
		md.append("|---|--:|--:|--:|--:|--:|---|--:|--:|\n");
		for (WorkloadResult workload : result.workloads()) {
			Optional<Run> driver = workload.closed(Layer.DRIVER);
			Optional<Run> service = workload.closed(Layer.SERVICE);
			Optional<Run> http = workload.closed(Layer.HTTP);
			if (driver.isEmpty() || service.isEmpty() || http.isEmpty()) {
				continue;
			}
			double raw = ClientCpu.perRequest(driver.get(), cores);
			double layer = ClientCpu.perRequest(service.get(), cores);
			double server = ClientCpu.perRequest(http.get(), cores);
			double rawThroughput = driver.get().outcome().throughput();
			md.append(String.format(Locale.ROOT,
					"| %s | %.3f | %.3f | %.1f× | %.2f | %.0f× | %s → %s | %.2f | %.2f |\n", workload.info().id(), raw,
					layer, layer / raw, server, server / raw, percent(driver.get().cpu().of(Roles.NODE)),
					percent(service.get().cpu().of(Roles.NODE)), service.get().outcome().throughput() / rawThroughput,
					http.get().outcome().throughput() / rawThroughput));
		}
		md.append('\n');
	}

	/**
	 * The measured cause of a missed goal: the components that took the most CPU samples
	 * in the layer's profile.
	 */
	private static String cause(WorkloadResult workload, Layer layer) {
		return workload.profiles()
			.stream()
			.filter((profile) -> profile.layer() == layer)
			.findFirst()
			.map((profile) -> String.join(", ",
					profile.components()
						.stream()
						.limit(3)
						.map((share) -> String.format(Locale.ROOT, "%s %.0f%%", share.name(), 100 * share.share()))
						.toList())
					+ " of the CPU samples ([flame graph](" + profile.flameGraph() + "))")
			.orElse("not profiled in this run");
	}

	private static void open(StringBuilder md, SuiteResult result) {
		md.append("## HTTP at fixed arrival rates (open model)\n\n");
		md.append("Requests arrive at a fixed rate whatever the responses do (no coordinated omission), stepped "
				+ "from a fraction of the closed model's throughput to beyond it.\n\n");
		md.append(
				"| Request | offered req/s | achieved req/s | p50 ms | p99 ms | p99.9 ms | errors (timeouts) | CPU gen / svc / node / other / idle |\n");
		md.append("|---|--:|--:|--:|--:|--:|--:|---|\n");
		for (WorkloadResult workload : result.workloads()) {
			boolean first = true;
			for (Run run : workload.runs()) {
				if (!Run.OPEN.equals(run.model())) {
					continue;
				}
				Outcome o = run.outcome();
				md.append("| ")
					.append(first ? workload.info().id() : "")
					.append(" | ")
					.append(rate(run.offeredRate()))
					.append(" | ")
					.append(rate(o.throughput()))
					.append(" | ")
					.append(ms(o.latency().p50()))
					.append(" | ")
					.append(ms(o.latency().p99()))
					.append(" | ")
					.append(ms(o.latency().p999()))
					.append(" | ")
					.append(errors(o))
					.append(" | ")
					.append(cpu(run.cpu()))
					.append(" |\n");
				first = false;
			}
		}
		md.append('\n');
	}

	private static void profiles(StringBuilder md, SuiteResult result) {
		List<Profile> profiles = result.workloads()
			.stream()
			.flatMap((workload) -> workload.profiles().stream())
			.toList();
		if (profiles.isEmpty()) {
			return;
		}
		md.append("## Where the time goes: profiles\n\n");
		md.append("Under HTTP, every hot request's service JVM is profiled with async-profiler over a window after its "
				+ "warm-up: every thread is sampled, so the JIT compiler, the garbage collector, the JVM's own C++ "
				+ "code and the kernel show beside Java code. A sample of the compiler's or the collector's threads "
				+ "counts for them; a sample of another thread whose top frame is in the kernel counts as kernel; "
				+ "any other counts for the component of its innermost Java frame outside the JDK (a `HashMap` "
				+ "lookup made by Jackson counts as Jackson). A service layer that missed its goal is profiled in its "
				+ "layer JVM with Java Flight Recorder, which samples Java code only.\n\n");
		for (Profile profile : profiles) {
			md.append("### ").append(profile.workload()).append(", ").append(profile.layer().title()).append("\n\n");
			md.append(String.format(Locale.ROOT, "%s, %,d samples: [flame graph](%s).", profile.process(),
					profile.samples(), profile.flameGraph()));
			if (profile.event() != null) {
				md.append(String.format(Locale.ROOT,
						" Sampled on `%s` after %.0f s of warm-up; the compiler ran %s ms in the window; "
								+ "%s of the samples are outside Java code (the JVM's C++, native libraries, the kernel).",
						profile.event(), profile.warmUpSeconds(),
						(profile.compilationMillis() >= 0) ? String.valueOf(profile.compilationMillis()) : "–",
						percent(profile.nativeShare())));
			}
			md.append("\n\n");
			md.append("| Component | CPU samples | | Hottest methods (self) | CPU samples |\n|---|--:|---|---|--:|\n");
			for (int i = 0; i < Math.max(profile.components().size(), Math.min(8, profile.hottest().size())); i++) {
				Profile.Share component = (i < profile.components().size()) ? profile.components().get(i) : null;
				Profile.Share method = (i < Math.min(8, profile.hottest().size())) ? profile.hottest().get(i) : null;
				md.append("| ")
					.append((component != null) ? component.name() : "")
					.append(" | ")
					.append((component != null) ? percent(component.share()) : "")
					.append(" | | ")
					.append((method != null) ? "`" + method.name() + "`" : "")
					.append(" | ")
					.append((method != null) ? percent(method.share()) : "")
					.append(" |\n");
			}
			md.append('\n');
		}
	}

	private static void statements(StringBuilder md, SuiteResult result) {
		md.append("## What one request executes\n\n");
		md.append("Captured from the service's own session while the service layer ran each input alone; the raw "
				+ "driver replays exactly these, stage after stage (a stage waits for the previous one's "
				+ "responses, as the service did), each stage's statements concurrently.\n\n");
		for (WorkloadResult workload : result.workloads()) {
			if (!workload.info().hottest() && workload.info().rowsPerRequest() > 1) {
				continue;
			}
			md.append("<details><summary><b>")
				.append(workload.info().id())
				.append("</b>: ")
				.append(String.format(Locale.ROOT, "%.1f statements in %.1f stages per request",
						workload.statements().values().stream().mapToDouble(Double::doubleValue).sum(),
						workload.stages()))
				.append("</summary>\n\n| per request | statement |\n|--:|---|\n");
			workload.statements()
				.entrySet()
				.stream()
				.sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
				.forEach((entry) -> md.append(String.format(Locale.ROOT, "| %.1f | `%s` |\n", entry.getValue(),
						entry.getKey().replace("|", "\\|").replaceAll("\\s+", " "))));
			workload.captureWarnings().forEach((warning) -> md.append("\n⚠️ ").append(warning).append('\n'));
			md.append("\n</details>\n\n");
		}
	}

	private static void errors(StringBuilder md, SuiteResult result) {
		List<String> lines = new ArrayList<>();
		for (WorkloadResult workload : result.workloads()) {
			for (Run run : workload.runs()) {
				Outcome o = run.outcome();
				if (o.errors() > 0 || o.warmUpErrors() > 0) {
					lines.add(String.format(Locale.ROOT,
							"- %s, %s (%s%s): %d errors, %d of them timeouts, %d in the warm-up; %s",
							workload.info().id(), run.layer().title(), run.model(), Run.OPEN.equals(run.model())
									? String.format(Locale.ROOT, " @%.0f/s", run.offeredRate()) : "",
							o.errors(), o.timeouts(), o.warmUpErrors(), o.errorSamples()));
				}
			}
		}
		md.append("## Errors and timeouts\n\n");
		if (lines.isEmpty()) {
			md.append("None: every request of every window succeeded.\n\n");
			return;
		}
		lines.forEach((line) -> md.append(line).append('\n'));
		md.append('\n');
	}

	private static String cpu(CpuShares cpu) {
		double generator = Double.isNaN(cpu.of(Roles.GENERATOR)) ? cpu.of(Roles.GENERATOR_AND_SERVICE)
				: cpu.of(Roles.GENERATOR);
		String service = !Double.isNaN(cpu.of(Roles.GENERATOR_AND_SERVICE)) ? "(same)"
				: !Double.isNaN(cpu.of(Roles.SERVICE)) ? percent(cpu.of(Roles.SERVICE)) : "–";
		return percent(generator) + " / " + service + " / " + percent(cpu.of(Roles.NODE)) + " / " + percent(cpu.other())
				+ " / " + percent(cpu.idle());
	}

	private static String errors(Outcome outcome) {
		return (outcome.errors() == 0) ? "0" : outcome.errors() + " (" + outcome.timeouts() + ")";
	}

	private static String percent(double share) {
		return Double.isNaN(share) ? "?" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
	}

	private static String rate(double perSecond) {
		return (perSecond >= 100) ? String.format(Locale.ROOT, "%,.0f", perSecond)
				: String.format(Locale.ROOT, "%.1f", perSecond);
	}

	private static String ms(double millis) {
		if (Double.isNaN(millis)) {
			return "–";
		}
		return (millis < 10) ? String.format(Locale.ROOT, "%.2f", millis) : (millis < 100)
				? String.format(Locale.ROOT, "%.1f", millis) : String.format(Locale.ROOT, "%.0f", millis);
	}

	private static String seconds(java.time.Duration duration) {
		double seconds = duration.toMillis() / 1000.0;
		return (seconds == Math.rint(seconds)) ? String.format("%.0f", seconds)
				: String.format(Locale.ROOT, "%.1f", seconds);
	}

}
