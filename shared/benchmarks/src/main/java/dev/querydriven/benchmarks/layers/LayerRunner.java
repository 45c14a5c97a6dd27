package dev.querydriven.benchmarks.layers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import dev.querydriven.benchmarks.Benchmarks;
import dev.querydriven.benchmarks.Json;
import dev.querydriven.benchmarks.SuiteSettings;
import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.Workload;
import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.benchmarks.capture.CapturedRequest;
import dev.querydriven.benchmarks.capture.Replayer;
import dev.querydriven.benchmarks.capture.StatementCapture;
import dev.querydriven.benchmarks.measure.ClosedLoop;
import dev.querydriven.benchmarks.measure.CpuMeter;
import dev.querydriven.benchmarks.measure.Roles;
import dev.querydriven.benchmarks.measure.ServerWarnings;
import dev.querydriven.benchmarks.measure.WarmUp;
import dev.querydriven.benchmarks.profile.Profiles;
import dev.querydriven.benchmarks.profile.Recordings;
import dev.querydriven.benchmarks.report.Goals;
import dev.querydriven.benchmarks.report.IntentCost;
import dev.querydriven.benchmarks.report.Layer;
import dev.querydriven.benchmarks.report.Profile;
import dev.querydriven.benchmarks.report.Run;
import dev.querydriven.benchmarks.report.ServiceResult;
import dev.querydriven.benchmarks.report.WorkloadResult;
import dev.querydriven.servicesupport.cassandra.KeyspaceProvisioner;
import jdk.jfr.Recording;
import reactor.core.publisher.Mono;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The main class of a layer JVM: measures one service's workloads through the raw driver
 * and the service layer. For each workload, in this order:
 * <ol>
 * <li>capture: one request per sample runs through the service layer, alone, while its
 * statements are recorded;</li>
 * <li>the raw driver replays them (for an ingestion, first the rows alone, one insert
 * each), then, for a write that records intents, once more without them;</li>
 * <li>the service layer runs the same inputs;</li>
 * <li>if the service layer missed its goal, it runs once more under the profiler.</li>
 * </ol>
 * Reads come before writes, so that they see the loaded data only.
 */
public final class LayerRunner {

	/**
	 * The table of the shared write intents ({@code shared/write-intents}), where a
	 * service records each change before its source write and marks it completed after
	 * its copies.
	 */
	private static final String WRITE_INTENTS = "write_intents";

