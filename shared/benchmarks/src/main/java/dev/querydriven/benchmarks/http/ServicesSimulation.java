package dev.querydriven.benchmarks.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import dev.querydriven.benchmarks.Benchmarks;
import dev.querydriven.benchmarks.Json;
import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Workload;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import org.springframework.http.HttpHeaders;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * The HTTP layer's load, from the plan named by {@link HttpPlan#PROPERTY}: each phase is
 * a Gatling scenario of one request, fed by the workload's own inputs (the same
 * definitions the driver and service layers use), injected closed (a constant number of
 * requests in flight) or open (a constant arrival rate, whatever the responses do: no
 * coordinated omission). Connections are shared by all virtual users, as a pool of
 * clients in front of a service would share them. Each request is also timed here, in
 * microseconds ({@link PhaseStats}); Gatling's own report is kept beside.
 */
public class ServicesSimulation extends Simulation {

	{
		awaitPlan();
		HttpPlan plan = Json.read(Path.of(System.getProperty(HttpPlan.PROPERTY)), HttpPlan.class);
		Benchmarks benchmarks = Benchmarks.in(plan.repository());
		Map<Integer, List<PopulationBuilder>> lanes = new TreeMap<>();
		for (HttpPlan.Phase phase : plan.phases()) {
			lanes.computeIfAbsent(phase.lane(), (lane) -> new ArrayList<>())
				.add(population(benchmarks.workload(phase.workload()), phase, plan));
		}
		List<PopulationBuilder> chains = new ArrayList<>();
		for (List<PopulationBuilder> lane : lanes.values()) {
			PopulationBuilder chain = lane.get(lane.size() - 1);
			for (int i = lane.size() - 2; i >= 0; i--) {
				chain = lane.get(i).andThen(chain);
			}
			chains.add(chain);
		}
		setUp(chains);
	}

	/**
	 * Waits for the suite to close this JVM's standard input: it does once the plan is
	 * written ({@link GatlingRun}).
	 */
	private static void awaitPlan() {
		try {
			InputStream input = System.in;
			while (input.read() != -1) {
				// Nothing is sent: only the end of input counts.
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("The suite is gone before handing over the plan", ex);
		}
	}

	@Override
	public void after() {
		PhaseStats.write();
		Markers.done();
	}

	private static PopulationBuilder population(Workload<?> workload, HttpPlan.Phase phase, HttpPlan plan) {
		DataSet data = plan.data().get(workload.info().service());
		HttpRequestActionBuilder request = http(phase.name()).httpRequest(workload.info().method(), "#{path}")
			.check(status().saveAs("status"), status().in(200, 201, 202, 204));
		HttpCall first = call(workload, data, 0);
		if (first.body() != null) {
			request = request.body(StringBody((session) -> session.getString("body"))).asJson();
		}
		if (first.caller() != null) {
			request = request.header(HttpHeaders.AUTHORIZATION, "#{authorization}");
		}
		ChainBuilder one = feed(feeder(workload, data, phase.samples())).exec((session) -> {
			Markers.requestStarted(phase.index());
			return session.set("started", System.nanoTime());
		}).exec(request).exec((session) -> {
			long started = session.getLong("started");
			long ended = System.nanoTime();
			PhaseStats.record(phase.index(), started, ended, session.isFailed(),
					session.contains("status") ? session.getInt("status") : null);
			Markers.requestEnded(phase.index(), phase.open() && allArrived(phase));
			return session.markAsSucceeded().remove("status");
		});
		if (phase.warmUp()) {
			// As many users as requests in flight, each looping until the service's
			// compiler is quiet: a warm-up's length is known only as it runs.
			ScenarioBuilder warmUp = scenario(phase.name()).exec((session) -> {
				CompilerWatch.start(phase);
				return session;
			}).asLongAs((session) -> !CompilerWatch.done(phase)).on(one).exec((session) -> {
				Markers.userDone(phase.index(), phase.concurrency());
				return session;
			});
			return warmUp.injectOpen(atOnceUsers(phase.concurrency())).protocols(protocol(phase.baseUrl()));
		}
		Duration duration = Duration.ofMillis(Math.round(phase.seconds() * 1000));
		// Closed: as many users as requests in flight, each looping for the phase's
		// length, and finishing the request it is in (Gatling's closed injector replaced
		// users up to a few tenths of a second after the phase's end on a busy machine).
		PopulationBuilder population = phase.open()
				? scenario(phase.name()).exec(one).injectOpen(constantUsersPerSec(phase.rate()).during(duration))
				: scenario(phase.name()).exec((session) -> {
					PhaseStats.userStarted(phase.index());
					return session;
				}).during(duration, false).on(one).exec((session) -> {
					Markers.userDone(phase.index(), phase.concurrency());
					return session;
				}).injectOpen(atOnceUsers(phase.concurrency()));
		return population.protocols(protocol(phase.baseUrl()));
	}

	/**
	 * Whether an open phase's users have (nearly) all arrived: it injects its rate times
	 * its length of users, one request each, whatever the machine's delays. One less, in
	 * case Gatling rounds down: a too early end marker is followed by the last one.
	 */
	private static boolean allArrived(HttpPlan.Phase phase) {
		return Markers.started(phase.index()) >= Math.floor(phase.rate() * phase.seconds()) - 1;
	}

	private static HttpProtocolBuilder protocol(String baseUrl) {
		return http.baseUrl(baseUrl)
			.shareConnections()
			.disableWarmUp()
			.disableCaching()
			.disableUrlEncoding()
			.acceptHeader("application/json");
	}

	private static <I> HttpCall call(Workload<I> workload, DataSet data, long sequence) {
		return workload.http(workload.input(sequence, data));
	}

	/**
	 * The workload's requests, in sequence, cycling through its samples as every layer
	 * does.
	 */
	private static <I> Iterator<Map<String, Object>> feeder(Workload<I> workload, DataSet data, int samples) {
		AtomicLong sequence = new AtomicLong();
		CallerTokens tokens = CallerTokens.of(workload.info().service());
		return new Iterator<>() {

			@Override
			public boolean hasNext() {
				return true;
			}

			@Override
			public Map<String, Object> next() {
				HttpCall call = call(workload, data, sequence.getAndIncrement() % samples);
				Map<String, Object> values = new HashMap<>();
				values.put("path", call.path());
				if (call.body() != null) {
					values.put("body", call.body());
				}
				if (call.caller() != null) {
					values.put("authorization", tokens.authorization(call.caller()));
				}
				return values;
			}

		};
	}

}
