package dev.querydriven.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.querydriven.benchmarks.api.Scale;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.benchmarks.http.CallerTokens;

/**
 * How a run measures: the full run (the committed numbers) or the smoke run (every
 * scenario through every layer on tiny data, in the build).
 *
 * @param mode {@code full} or {@code smoke}
 * @param scale how much data each service loads
 * @param concurrency requests in flight in the closed model
 * @param warmUp the least warm-up before every measured window of the raw driver and the
 * service layer
 * @param warmUpLimit the most: in between, the warm-up lasts until the JIT compiler of
 * the layer JVM is quiet ({@link dev.querydriven.benchmarks.measure.WarmUp})
 * @param httpWarmUpLimit the most a service JVM under HTTP warms up before each window
 * (closed, the first open step, profiled): it loads the window's request for
 * {@code warmUp} at least, then until the service JVM's compiler is quiet, watched from
 * Gatling's JVM ({@link dev.querydriven.benchmarks.measure.WarmUp}); zero for no warm-up
 * @param window a measured window
 * @param windowRequests after how many started requests a window of the raw driver or the
 * service layer ends early ({@code 0}: never, the window lasts its whole length)
 * @param samples the inputs each workload cycles through, in every layer; as many
 * requests are captured for the driver layer
 * @param profile how long a layer that missed its goal is profiled (zero: not at all)
 * @param openSteps the open model's arrival rates, as fractions of the closed model's
 * HTTP throughput
 * @param openStep how long each arrival rate is held
 * @param parallel whether services (and HTTP workloads) run at the same time: the smoke
 * run checks that everything runs, not how fast
 * @param inProcessHttp whether the HTTP layer is served by the in-process service (smoke)
 * rather than by the service's own executable jar (full)
 * @param jvmOptions the options of every JVM the suite starts but the node: the layer
 * JVMs, the services' JVMs and Gatling's
 * @param nodeJvmOptions the options added to the node's own
 */
