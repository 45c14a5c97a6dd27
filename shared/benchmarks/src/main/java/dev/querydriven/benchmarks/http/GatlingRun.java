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
import java.util.TreeMap;
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
import dev.querydriven.benchmarks.profile.Recordings;

/**
 * One Gatling run in a JVM of its own: Gatling's launcher with {@link ServicesSimulation}
 * and a plan (what Gatling's Maven plugin does, but here, between starting and stopping
 * the services, with every process's CPU read at each phase's bounds). Phases of kind
 * {@code profile} run under the profiler: a flight recording of the phase's service JVM.
 */
public final class GatlingRun {

	private GatlingRun() {
	}

	/**
	 * Runs a plan.
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
		Path runDirectory = directory.resolve(name);
		try {
			Files.createDirectories(runDirectory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Path planFile = runDirectory.resolve("plan.json");
		Path resultsFile = runDirectory.resolve("results.json");
		Json.write(planFile, plan);
		List<String> arguments = new ArrayList<>(jvmOptions);
		arguments.addAll(List.of(
				// What Gatling's own launchers pass: its stats writer reads String
				// internals.
				"--add-opens=java.base/java.lang=ALL-UNNAMED", "-Dgatling.data.enableAnalytics=false",
				"-D" + HttpPlan.PROPERTY + "=" + planFile.toAbsolutePath(),
				"-D" + PhaseStats.PROPERTY + "=" + resultsFile.toAbsolutePath(), "-cp",
				String.join(java.io.File.pathSeparator, JavaProcess.classPath()), "io.gatling.app.Gatling", "-s",
				ServicesSimulation.class.getName(), "-rf", runDirectory.resolve("report").toAbsolutePath().toString(),
				"-rd", name, "-l", "querydriven-benchmarks"));
		Map<Integer, HttpPlan.Phase> phases = new LinkedHashMap<>();
		plan.phases().forEach((phase) -> phases.put(phase.index(), phase));
		Map<Integer, CpuMeter.Snapshot> starts = new TreeMap<>();
		List<CpuMeter.Snapshot> ends = new ArrayList<>();
		ExecutorService profiler = Executors.newSingleThreadExecutor();
		CpuMeter[] meter = new CpuMeter[1];
		HttpPlan.Phase[] profiling = new HttpPlan.Phase[1];
		try (JavaProcess gatling = JavaProcess.start("Gatling (" + name + ")", arguments, Map.of(),
				runDirectory.resolve("gatling.log"), (line) -> {
					if (line.startsWith(Markers.PHASE)) {
						int index = Integer.parseInt(line.substring(Markers.PHASE.length()).trim());
						starts.put(index, meter[0].snapshot());
						HttpPlan.Phase phase = phases.get(index);
						progress.accept("HTTP " + phase.name());
						profile(profiler, profiling, phase, services, runDirectory);
					}
					else if (line.startsWith(Markers.DONE)) {
						ends.add(meter[0].snapshot());
						profile(profiler, profiling, null, services, runDirectory);
					}
				})) {
			Map<String, ProcessHandle> processes = new LinkedHashMap<>();
			processes.put(Roles.GENERATOR, gatling.handle());
			services.forEach((service, process) -> processes.put(service, process));
			processes.put(Roles.NODE, node);
			synchronized (meter) {
				meter[0] = new CpuMeter(processes);
			}
			// Gatling ends when its last phase does; a generous limit still stops a hung
			// run.
			gatling.awaitSuccess(Duration.ofSeconds(120 + 3 * Math.round(seconds(plan))));
		}
		finally {
			profiler.shutdown();
			try {
				profiler.awaitTermination(2, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		PhaseStats.Results results = Json.read(resultsFile, PhaseStats.Results.class);
		Map<Integer, PhaseResult> outcomes = new TreeMap<>();
		List<Integer> indexes = new ArrayList<>(starts.keySet());
		for (int i = 0; i < indexes.size(); i++) {
			HttpPlan.Phase phase = phases.get(indexes.get(i));
			CpuMeter.Snapshot start = starts.get(phase.index());
			CpuMeter.Snapshot end = nextStartInLane(phase, i, indexes, phases, starts, ends);
			PhaseStats.Result stats = results.phases().get(phase.index());
			if (stats == null || end == null) {
				continue;
			}
			double seconds = (end.nanos() - start.nanos()) / 1e9;
			Outcome outcome = new Outcome(seconds, stats.ok(), stats.failed(), stats.unanswered(), 0,
					stats.ok() / seconds, stats.latency(), Double.NaN, stats.errors());
			String service = phase.workload().substring(0, phase.workload().indexOf('/'));
			outcomes.put(phase.index(),
					new PhaseResult(phase, outcome, serviceShares(start.sharesUntil(end), service)));
		}
		return new Result(outcomes, report(runDirectory.resolve("report")), runDirectory.resolve("profiles"));
	}

	private static double seconds(HttpPlan plan) {
		return plan.phases().stream().mapToDouble(HttpPlan.Phase::seconds).sum();
	}

	/**
	 * The phase's window ends where the next phase of its lane starts (or the run ends).
	 */
	private static CpuMeter.Snapshot nextStartInLane(HttpPlan.Phase phase, int position, List<Integer> indexes,
			Map<Integer, HttpPlan.Phase> phases, Map<Integer, CpuMeter.Snapshot> starts, List<CpuMeter.Snapshot> ends) {
		for (int j = position + 1; j < indexes.size(); j++) {
			if (phases.get(indexes.get(j)).lane() == phase.lane()) {
				return starts.get(indexes.get(j));
			}
		}
		return ends.isEmpty() ? null : ends.get(0);
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
	 * Starts or stops the flight recording of the phase's service JVM when a phase of
	 * kind {@code profile} begins or ends. Runs beside the output reader, which must not
	 * wait for {@code jcmd}.
	 */
	private static void profile(ExecutorService profiler, HttpPlan.Phase[] profiling, HttpPlan.Phase phase,
			Map<String, ProcessHandle> services, Path directory) {
		HttpPlan.Phase previous = profiling[0];
		HttpPlan.Phase next = (phase != null && HttpPlan.Phase.PROFILE.equals(phase.kind())) ? phase : null;
		profiling[0] = next;
		profiler.execute(() -> {
			try {
				if (previous != null) {
					Files.createDirectories(directory.resolve("profiles"));
					Recordings.stopRemote(services.get(serviceOf(previous)).pid(),
							directory.resolve("profiles").resolve(previous.index() + ".jfr"));
				}
				if (next != null) {
					Recordings.startRemote(services.get(serviceOf(next)).pid());
				}
			}
			catch (IOException | RuntimeException ex) {
				System.err.println("Profiling failed: " + ex);
			}
		});
	}

	private static String serviceOf(HttpPlan.Phase phase) {
		return phase.workload().substring(0, phase.workload().indexOf('/'));
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
	 */
	public record PhaseResult(HttpPlan.Phase phase, Outcome outcome, CpuShares cpu) {

	}

	/**
	 * A run's results.
	 *
	 * @param phases each phase's outcome, by index
	 * @param report Gatling's HTML report
	 * @param profiles where the recordings of profiled phases are ({@code <index>.jfr})
	 */
	public record Result(Map<Integer, PhaseResult> phases, Path report, Path profiles) {

	}

}
