package dev.querydriven.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.http.GatlingRun;
import dev.querydriven.benchmarks.http.HttpPlan;
import dev.querydriven.benchmarks.http.PeerAnswers;
import dev.querydriven.benchmarks.http.PeerJvm;
import dev.querydriven.benchmarks.http.ResponseItems;
import dev.querydriven.benchmarks.http.ServiceJvm;
import dev.querydriven.benchmarks.layers.LayerRunner;
import dev.querydriven.benchmarks.layers.LayerTask;
import dev.querydriven.benchmarks.measure.Machine;
import dev.querydriven.benchmarks.measure.Outcome;
import dev.querydriven.benchmarks.peer.LeanPeer;
import dev.querydriven.benchmarks.measure.ThreadCpu;
import dev.querydriven.benchmarks.measure.ServerWarnings;
import dev.querydriven.benchmarks.profile.Profiles;
import dev.querydriven.benchmarks.report.Goals;
import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.PeerCheck;
import dev.querydriven.benchmarks.report.Profile;
import dev.querydriven.benchmarks.report.Report;
import dev.querydriven.benchmarks.report.Run;
import dev.querydriven.benchmarks.report.ServiceResult;
import dev.querydriven.benchmarks.report.SuiteResult;
import dev.querydriven.benchmarks.report.WorkloadResult;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import dev.querydriven.servicesupport.cassandra.QueryDrivenCassandraProperties;
import dev.querydriven.servicesupport.cassandra.RoleLogin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suite: one Cassandra node (a child JVM), then for every service a layer JVM (raw
 * driver and service layer, see {@link LayerRunner}), then the HTTP layer (each service's
 * jar, the runnable one its build makes, in its own JVM, Gatling in another), then the
 * report. The services and their workloads are found in their build output
 * ({@link Benchmarks}).
 *
 * <pre>
 * ./mvnw -B -pl shared/benchmarks -am verify -Pbenchmarks
 * </pre>
 */
public final class BenchmarkSuite {

	private static final Logger logger = LoggerFactory.getLogger(BenchmarkSuite.class);

	/** A light warm-up load is this share of a window's requests in flight. */
	private static final int LIGHT_WARM_UP_SHARE = 16;

	private final SuiteSettings settings;

	private final Path output;

	private final Benchmarks benchmarks;

	private final List<ServiceBenchmark> services;

	private boolean layersOnly;

	private boolean httpOnly;

	private final List<String> notes = new ArrayList<>();

	/**
	 * A suite.
	 * @param settings how to measure
	 * @param output where results go (e.g. {@code target/benchmarks})
	 * @param benchmarks the services found in the repository's build output, where their
	 * jars are too (full run only)
	 * @param services the services to measure, some or all of {@code benchmarks}
	 */
	public BenchmarkSuite(SuiteSettings settings, Path output, Benchmarks benchmarks, List<ServiceBenchmark> services) {
		this.settings = settings;
		this.output = output.toAbsolutePath();
		this.benchmarks = benchmarks;
		this.services = List.copyOf(services);
	}

