package dev.querydriven.benchmarks.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import dev.querydriven.benchmarks.JavaProcess;
import dev.querydriven.benchmarks.Json;
import dev.querydriven.benchmarks.measure.CpuMeter;
import dev.querydriven.benchmarks.measure.CpuShares;
import dev.querydriven.benchmarks.measure.Outcome;
import dev.querydriven.benchmarks.measure.Roles;
import dev.querydriven.benchmarks.measure.ThreadCpu;
import dev.querydriven.benchmarks.profile.AsyncProfiler;

/**
 * One Gatling run in a JVM of its own: Gatling's launcher with {@link ServicesSimulation}
 * and a plan (what Gatling's Maven plugin does, but here, between starting and stopping
 * the services, with every process's CPU read at each phase's bounds). Phases of kind
 * {@code profile} run under async-profiler, every thread of the phase's service JVM
 * sampled.
 *
 * <p>
 * The JVM may start before its plan is known ({@link #start}): Gatling boots, then the
 * simulation waits for the end of its standard input, which
 * {@link #run(HttpPlan, Map, ProcessHandle)} closes once the plan is written. The smoke
 * run starts it beside the services it measures, so that it has booted by the time their
 * layers are done.
 */
public final class GatlingRun implements AutoCloseable {

	private final Path runDirectory;

	private final Path planFile;

	private final Path resultsFile;

	private final Consumer<String> progress;

	private final JavaProcess gatling;

	private final Map<Integer, HttpPlan.Phase> phases = new ConcurrentHashMap<>();

	private final PhaseWindows<Mark> windows = new PhaseWindows<>();

	private final Map<Integer, String> events = new ConcurrentHashMap<>();

	private final ExecutorService profiler = Executors.newSingleThreadExecutor();

	private final HttpPlan.Phase[] profiling = new HttpPlan.Phase[1];

	private volatile CpuMeter meter;

	private volatile Map<String, ProcessHandle> services = Map.of();