public record SuiteSettings(String mode, Scale scale, int concurrency, Duration warmUp, Duration warmUpLimit,
		Duration httpWarmUpLimit, Duration window, int windowRequests, int samples, Duration profile,
		List<Double> openSteps, Duration openStep, boolean parallel, boolean inProcessHttp, List<String> jvmOptions,
		List<String> nodeJvmOptions) {

	/**
	 * What every service runs with here, in-process or in its own JVM: no demo data (its
	 * seeder's switch is {@code querydriven.<service>.seed.enabled}, named after the
	 * service), and a 10 s driver request timeout in every layer (the raw driver's
	 * session copies it). Boot's 2 s default is for production capacity with headroom; on
	 * a shared 2-core machine, 64 requests in flight queue long enough to turn a slow
	 * moment into errors. A service stops once its HTTP layer is measured, with no
	 * request left in flight: its event loops need not stay quiet for the default 2 s
	 * before they end. Its management server listens on a port of its own, and it trusts
	 * the callers' tokens of the run ({@link CallerTokens}).
	 * @param service the service
	 * @return its properties, before its own ({@link ServiceBenchmark#properties()})
	 */
	public static Map<String, String> serviceProperties(ServiceBenchmark service) {
		Map<String, String> properties = new LinkedHashMap<>(Map.of("querydriven." + service.name() + ".seed.enabled",
				"false", "spring.cassandra.request.timeout", "10s", "spring.main.banner-mode", "off", "server.port",
				"0", "management.server.port", "0", "spring.reactor.netty.shutdown-quiet-period", "100ms"));
		properties.putAll(CallerTokens.of(service.name()).serviceProperties());
		return properties;
	}

	/**
	 * The full run: 64 requests in flight, 5 s measured per window. In the layer JVM, a
	 * window warms up until the JIT compiler is quiet (3 s at least, 12 s at most: the
	 * write paths with the most code never get quiet on two cores, and the summary shows
	 * how long the compiler still ran in every window). A service JVM under HTTP warms up
	 * the same way before each window, 120 s at most, first under a light load (4 in
	 * flight: its compiler gets the cores), then under the window's: it starts cold, and
	 * its first request's compiler ran for about a minute on two cores. The open model
	 * steps from half the closed model's throughput to 125% of it, 3 s a step; every hot
	 * request, and any layer that missed its goal, is profiled for 10 s (starting the
	 * profiler through {@code jcmd} takes seconds of the window on a busy machine). The
	 * JVMs are the same size and use the same collector as a small production service;
	 * the node runs as Cassandra ships it. Together, with the data loaded and the JVMs
	 * started, the run took 42 minutes on two cores.
	 * @return the settings
	 */
	public static SuiteSettings full() {
		return new SuiteSettings("full", Scale.FULL, 64, Duration.ofSeconds(3), Duration.ofSeconds(12),
				Duration.ofSeconds(120), Duration.ofSeconds(5), 0, 400, Duration.ofSeconds(10),
				List.of(0.5, 0.75, 1.0, 1.25), Duration.ofSeconds(3), false, false,
				List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC"), List.of());
	}

	/**
	 * The smoke run: tiny data, a few requests in flight, a second per window and no
	 * warm-up in the layer JVMs (so that even a slow machine completes requests inside
	 * every window); over HTTP, a second's warm-up before each request's closed window,
	 * through the same compiler watch as the full run's: the first requests a cold
	 * service answers over HTTP took longer than a window, and a window's length is its
	 * phase's, its last response included. A window of the raw driver or the service
	 * layer ends early, after 16 requests (four rounds of the 4 in flight): a closed loop
	 * runs as many requests as the cores allow, and the windows of the services that
	 * started first would otherwise take the cores from those still starting, for no more
	 * than a check needs. Its JVMs only have to run, not to run fast: they compile with
	 * C1 only and collect with one thread, which spares the two cores that five JVMs and
	 * the node share while their Spring contexts start, and their driver sessions close
	 * after a tenth of a second of quiet on their event loops rather than the default two
	 * seconds. The node compiles with C1 only too: the run lasts less than a minute, too
	 * short for C2's optimizations of the node's code to pay for their compilation (in
	 * three alternating pairs of runs, the whole run used 11% less CPU time).
	 * @return the settings
	 */
	public static SuiteSettings smoke() {
		return new SuiteSettings("smoke", Scale.SMOKE, 4, Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1),
				Duration.ofSeconds(1), 16, 8, Duration.ZERO, List.of(0.5), Duration.ofSeconds(1), true, true,
				List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
						"-Ddatastax-java-driver.advanced.netty.io-group.shutdown.quiet-period=100",
						"-Ddatastax-java-driver.advanced.netty.io-group.shutdown.timeout=15000",
						"-Ddatastax-java-driver.advanced.netty.io-group.shutdown.unit=MILLISECONDS",
						"-Ddatastax-java-driver.advanced.netty.admin-group.shutdown.quiet-period=100",
						"-Ddatastax-java-driver.advanced.netty.admin-group.shutdown.timeout=15000",
						"-Ddatastax-java-driver.advanced.netty.admin-group.shutdown.unit=MILLISECONDS"),
				List.of("-XX:TieredStopAtLevel=1"));
	}

	/**
	 * Whether this is the smoke run, whose node and data are thrown away at its end.
	 * @return true for the smoke run
	 */
	public boolean smokeRun() {
		return "smoke".equals(this.mode);
	}

	/**
	 * The inputs a workload cycles through: {@link #samples()} requests, or, for requests
	 * of many rows, as many as make the same number of rows, but never fewer than the
	 * requests in flight (so that concurrent requests write different partitions).
	 * @param workload the workload
	 * @return the number of inputs
	 */
	public int samples(WorkloadInfo workload) {
		return Math.max(this.concurrency, this.samples / workload.rowsPerRequest());
	}

	/**
	 * The settings of a mode.
	 * @param mode {@code full} or {@code smoke}
	 * @return the settings
	 */
	public static SuiteSettings of(String mode) {
		return switch (mode) {
			case "full" -> full();
			case "smoke" -> smoke();
			default -> throw new IllegalArgumentException("Unknown mode " + mode + ": use full or smoke");
		};
	}

}