	/**
	 * What the write intents run beside a request rather than in it: the completion mark,
	 * written after the service answered (on the change's own subscription, so a capture
	 * holds it only when it happens to reach the session first), and the sweeper's reads
	 * of the intents and of its watermark (a background pass can fall into a capture).
	 * Dropped from every captured request, so that every replay holds what the request
	 * waited for, and nothing else.
	 */
	private static final Pattern INTENTS_BESIDE_THE_REQUEST = Pattern.compile(
			"\\s*(?:UPDATE\\s+(?:\\w+\\.)?write_intents\\s+SET\\s+completed_at"
					+ "|SELECT\\b.*?\\bFROM\\s+(?:\\w+\\.)?write_intent(?:s|_sweeps)\\b)",
			Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

	private final LayerTask task;

	private final String password;

	private final SuiteSettings settings;

	private LayerRunner(LayerTask task, String password) {
		this.task = task;
		this.password = password;
		this.settings = task.settings();
	}

	/**
	 * Runs the task in the file named by the first argument.
	 * @param args the task file
	 */
	public static void main(String[] args) {
		LayerTask task = Json.read(Path.of(args[0]), LayerTask.class);
		String password = System.getenv(LayerTask.PASSWORD_VARIABLE);
		if (password == null) {
			throw new IllegalStateException("The role's password is expected in " + LayerTask.PASSWORD_VARIABLE);
		}
		try {
			new LayerRunner(task, password).run();
		}
		catch (RuntimeException | Error ex) {
			// The driver's and Netty's threads would keep a failed JVM alive, and the
			// suite waiting for its result.
			ex.printStackTrace();
			System.exit(1);
		}
		System.exit(0);
	}

	private void run() {
		ServiceBenchmark benchmark = Benchmarks.onClassPath(this.task.service()).named(this.task.service());
		StatementCapture capture = new StatementCapture();
		long started = System.nanoTime();
		try (ConfigurableApplicationContext context = start(benchmark, capture)) {
			double startSeconds = (System.nanoTime() - started) / 1e9;
			ServerWarnings.capture();
			Map<String, Long> loaded = new LinkedHashMap<>();
			long loading = System.nanoTime();
			DataSet data = benchmark.load(context, this.settings.scale(), (step, done, total) -> {
				progress("loading " + step + ": " + done + " of " + total);
				if (done == total) {
					loaded.put(step, total);
				}
			});
			double loadSeconds = (System.nanoTime() - loading) / 1e9;
			List<String> notes = new ArrayList<>();
			int loadWarnings = ServerWarnings.drain().size();
			if (loadWarnings > 0) {
				notes.add(loadWarnings + " Cassandra warnings while loading the data");
			}
			List<WorkloadResult> results = new ArrayList<>();
			try (CqlSession raw = rawSession(context.getBean(CqlSession.class), benchmark.keyspace())) {
				for (Workload<?> workload : benchmark.workloads()) {
					results.add(measure(workload, context, data, capture, raw));
				}
			}
			Json.write(this.task.result(),
					new ServiceResult(benchmark.name(), data, loaded, startSeconds, loadSeconds, results, notes));
			if (this.settings.inProcessHttp()) {
				System.out.println(LayerTask.HTTP_READY + context.getEnvironment().getProperty("local.server.port"));
				System.out.flush();
				awaitEndOfInput();
			}
		}
	}

	private ConfigurableApplicationContext start(ServiceBenchmark benchmark, StatementCapture capture) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.cassandra.contact-points", this.task.host() + ":" + this.task.port());
		properties.put("spring.cassandra.local-datacenter", this.task.datacenter());
		properties.put("spring.cassandra.username", this.task.username());
		// The migrations run as the keyspace's migrator, whose password the suite put
		// in this JVM's environment (QUERYDRIVEN_CASSANDRA_MIGRATOR_PASSWORD).
		properties.put("querydriven.cassandra.migrator.username",
				KeyspaceProvisioner.migratorRole(benchmark.keyspace()));
		// A reactive web application, as in production: the web conventions (cursors,
		// problem details) are beans of one. Its server listens on a free port, idle
		// unless this JVM serves the smoke run's HTTP layer.
		properties.put("spring.main.web-application-type", "reactive");
		properties.putAll(SuiteSettings.serviceProperties(benchmark));
		properties.putAll(benchmark.properties());
		// As command-line arguments: they rank above the service's application.yml.
		String[] arguments = properties.entrySet()
			.stream()
			.map((property) -> "--" + property.getKey() + "=" + property.getValue())
			.toArray(String[]::new);
		TestClassesExcludeFilter testClasses = new TestClassesExcludeFilter(benchmark.getClass());
		return new SpringApplicationBuilder(benchmark.application())
			.properties(Map.of("spring.cassandra.password", this.password))
			.initializers((context) -> {
				context.getBeanFactory().addBeanPostProcessor(capture);
				context.getBeanFactory().registerSingleton("benchmarkTestClassesExcludeFilter", testClasses);
			})
			.run(arguments);
	}