	/**
	 * Runs the suite: {@code --mode=full|smoke}, {@code --output=DIR},
	 * {@code --repository=DIR}, optionally {@code --publish=DIR} (where the summary,
	 * charts and flame graphs are copied), {@code --services=a,b} ({@code all} by
	 * default), {@code --layers-only=true} (the raw driver and the service layer, no
	 * HTTP: enough to compare two versions of a persistence path, in a fraction of the
	 * time) and {@code --http-only=true} (HTTP and the lean peers alone, the layer JVMs
	 * only loading the data and capturing each input: enough to compare two versions of
	 * an HTTP path, service against peer of the same run). Only a full run (every
	 * service, every layer) is published: the committed summary is one.
	 * @param args the options
	 */
	public static void main(String[] args) {
		Map<String, String> options = new HashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			options.put(arg.substring(2, (equals > 0) ? equals : arg.length()),
					(equals > 0) ? arg.substring(equals + 1) : "true");
		}
		SuiteSettings settings = SuiteSettings.of(options.getOrDefault("mode", "full"));
		Benchmarks benchmarks = Benchmarks.in(Path.of(options.getOrDefault("repository", ".")));
		List<ServiceBenchmark> services = Optional.ofNullable(options.get("services"))
			.filter((names) -> !names.equals("all"))
			.map((names) -> Stream.of(names.split(",")).map(benchmarks::named).toList())
			.orElse(benchmarks.all());
		Path output = Path.of(options.getOrDefault("output", "target/benchmarks"));
		BenchmarkSuite suite = new BenchmarkSuite(settings, output, benchmarks, services);
		suite.layersOnly = Boolean.parseBoolean(options.getOrDefault("layers-only", "false"));
		suite.httpOnly = Boolean.parseBoolean(options.getOrDefault("http-only", "false"));
		SuiteResult result = suite.run();
		boolean full = !suite.layersOnly && !suite.httpOnly && services.size() == benchmarks.all().size();
		if (options.containsKey("publish") && full) {
			Report.publish(output, Path.of(options.get("publish")), result);
		}
		else if (options.containsKey("publish")) {
			logger.info("A partial run is not published: its summary is {}", output.resolve("summary.md"));
		}
		System.exit(0);
	}

	/**
	 * Runs every service's workloads through every layer, and writes the report.
	 * @return the results
	 */
	public SuiteResult run() {
		Instant started = Instant.now();
		long start = System.nanoTime();
		createDirectories(this.output);
		// An earlier run's flame graphs would be published with this run's.
		deleteRecursively(this.output.resolve("profiles"));
		ServerWarnings.capture();
		List<ServiceResult> results;
		List<String> reports = new ArrayList<>();
		Machine machine;
		try (EmbeddedCassandra node = startNode()) {
			machine = Machine.describe(node.version(),
					node.processHandle().info().command().orElse("the harness's JDK"));
			logger.info("Machine: {} ({} cores), load average {}", machine.cpu(), machine.cores(),
					machine.loadAverage());
			Map<String, Logins> roles = provision(node);
			results = measureLayers(node, roles);
			if (!this.layersOnly) {
				results = measureHttp(node, roles, results, reports);
			}
			if (this.settings.smokeRun()) {
				// Its data is thrown away: no need to wait while it flushes and drains.
				node.kill();
			}
		}
		finally {
			if (this.gatling != null) {
				this.gatling.close();
			}
			this.layerJvms.values().forEach(JavaProcess::close);
		}
		SuiteResult result = new SuiteResult(this.settings.mode(), started, (System.nanoTime() - start) / 60e9, machine,
				Machine.currentLoadAverage(), this.settings, results, reports, this.notes);
		Report.write(result, this.output);
		logger.info("Benchmarks done in {} min: {}", String.format("%.1f", result.minutes()),
				this.output.resolve("summary.md"));
		return result;
	}

	private EmbeddedCassandra startNode() {
		Path directory = this.output.resolve("node");
		deleteRecursively(directory);
		logger.info("Starting the Cassandra node");
		return EmbeddedCassandra.builder()
			.directory(directory)
			.throwaway(true)
			.stopTimeout(Duration.ofSeconds(10))
			.jvmOptions(this.settings.nodeJvmOptions())
			.build()
			.start();
	}

	/**
	 * The admin step, as a deployment runs it before the services start: each service's
	 * keyspace, the runtime role it serves as and the migrator its migrations run as,
	 * neither a superuser, so the guardrails bind both.
	 */
	private Map<String, Logins> provision(EmbeddedCassandra node) {
		Map<String, Logins> roles = new LinkedHashMap<>();
		try (CqlSession admin = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
				node.superuser(), Duration.ofSeconds(60))) {
			for (ServiceBenchmark service : this.services) {
				Logins logins = new Logins(Credentials.generate(service.keyspace()),
						Credentials.generate(KeyspaceProvisioner.migratorRole(service.keyspace())));
				KeyspaceProvisioner.provision(admin, service.keyspace(),
						new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1), node.localDatacenter(),
						new RoleLogin(logins.runtime().username(), logins.runtime().password()),
						new RoleLogin(logins.migrator().username(), logins.migrator().password()));
				roles.put(service.name(), logins);
			}
		}
		return roles;
	}

	// The driver and service layers

	private final Map<String, JavaProcess> layerJvms = new LinkedHashMap<>();

	private final Map<String, CompletableFuture<String>> inProcessUrls = new LinkedHashMap<>();

	/** The smoke run's Gatling JVM, started before its plan is known. */
	private GatlingRun gatling;

	private List<ServiceResult> measureLayers(EmbeddedCassandra node, Map<String, Logins> roles) {
		List<ServiceResult> results = new ArrayList<>();
		if (this.settings.parallel()) {
			this.services.forEach((service) -> startLayers(service, node, roles.get(service.name())));
			if (this.settings.inProcessHttp() && !this.layersOnly) {
				// Gatling's JVM boots while the services are measured, and then waits for
				// its plan, instead of booting after them.
				this.gatling = GatlingRun.start(this.settings.jvmOptions(), this.output.resolve("http"), "smoke",
						(message) -> logger.info("{}", message));
			}
			this.services.forEach((service) -> results.add(awaitLayers(service)));
		}
		else {
			for (ServiceBenchmark service : this.services) {
				startLayers(service, node, roles.get(service.name()));
				results.add(awaitLayers(service));
			}
		}
		return results;
	}

	private void startLayers(ServiceBenchmark service, EmbeddedCassandra node, Logins logins) {
		Credentials role = logins.runtime();
		Path directory = this.output.resolve("layers");
		createDirectories(directory);
		LayerTask task = new LayerTask(service.name(), this.settings, node.contactPoint().getHostString(),
				node.contactPoint().getPort(), node.localDatacenter(), role.username(), node.processHandle().pid(),
				directory.resolve(service.name() + ".json"), this.output.resolve("profiles"), this.httpOnly);
		Path taskFile = directory.resolve(service.name() + "-task.json");
		Json.write(taskFile, task);
		List<String> arguments = new ArrayList<>(this.settings.jvmOptions());
		arguments.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classPathOf(service)),
				LayerRunner.class.getName(), taskFile.toString()));
		CompletableFuture<String> url = new CompletableFuture<>();
		this.inProcessUrls.put(service.name(), url);
		logger.info("{}: starting the layer JVM", service.name());
		this.layerJvms.put(service.name(),
				JavaProcess.start(
						service.name() + " layers", arguments, Map.of(LayerTask.PASSWORD_VARIABLE, role.password(),
								ServiceJvm.MIGRATOR_PASSWORD_VARIABLE, logins.migrator().password()),
						directory.resolve(service.name() + ".log"), (line) -> {
							if (line.startsWith(LayerTask.PROGRESS)) {
								logger.info("{}: {}", service.name(), line.substring(LayerTask.PROGRESS.length()));
							}
							else if (line.startsWith(LayerTask.HTTP_READY)) {
								url.complete("http://127.0.0.1:" + line.substring(LayerTask.HTTP_READY.length()));
							}
						}));
	}

	private ServiceResult awaitLayers(ServiceBenchmark service) {
		JavaProcess jvm = this.layerJvms.get(service.name());
		Path result = this.output.resolve("layers").resolve(service.name() + ".json");
		if (this.settings.inProcessHttp()) {
			// The JVM keeps serving HTTP once its result is written.
			CompletableFuture<String> url = this.inProcessUrls.get(service.name());
			CompletableFuture.anyOf(url, jvm.onExit()).orTimeout(20, TimeUnit.MINUTES).join();
			if (!url.isDone()) {
				throw new IllegalStateException(service.name() + ": the layer JVM failed; see "
						+ this.output.resolve("layers").resolve(service.name() + ".log"));
			}
		}
		else {
			jvm.awaitSuccess(Duration.ofMinutes(20));
			this.layerJvms.remove(service.name());
		}
		return Json.read(result, ServiceResult.class);
	}

	/**
	 * The service's build output, then the suite's class path, which carries no service's
	 * classes: each service's {@code application.yml} and {@code cql} folder sit at the
	 * root of its classes, and a JVM must see its own only. The test classes come along
	 * because the workloads are there, in the service's packages.
	 */
	private List<String> classPathOf(ServiceBenchmark service) {
		List<String> classPath = new ArrayList<>();
		this.benchmarks.classPath(service).forEach((directory) -> classPath.add(directory.toString()));
		classPath.addAll(JavaProcess.classPath());
		return classPath;
	}

	// The HTTP layer

	private List<ServiceResult> measureHttp(EmbeddedCassandra node, Map<String, Logins> roles,
			List<ServiceResult> results, List<String> reports) {
		Map<String, String> urls = new LinkedHashMap<>();
		Map<String, ProcessHandle> processes = new LinkedHashMap<>();
		Map<String, ServiceJvm> serviceJvms = new LinkedHashMap<>();
		Map<String, PeerJvm> peers = new LinkedHashMap<>();
		try {
			// The service JVMs start together (nothing is measured yet); every start is
			// waited for, so that the block below stops each one that did start.
			Map<String, CompletableFuture<ServiceJvm>> starting = new LinkedHashMap<>();
			if (!this.settings.inProcessHttp()) {
				ExecutorService starters = Executors.newFixedThreadPool(this.services.size());
				try {
					for (ServiceBenchmark service : this.services) {
						starting.put(service.name(),
								CompletableFuture.supplyAsync(() -> ServiceJvm.start(service,
										ServiceJvm.runnableJar(service.name(), this.benchmarks.target(service)),
										node.contactPoint().getHostString() + ":" + node.contactPoint().getPort(),
										node.localDatacenter(), roles.get(service.name()).runtime(),
										roles.get(service.name()).migrator(), this.settings.jvmOptions(),
										this.output.resolve("http").resolve(service.name() + ".log"),
										(message) -> logger.info("{}", message)), starters));
					}
					CompletableFuture.allOf(starting.values().toArray(CompletableFuture[]::new))
						.handle((started, error) -> null)
						.join();
				}
				finally {
					starters.shutdown();
				}
				starting.forEach((name, jvm) -> {
					if (!jvm.isCompletedExceptionally()) {
						serviceJvms.put(name, jvm.join());
					}
				});
			}
			for (ServiceBenchmark service : this.services) {
				if (this.settings.inProcessHttp()) {
					urls.put(service.name(), this.inProcessUrls.get(service.name()).join());
					processes.put(service.name(), this.layerJvms.get(service.name()).handle());
				}
				else {
					ServiceJvm jvm = starting.get(service.name()).join();
					urls.put(service.name(), jvm.baseUrl());
					processes.put(service.name(), jvm.handle());
				}
			}
			Map<String, DataSet> data = new LinkedHashMap<>();
			results.forEach((result) -> data.put(result.service(), result.data()));
			Map<String, Double> items = itemsPerResponse(results, urls, data);
			startPeers(node, roles, urls, processes, peers);
			Map<String, PeerCheck> checks = checkPeers(results, urls, data);
			Path http = this.output.resolve("http");
			Map<String, List<Run>> runs = new HashMap<>();
			Map<String, Double> throughput = new HashMap<>();
			if (this.settings.parallel()) {
				// The smoke run: one Gatling JVM, every phase at a rate known in advance.
				GatlingRun.Result smoke = this.gatling.run(openPlan(results, urls, processes, data, Map.of()),
						processes, node.processHandle());
				reports.add(this.output.relativize(smoke.report()).toString());
				collect(smoke, runs, throughput, items);
			}
			else {
				GatlingRun.Result closed = GatlingRun.run(this.settings.jvmOptions(),
						closedPlan(results, urls, processes, data), http, "closed", processes, node.processHandle(),
						(message) -> logger.info("{}", message));
				reports.add(this.output.relativize(closed.report()).toString());
				collect(closed, runs, throughput, items);
				GatlingRun.Result open = GatlingRun.run(this.settings.jvmOptions(),
						openPlan(results, urls, processes, data, throughput), http, "open", processes,
						node.processHandle(), (message) -> logger.info("{}", message));
				reports.add(this.output.relativize(open.report()).toString());
				collect(open, runs, new HashMap<>(), items);
			}
			List<ServiceResult> measured = merge(results, runs, Map.of(), checks);
			Map<String, List<Profile>> profiles = profileHttp(measured, urls, data, processes, node, http);
			return merge(results, runs, profiles, checks);
		}
		finally {
			peers.values().forEach(PeerJvm::close);
			serviceJvms.forEach((name, jvm) -> {
				int warnings = jvm.warnings();
				if (warnings > 0) {
					this.notes.add(name + ": " + warnings + " Cassandra warnings in the service JVM's log");
				}
				jvm.close();
			});
			// Each JVM's context shuts down in a few seconds: all at once, not one after
			// the other.
			this.layerJvms.values().forEach(JavaProcess::closeInput);
			this.layerJvms.forEach((name, jvm) -> {
				jvm.awaitSuccess(Duration.ofMinutes(2));
				int warnings = countWarnings(this.output.resolve("layers").resolve(name + ".log"));
				if (warnings > 0) {
					this.notes.add(name + ": " + warnings + " Cassandra warnings in the layer JVM's log");
				}
			});
		}
	}

	private HttpPlan closedPlan(List<ServiceResult> results, Map<String, String> urls,
			Map<String, ProcessHandle> processes, Map<String, DataSet> data) {
		List<HttpPlan.Phase> phases = new ArrayList<>();
		int lane = 0;
		for (WorkloadResult workload : workloads(results)) {
			String url = urls.get(workload.info().service());
			warmUp(phases, lane, workload, url, processes);
			phases.add(closedPhase(phases.size(), lane, workload, url, HttpPlan.Phase.CLOSED, this.settings.window()));
			peerWindow(phases, lane, workload, urls, processes);
			lane += this.settings.parallel() ? 1 : 0;
		}
		return new HttpPlan(this.benchmarks.repository(), phases, data);
	}

	private HttpPlan openPlan(List<ServiceResult> results, Map<String, String> urls,
			Map<String, ProcessHandle> processes, Map<String, DataSet> data, Map<String, Double> closedThroughput) {
		List<HttpPlan.Phase> phases = new ArrayList<>();
		int lane = 0;
		for (WorkloadResult workload : workloads(results)) {
			String url = urls.get(workload.info().service());
			if (this.settings.parallel()) {
				warmUp(phases, lane, workload, url, processes);
				phases.add(
						closedPhase(phases.size(), lane, workload, url, HttpPlan.Phase.CLOSED, this.settings.window()));
				peerWindow(phases, lane, workload, urls, processes);
			}
			if (!workload.info().hottest()) {
				lane += this.settings.parallel() ? 1 : 0;
				continue;
			}
			if (!this.settings.parallel()) {
				// The steps follow each other on the same request: the warm-up before
				// the first warms the service for them all (in the smoke run, the closed
				// window just before them does).
				warmUp(phases, lane, workload, url, processes);
			}
			// Without a measured throughput (the smoke run), five times the concurrency
			// per second: arrivals close enough together that a step's last request
			// starts near its end, as at the full run's rates.
			double saturation = closedThroughput.getOrDefault(workload.info().id(), 5.0 * this.settings.concurrency());
			for (double step : this.settings.openSteps()) {
				double seconds = seconds(this.settings.openStep());
				phases.add(new HttpPlan.Phase(phases.size(), lane, workload.info().id(), url, true, 0,
						Math.max(1, Math.round(saturation * step)), seconds, this.settings.samples(workload.info()),
						HttpPlan.Phase.OPEN, seconds, -1, workload.info().service()));
			}
			lane += this.settings.parallel() ? 1 : 0;
		}
		return new HttpPlan(this.benchmarks.repository(), phases, data);
	}

	/**
	 * A warm-up before a measured window: the window's request, in flight as often as in
	 * a closed-model window, for {@code warmUp} at least and then until the serving JVM's
	 * compiler is quiet, {@code httpWarmUpLimit} at most.
	 */
	/**
	 * A JVM's warm-up before a window: first under a light load (a sixteenth of the
	 * window's requests in flight), then under the window's, each until the JIT compiler
	 * is quiet. Under the window's load the compiler threads share the cores with the
	 * JVM's event loops, the node and Gatling, and a service JVM's compiler still ran for
	 * over two minutes on two cores; a light load leaves the compiler most of the cores,
	 * and the same methods reach their thresholds there. The load of the window then
	 * compiles what only it reaches (queueing, batching of writes).
	 */
	private void warmUp(List<HttpPlan.Phase> phases, int lane, WorkloadResult workload, String url,
			Map<String, ProcessHandle> processes, String target) {
		if (this.settings.httpWarmUpLimit().isZero()) {
			return;
		}
		int light = this.settings.concurrency() / LIGHT_WARM_UP_SHARE;
		for (int concurrency : (light > 0) ? List.of(light, this.settings.concurrency())
				: List.of(this.settings.concurrency())) {
			phases.add(new HttpPlan.Phase(phases.size(), lane, workload.info().id(), url, false, concurrency, 0,
					seconds(this.settings.httpWarmUpLimit()), this.settings.samples(workload.info()),
					HttpPlan.Phase.WARM_UP, seconds(this.settings.warmUp()), processes.get(target).pid(), target));
		}
	}

	private void warmUp(List<HttpPlan.Phase> phases, int lane, WorkloadResult workload, String url,
			Map<String, ProcessHandle> processes) {
		warmUp(phases, lane, workload, url, processes, workload.info().service());
	}

	private HttpPlan.Phase closedPhase(int index, int lane, WorkloadResult workload, String url, String kind,
			Duration duration) {
		return closedPhase(index, lane, workload, url, kind, duration, workload.info().service());
	}

	private HttpPlan.Phase closedPhase(int index, int lane, WorkloadResult workload, String url, String kind,
			Duration duration, String target) {
		return new HttpPlan.Phase(index, lane, workload.info().id(), url, false, this.settings.concurrency(), 0,
				seconds(duration), this.settings.samples(workload.info()), kind, seconds(duration), -1, target);
	}

	/**
	 * The lean peer's window of a request, right after its service's, warmed up the same
	 * way: nothing if the request has no peer.
	 */
	private void peerWindow(List<HttpPlan.Phase> phases, int lane, WorkloadResult workload, Map<String, String> urls,
			Map<String, ProcessHandle> processes) {
		String peer = HttpPlan.Phase.peerOf(workload.info().service());
		if (!LeanPeer.workloads(workload.info().service()).contains(workload.info().id()) || !urls.containsKey(peer)) {
			return;
		}
		warmUp(phases, lane, workload, urls.get(peer), processes, peer);
		phases.add(closedPhase(phases.size(), lane, workload, urls.get(peer), HttpPlan.Phase.PEER,
				this.settings.window(), peer));
	}

	private static double seconds(Duration duration) {
		return duration.toMillis() / 1000.0;
	}

	private static List<WorkloadResult> workloads(List<ServiceResult> results) {
		return results.stream().flatMap((result) -> result.workloads().stream()).toList();
	}

	/**
	 * The measured phases of a run as runs of the HTTP layer; a warm-up's errors are
	 * carried into the run it warmed up.
	 */
	private static void collect(GatlingRun.Result result, Map<String, List<Run>> runs, Map<String, Double> throughput,
			Map<String, Double> items) {
		long warmUpErrors = 0;
		double warmUpSeconds = 0;
		for (GatlingRun.PhaseResult phase : result.phases().values()) {
			HttpPlan.Phase plan = phase.phase();
			if (plan.warmUp()) {
				warmUpErrors += phase.outcome().errors();
				warmUpSeconds += phase.outcome().seconds();
				continue;
			}
			if (HttpPlan.Phase.PROFILE.equals(plan.kind())) {
				continue;
			}
			Outcome o = phase.outcome();
			Outcome outcome = new Outcome(o.seconds(), o.requests(), o.errors(), o.timeouts(), warmUpErrors,
					o.throughput(), o.latency(), items.get(plan.workload()), o.errorSamples());
			ThreadCpu.Use threads = phase.serviceThreads();
			Layer layer = HttpPlan.Phase.PEER.equals(plan.kind()) ? Layer.LEAN_PEER : Layer.HTTP;
			runs.computeIfAbsent(plan.workload(), (id) -> new ArrayList<>())
				.add(new Run(plan.workload(), layer, plan.open() ? Run.OPEN : Run.CLOSED, plan.concurrency(),
						plan.rate(), outcome, phase.cpu(), -1, warmUpSeconds,
						(threads != null) ? threads.compilerMillis() : -1, threads));
			warmUpErrors = 0;
			warmUpSeconds = 0;
			if (layer == Layer.HTTP && !plan.open()) {
				throughput.put(plan.workload(), o.throughput());
			}
		}
	}

	/**
	 * The items each request's responses carry over HTTP, on average over its inputs: for
	 * a read, asked once per input and held against the rows the service layer returned
	 * for the same inputs (a difference is noted, and its ratios are not judged); for a
	 * write, the rows it writes.
	 */
	private Map<String, Double> itemsPerResponse(List<ServiceResult> results, Map<String, String> urls,
			Map<String, DataSet> data) {
		Map<String, Double> items = new HashMap<>();
		for (WorkloadResult workload : workloads(results)) {
			String id = workload.info().id();
			if (workload.info().writes()) {
				items.put(id, (double) workload.info().rowsPerRequest());
				continue;
			}
			List<Integer> http = ResponseItems.probe(this.benchmarks.workload(id), data.get(workload.info().service()),
					workload.inputRows().size(), urls.get(workload.info().service()));
			if (!http.equals(workload.inputRows())) {
				this.notes.add(id + ": unequal work, HTTP's responses carry " + http
						+ " items where the service layer returned " + workload.inputRows() + " rows");
			}
			items.put(id, http.stream().mapToInt(Integer::intValue).average().orElse(0));
		}
		return items;
	}

	private static List<ServiceResult> merge(List<ServiceResult> results, Map<String, List<Run>> runs,
			Map<String, List<Profile>> profiles, Map<String, PeerCheck> checks) {
		return results.stream()
			.map((service) -> new ServiceResult(service.service(), service.data(), service.loaded(),
					service.startSeconds(), service.loadSeconds(),
					service.workloads()
						.stream()
						.map((workload) -> workload.with(runs.getOrDefault(workload.info().id(), List.of()),
								profiles.getOrDefault(workload.info().id(), List.of()),
								checks.get(workload.info().id())))
						.toList(),
					service.notes()))
			.toList();
	}

	/**
	 * Starts the lean peer of every service with peered requests, on the same node, as
	 * the same role, with the services' JVM options.
	 */
	private void startPeers(EmbeddedCassandra node, Map<String, Logins> roles, Map<String, String> urls,
			Map<String, ProcessHandle> processes, Map<String, PeerJvm> peers) {
		// Side by side: each JVM's start is mostly waiting for its session and its
		// statements to be prepared.
		Map<String, CompletableFuture<PeerJvm>> starting = new LinkedHashMap<>();
		for (ServiceBenchmark service : this.services) {
			if (LeanPeer.workloads(service.name()).isEmpty()) {
				continue;
			}
			logger.info("{}: starting its lean peer", service.name());
			starting.put(HttpPlan.Phase.peerOf(service.name()),
					CompletableFuture.supplyAsync(() -> PeerJvm.start(service.name(), service.keyspace(),
							node.contactPoint().getHostString() + ":" + node.contactPoint().getPort(),
							node.localDatacenter(), roles.get(service.name()).runtime(), this.settings.jvmOptions(),
							this.output.resolve("http").resolve(service.name() + "-peer.log"))));
		}
		CompletableFuture.allOf(starting.values().toArray(CompletableFuture[]::new))
			.handle((started, error) -> null)
			.join();
		// Every peer that started is registered, so that the caller stops it, before a
		// failed start is reported.
		starting.forEach((name, peer) -> {
			if (!peer.isCompletedExceptionally()) {
				peers.put(name, peer.join());
				urls.put(name, peer.join().baseUrl());
				processes.put(name, peer.join().handle());
			}
		});
		starting.values().forEach(CompletableFuture::join);
	}

	/**
	 * Each peered request's inputs, sent once to the service and once to its peer, before
	 * either is timed: a difference is noted, and the peer's ratio is then not judged.
	 */
	private Map<String, PeerCheck> checkPeers(List<ServiceResult> results, Map<String, String> urls,
			Map<String, DataSet> data) {
		Map<String, PeerCheck> checks = new HashMap<>();
		for (WorkloadResult workload : workloads(results)) {
			String service = workload.info().service();
			String peer = urls.get(HttpPlan.Phase.peerOf(service));
			if (peer == null || !LeanPeer.workloads(service).contains(workload.info().id())) {
				continue;
			}
			PeerCheck check = PeerAnswers.compare(this.benchmarks.workload(workload.info().id()), data.get(service),
					this.settings.samples(workload.info()), urls.get(service), peer);
			if (!check.equal()) {
				this.notes.add(workload.info().id() + ": the lean peer answered otherwise than the service, "
						+ check.difference());
			}
			checks.put(workload.info().id(), check);
		}
		return checks;
	}

	/**
	 * Profiles the service JVM under every hot request, and under any other whose HTTP
	 * layer missed its goal: one profiled phase each, after its warm-up.
	 */
	private Map<String, List<Profile>> profileHttp(List<ServiceResult> measured, Map<String, String> urls,
			Map<String, DataSet> data, Map<String, ProcessHandle> processes, EmbeddedCassandra node, Path http) {
		Map<String, List<Profile>> profiles = new HashMap<>();
		if (this.settings.profile().isZero()) {
			return profiles;
		}
		List<HttpPlan.Phase> phases = new ArrayList<>();
		for (WorkloadResult workload : workloads(measured)) {
			boolean missed = Goals.judge(workload)
				.stream()
				.anyMatch((verdict) -> verdict.layer() == Layer.HTTP && !verdict.met());
			if (workload.info().hottest() || missed) {
				String url = urls.get(workload.info().service());
				warmUp(phases, 0, workload, url, processes);
				phases
					.add(closedPhase(phases.size(), 0, workload, url, HttpPlan.Phase.PROFILE, this.settings.profile()));
			}
			String peer = HttpPlan.Phase.peerOf(workload.info().service());
			if (workload.info().hottest() && urls.containsKey(peer)
					&& LeanPeer.workloads(workload.info().service()).contains(workload.info().id())) {
				warmUp(phases, 0, workload, urls.get(peer), processes, peer);
				phases.add(closedPhase(phases.size(), 0, workload, urls.get(peer), HttpPlan.Phase.PROFILE,
						this.settings.profile(), peer));
			}
		}
		if (phases.isEmpty()) {
			return profiles;
		}
		GatlingRun.Result result = GatlingRun.run(this.settings.jvmOptions(),
				new HttpPlan(this.benchmarks.repository(), phases, data), http, "profile", processes,
				node.processHandle(), (message) -> logger.info("{}", message));
		Path directory = this.output.resolve("profiles");
		createDirectories(directory);
		double warmUpSeconds = 0;
		for (HttpPlan.Phase phase : phases) {
			GatlingRun.PhaseResult window = result.phases().get(phase.index());
			if (phase.warmUp()) {
				warmUpSeconds += (window != null) ? window.outcome().seconds() : 0;
				continue;
			}
			Path collapsed = result.profiles().resolve(phase.index() + ".collapsed");
			if (!Files.isRegularFile(collapsed)) {
				this.notes.add(phase.workload() + ": the service JVM was not profiled (see "
						+ this.output.relativize(http.resolve("profile").resolve("gatling.log")) + ")");
				continue;
			}
			boolean peer = !phase.target().equals(phase.workload().substring(0, phase.workload().indexOf('/')));
			String name = phase.workload().replace('/', '-') + (peer ? "-peer" : "-http");
			long compiled = (window != null && window.serviceThreads() != null)
					? window.serviceThreads().compilerMillis() : -1;
			Profile profile = Profiles
				.renderCollapsed(collapsed, directory.resolve(name + ".html"), "profiles/" + name + ".html",
						phase.workload(), peer ? Layer.LEAN_PEER : Layer.HTTP,
						(peer ? "lean peer's JVM" : "service JVM") + ", all threads",
						result.profilerEvents().get(phase.index()))
				.inWindow(warmUpSeconds, compiled);
			warmUpSeconds = 0;
			profiles.computeIfAbsent(phase.workload(), (id) -> new ArrayList<>()).add(profile);
		}
		return profiles;
	}

	private static int countWarnings(Path log) {
		try (Stream<String> lines = Files.lines(log)) {
			return (int) lines.filter((line) -> line.contains(ServerWarnings.MARKER)).count();
		}
		catch (IOException | UncheckedIOException ex) {
			return 0;
		}
	}

	private static void createDirectories(Path directory) {
		try {
			Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void deleteRecursively(Path directory) {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A service's two logins: the runtime role it serves as, and the migrator its schema
	 * migrations run as.
	 */
	private record Logins(Credentials runtime, Credentials migrator) {

	}

}