	private GatlingRun(List<String> jvmOptions, Path directory, String name, Consumer<String> progress) {
		this.progress = progress;
		this.runDirectory = directory.resolve(name);
		try {
			Files.createDirectories(this.runDirectory);
			// A plan left by an earlier run must not be taken for this one's.
			this.planFile = this.runDirectory.resolve("plan.json");
			Files.deleteIfExists(this.planFile);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.resultsFile = this.runDirectory.resolve("results.json");
		List<String> arguments = new ArrayList<>(jvmOptions);
		arguments.addAll(List.of(
				// What Gatling's own launchers pass: its stats writer reads String
				// internals.
				"--add-opens=java.base/java.lang=ALL-UNNAMED", "-Dgatling.data.enableAnalytics=false",
				"-D" + HttpPlan.PROPERTY + "=" + this.planFile.toAbsolutePath(),
				"-D" + PhaseStats.PROPERTY + "=" + this.resultsFile.toAbsolutePath(), "-cp",
				String.join(java.io.File.pathSeparator, JavaProcess.classPath()), "io.gatling.app.Gatling", "-s",
				ServicesSimulation.class.getName(), "-rf",
				this.runDirectory.resolve("report").toAbsolutePath().toString(), "-rd", name, "-l",
				"querydriven-benchmarks"));
		this.gatling = JavaProcess.start("Gatling (" + name + ")", arguments, Map.of(),
				this.runDirectory.resolve("gatling.log"), this::onLine);
	}

	/**
	 * Starts Gatling's JVM, which boots and then waits for its plan.
	 * @param jvmOptions the options of Gatling's JVM (the suite's, see
	 * {@link dev.querydriven.benchmarks.SuiteSettings#jvmOptions()})
	 * @param directory where the plan, Gatling's report, the log and the recordings go
	 * @param name the run's name, e.g. {@code closed}
	 * @param progress receives progress messages
	 * @return the run, waiting for {@link #run(HttpPlan, Map, ProcessHandle)}
	 */
	public static GatlingRun start(List<String> jvmOptions, Path directory, String name, Consumer<String> progress) {
		return new GatlingRun(jvmOptions, directory, name, progress);
	}

	/**
	 * Runs a plan in a JVM started for it.
	 * @param jvmOptions the options of Gatling's JVM (the suite's, see
	 * {@link dev.querydriven.benchmarks.SuiteSettings#jvmOptions()})
	 * @param plan the plan
	 * @param directory where the plan, Gatling's report, the log and the recordings go
	 * @param name the run's name, e.g. {@code closed}
	 * @param services each service's process, by service name
	 * @param node the Cassandra node's process
	 * @param progress receives progress messages
	 * @return each phase's outcome, and where Gatling's report is
	 */
	public static Result run(List<String> jvmOptions, HttpPlan plan, Path directory, String name,
			Map<String, ProcessHandle> services, ProcessHandle node, Consumer<String> progress) {
		try (GatlingRun run = start(jvmOptions, directory, name, progress)) {
			return run.run(plan, services, node);
		}
	}

	/**
	 * Hands the plan to the waiting JVM and runs it to its end.
	 * @param plan the plan
	 * @param services each service's process, by service name
	 * @param node the Cassandra node's process
	 * @return each phase's outcome, and where Gatling's report is
	 */
	public Result run(HttpPlan plan, Map<String, ProcessHandle> services, ProcessHandle node) {
		plan.phases().forEach((phase) -> this.phases.put(phase.index(), phase));
		this.services = Map.copyOf(services);
		Map<String, ProcessHandle> processes = new LinkedHashMap<>();
		processes.put(Roles.GENERATOR, this.gatling.handle());
		processes.putAll(services);
		processes.put(Roles.NODE, node);
		this.meter = new CpuMeter(processes);
		Json.write(this.planFile, plan);
		this.gatling.closeInput();
		// Gatling ends when its last phase does; a generous limit still stops a hung run.
		this.gatling.awaitSuccess(Duration.ofSeconds(120 + 3 * Math.round(seconds(plan))));
		awaitProfiler();
		PhaseStats.Results results = Json.read(this.resultsFile, PhaseStats.Results.class);
		Map<Integer, PhaseResult> outcomes = new TreeMap<>();
		for (HttpPlan.Phase phase : plan.phases()) {
			PhaseStats.Result stats = results.phases().get(phase.index());
			Optional<PhaseWindows.Window<Mark>> window = this.windows.window(phase.index());
			if (stats == null || window.isEmpty()) {
				continue;
			}
			// Gatling's own clock times the phase, from its first request to its last
			// response; the CPU meters were read at the markers of those two moments.
			double seconds = stats.seconds();
			Outcome outcome = new Outcome(seconds, stats.ok(), stats.failed(), stats.unanswered(), 0,
					(seconds > 0) ? stats.ok() / seconds : 0, stats.latency(), Double.NaN, stats.errors());
			Mark start = window.get().start();
			Mark end = window.get().end();
			ThreadCpu.Use threads = (start.service() != null && end.service() != null)
					? start.service().until(end.service()) : null;
			outcomes.put(phase.index(), new PhaseResult(phase, outcome,
					serviceShares(start.cpu().sharesUntil(end.cpu()), serviceOf(phase)), threads));
		}
		return new Result(outcomes, report(this.runDirectory.resolve("report")), this.runDirectory.resolve("profiles"),
				Map.copyOf(this.events));
	}

	/**
	 * Stops the JVM if it still runs (a run that failed, or was never handed its plan).
	 */
	@Override
	public void close() {
		this.gatling.close();
		awaitProfiler();
	}

	private void onLine(String line) {
		if (line.startsWith(Markers.PHASE_END)) {
			int index = Integer.parseInt(line.substring(Markers.PHASE_END.length()).trim());
			HttpPlan.Phase phase = this.phases.get(index);
			this.windows.ended(index, mark(phase));
			if (phase == this.profiling[0]) {
				profile(this.profiler, this.profiling, null, this.services, this.runDirectory, this.events);
			}
		}
		else if (line.startsWith(Markers.PHASE)) {
			int index = Integer.parseInt(line.substring(Markers.PHASE.length()).trim());
			HttpPlan.Phase phase = this.phases.get(index);
			this.windows.started(index, mark(phase));
			this.progress.accept("HTTP " + phase.name());
			profile(this.profiler, this.profiling, phase, this.services, this.runDirectory, this.events);
		}
		else if (line.startsWith(Markers.DONE)) {
			profile(this.profiler, this.profiling, null, this.services, this.runDirectory, this.events);
		}
	}

	/** The CPU meters at a marker: every process's, and the phase's service's threads. */
	private Mark mark(HttpPlan.Phase phase) {
		ProcessHandle service = this.services.get(serviceOf(phase));
		return new Mark(this.meter.snapshot(), (service != null) ? ThreadCpu.of(service.pid()) : null);
	}

	private void awaitProfiler() {
		this.profiler.shutdown();
		try {
			this.profiler.awaitTermination(2, TimeUnit.MINUTES);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static double seconds(HttpPlan plan) {
		return plan.phases().stream().mapToDouble(HttpPlan.Phase::seconds).sum();
	}

	/**
	 * The shares with the phase's own service as "service" and every other service
	 * counted with the other processes.
	 */
	private static CpuShares serviceShares(CpuShares shares, String service) {
		Map<String, Double> processes = new LinkedHashMap<>();
		double others = 0;
		for (Map.Entry<String, Double> entry : shares.processes().entrySet()) {
			if (entry.getKey().equals(service)) {
				processes.put(Roles.SERVICE, entry.getValue());
			}
			else if (entry.getKey().equals(Roles.GENERATOR) || entry.getKey().equals(Roles.NODE)) {
				processes.put(entry.getKey(), entry.getValue());
			}
			else if (!Double.isNaN(entry.getValue())) {
				others += entry.getValue();
			}
		}
		return new CpuShares(processes, shares.other() + others, shares.idle());
	}

	/**
	 * Starts or stops async-profiler in the phase's service JVM when a phase of kind
	 * {@code profile} begins or ends: every thread sampled, the compiler, the collector
	 * and the kernel included. Runs beside the output reader, which must not wait for
	 * {@code jcmd}.
	 */
	private static void profile(ExecutorService profiler, HttpPlan.Phase[] profiling, HttpPlan.Phase phase,
			Map<String, ProcessHandle> services, Path directory, Map<Integer, String> events) {
		HttpPlan.Phase previous = profiling[0];
		HttpPlan.Phase next = (phase != null && HttpPlan.Phase.PROFILE.equals(phase.kind())) ? phase : null;
		profiling[0] = next;
		profiler.execute(() -> {
			try {
				if (previous != null) {
					Files.createDirectories(directory.resolve("profiles"));
					AsyncProfiler.stop(services.get(serviceOf(previous)).pid(),
							directory.resolve("profiles").resolve(previous.index() + ".collapsed"));
				}
				if (next != null) {
					events.put(next.index(), AsyncProfiler.start(services.get(serviceOf(next)).pid()));
				}
			}
			catch (IOException | RuntimeException ex) {
				System.err.println("Profiling failed: " + ex);
			}
		});
	}

	/** The process serving a phase: its service, or that service's lean peer. */
	private static String serviceOf(HttpPlan.Phase phase) {
		return phase.target();
	}

	private static Path report(Path reports) {
		try (Stream<Path> runs = Files.list(reports)) {
			return runs.filter(Files::isDirectory)
				.max(Comparator.comparing((path) -> path.getFileName().toString()))
				.map((path) -> path.resolve("index.html"))
				.orElse(null);
		}
		catch (IOException ex) {
			return null;
		}
	}

	/**
	 * A phase's outcome.
	 *
	 * @param phase the phase
	 * @param outcome what its requests did
	 * @param cpu who used the CPU meanwhile
	 * @param serviceThreads where the service JVM's CPU went, by group of threads;
	 * {@code null} without {@code /proc}
	 */
	public record PhaseResult(HttpPlan.Phase phase, Outcome outcome, CpuShares cpu, ThreadCpu.Use serviceThreads) {

	}

	/**
	 * What was read at a marker.
	 *
	 * @param cpu every process's CPU
	 * @param service the phase's service JVM's threads, or {@code null}
	 */
	private record Mark(CpuMeter.Snapshot cpu, ThreadCpu.Snapshot service) {

	}

	/**
	 * A run's results.
	 *
	 * @param phases each phase's outcome, by index
	 * @param report Gatling's HTML report
	 * @param profiles where the profiles of profiled phases are
	 * ({@code <index>.collapsed})
	 * @param profilerEvents the event each profiled phase was sampled on, by index
	 */
	public record Result(Map<Integer, PhaseResult> phases, Path report, Path profiles,
			Map<Integer, String> profilerEvents) {

	}

}