	/**
	 * A session of the raw driver layer: the service's role and keyspace, and the
	 * settings of the service's own session that shape a request (timeout, consistency,
	 * page size, idempotence, connections, the bound on requests in flight) or its load
	 * on the node (the keyspaces whose schema it follows), so that only the layers above
	 * differ.
	 */
	private CqlSession rawSession(CqlSession service, String keyspace) {
		DriverExecutionProfile profile = service.getContext().getConfig().getDefaultProfile();
		ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder()
			.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, profile.getDuration(DefaultDriverOption.REQUEST_TIMEOUT))
			.withString(DefaultDriverOption.REQUEST_CONSISTENCY,
					profile.getString(DefaultDriverOption.REQUEST_CONSISTENCY))
			.withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY,
					profile.getString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY))
			.withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, profile.getInt(DefaultDriverOption.REQUEST_PAGE_SIZE))
			.withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE,
					profile.getBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE))
			.withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE,
					profile.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE))
			.withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS,
					profile.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS))
			.withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES,
					profile.getStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES))
			// The service's bound on statements in flight: without it, a replayed fan-out
			// (64 publishes of 29 statements each) overflows the connection's 1,024
			// streams, as the service itself did before it had one.
			.withString(DefaultDriverOption.REQUEST_THROTTLER_CLASS,
					profile.getString(DefaultDriverOption.REQUEST_THROTTLER_CLASS));
		if (profile.isDefined(DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS)) {
			config = config
				.withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS,
						profile.getInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS))
				.withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_QUEUE_SIZE,
						profile.getInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_QUEUE_SIZE));
		}
		return CqlSession.builder()
			.addContactPoint(new InetSocketAddress(this.task.host(), this.task.port()))
			.withLocalDatacenter(this.task.datacenter())
			.withAuthCredentials(this.task.username(), this.password)
			.withKeyspace(keyspace)
			.withConfigLoader(config.build())
			.build();
	}

	private <I> WorkloadResult measure(Workload<I> workload, ConfigurableApplicationContext context, DataSet data,
			StatementCapture capture, CqlSession raw) {
		WorkloadInfo info = workload.info();
		Function<I, Mono<Integer>> call = workload.service(context);
		int samples = this.settings.samples(info);
		progress(info.id() + ": capturing " + samples + " requests");
		List<CapturedRequest> captured = new ArrayList<>();
		List<String> warnings = new ArrayList<>();
		List<Integer> inputRows = new ArrayList<>();
		for (int i = 0; i < samples; i++) {
			I input = workload.input(i, data);
			Set<UUID> fresh = workload.freshIds(input);
			CapturedRequest request = capture
				.capture(fresh, () -> inputRows
					.add(call.apply(input).contextWrite(StatementCapture.marker()).block(Duration.ofSeconds(30))))
				.without(INTENTS_BESIDE_THE_REQUEST);
			if (request.stages().isEmpty()) {
				throw new IllegalStateException(info.id() + ": request " + i + " executed no statement");
			}
			if (!request.unboundFreshIds().isEmpty() && warnings.isEmpty()) {
				warnings.add("a created id is bound by no statement: replays write the captured rows again");
			}
			captured.add(request);
		}
		Replayer replayer = Replayer.prepare(raw, captured, info.rowInsert());
		if (this.task.httpOnly()) {
			return new WorkloadResult(info, replayer.statementsPerRequest(), replayer.stagesPerRequest(), warnings,
					List.of(), List.of(), null, inputRows, null);
		}
		Replayer withoutIntents = info.writes() ? withoutIntents(raw, captured) : null;
		ProcessHandle node = ProcessHandle.of(this.task.nodePid()).orElseThrow();
		CpuMeter generator = new CpuMeter(Map.of(Roles.GENERATOR, ProcessHandle.current(), Roles.NODE, node));
		CpuMeter generatorAndService = new CpuMeter(
				Map.of(Roles.GENERATOR_AND_SERVICE, ProcessHandle.current(), Roles.NODE, node));
		LongFunction<Mono<Integer>> serviceCalls = (sequence) -> Mono
			.defer(() -> call.apply(workload.input(sequence % samples, data)));
		List<Run> runs = new ArrayList<>();
		if (info.rowInsert() != null) {
			runs.add(run(info, Layer.RAW_ROWS, replayer::insertRow, generator));
		}
		Run driver = run(info, Layer.DRIVER, replayer::replay, generator);
		runs.add(driver);
		IntentCost intents = null;
		if (withoutIntents != null) {
			// Right after the raw driver's window, on the same session and the same
			// inputs: the two windows differ by the intents' statements alone.
			Run driverWithoutIntents = run(info, Layer.DRIVER_WITHOUT_INTENTS, withoutIntents::replay, generator);
			runs.add(driverWithoutIntents);
			intents = IntentCost.of(replayer.statementsPerRequest(), withoutIntents.statementsPerRequest(), driver,
					driverWithoutIntents);
		}
		Run service = run(info, Layer.SERVICE, serviceCalls, generatorAndService);
		runs.add(service);
		List<Profile> profiles = new ArrayList<>();
		if (!this.settings.profile().isZero() && !Goals.service(info, driver, service).met()) {
			profiles.add(profile(info, serviceCalls, generatorAndService));
		}
		return new WorkloadResult(info, replayer.statementsPerRequest(), replayer.stagesPerRequest(), warnings, runs,
				profiles, intents, inputRows, null);
	}

	/**
	 * The replay of the captured requests without their writes to {@code write_intents},
	 * or {@code null} if they made none. The requests keep their order, so that the
	 * {@code n}-th replay of either is the same input's.
	 */
	private static Replayer withoutIntents(CqlSession raw, List<CapturedRequest> captured) {
		List<CapturedRequest> without = captured.stream()
			.map((request) -> request.withoutWritesTo(WRITE_INTENTS))
			.toList();
		boolean recordsIntents = false;
		for (int i = 0; i < captured.size(); i++) {
			recordsIntents |= without.get(i) != captured.get(i);
		}
		return recordsIntents ? Replayer.prepare(raw, without, null) : null;
	}

	private Run run(WorkloadInfo info, Layer layer, LongFunction<Mono<Integer>> requests, CpuMeter cpu) {
		progress(info.id() + ": " + layer.title() + ", " + this.settings.concurrency() + " in flight");
		ServerWarnings.drain();
		ClosedLoop.Measured measured = ClosedLoop.run(requests, this.settings.concurrency(),
				new WarmUp(this.settings.warmUp(), this.settings.warmUpLimit()), this.settings.window(),
				this.settings.windowRequests(), cpu);
		Run run = new Run(info.id(), layer, Run.CLOSED, this.settings.concurrency(), 0, measured.outcome(),
				measured.cpu(), ServerWarnings.drain().size(), measured.warmUpSeconds(), measured.compilationMillis(),
				null);
		progress(String.format(
				"%s: %s: %.0f requests/s, p50 %.2f ms, p99 %.2f ms, %d errors (after %.0f s of warm-up,"
						+ " JIT %d ms in the window)",
				info.id(), layer.title(), run.outcome().throughput(), run.outcome().latency().p50(),
				run.outcome().latency().p99(), run.outcome().errors(), run.warmUpSeconds(), run.compilationMillis()));
		return run;
	}

	private Profile profile(WorkloadInfo info, LongFunction<Mono<Integer>> requests, CpuMeter cpu) {
		progress(info.id() + ": profiling the service layer for " + this.settings.profile().toSeconds() + " s");
		String name = info.id().replace('/', '-') + "-service";
		Path jfr = this.task.profiles().resolve(name + ".jfr");
		try {
			Files.createDirectories(this.task.profiles());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Recording recording = Recordings.start();
		ClosedLoop.run(requests, this.settings.concurrency(), WarmUp.fixed(Duration.ZERO), this.settings.profile(),
				cpu);
		Recordings.stop(recording, jfr);
		return Profiles.render(jfr, this.task.profiles().resolve(name + ".html"), "profiles/" + name + ".html",
				info.id(), Layer.SERVICE, "harness JVM (load generator + service)");
	}

	private static void progress(String message) {
		System.out.println(LayerTask.PROGRESS + message);
		System.out.flush();
	}

	private static void awaitEndOfInput() {
		try {
			InputStream input = System.in;
			while (input.read() != -1) {
				// The suite closes this JVM's input when its HTTP layer is measured.
			}
		}
		catch (IOException ex) {
			// The suite is gone: stop as well.
		}
	}

}
