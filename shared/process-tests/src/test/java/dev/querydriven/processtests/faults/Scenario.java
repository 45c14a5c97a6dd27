package dev.querydriven.processtests.faults;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One fault under load, on every service at once: the loads started, kept running while
 * the fault happens, stopped; then the wait until the cluster has converged (the hints
 * for the node delivered, every change begun finished), and the read-back of every
 * acknowledged write from that node alone.
 */
final class Scenario {

	/** Acknowledged writes per service before the fault: the load is running. */
	private static final int WARM_UP = 20;

	private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

	private final String name;

	private final FaultCluster cluster;

	private final List<ServiceLoad> loads;

	private final Instant began = Instant.now();

	/**
	 * A scenario, its loads not yet started.
	 * @param name its name in the progress and result lines, e.g. {@code node-kill}
	 * @param cluster the cluster
	 * @param loads a load per service
	 */
	Scenario(String name, FaultCluster cluster, List<ServiceLoad> loads) {
		this.name = name;
		this.cluster = cluster;
		this.loads = List.copyOf(loads);
	}

	/**
	 * Starts the loads, and waits until each service has acknowledged a few writes.
	 */
	void startLoad() {
		Console.phase("%s: starting the load", this.name);
		this.loads.forEach(ServiceLoad::start);
		await().atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> this.loads.stream().allMatch((load) -> load.counts().acknowledged() >= WARM_UP));
		progress();
	}

	/**
	 * Lets the loads run for a while, the fault's timeline, printing their progress.
	 * @param duration how long
	 */
	void keepLoading(Duration duration) {
		Instant until = Instant.now().plus(duration);
		AtomicReference<Instant> nextProgress = new AtomicReference<>(Instant.now().plus(PROGRESS_EVERY));
		await().atMost(duration.plus(PROGRESS_EVERY)).pollInterval(Duration.ofMillis(250)).until(() -> {
			if (Instant.now().isAfter(nextProgress.get())) {
				progress();
				nextProgress.set(Instant.now().plus(PROGRESS_EVERY));
			}
			return !Instant.now().isBefore(until);
		});
	}

	/**
	 * Stops the loads, each client finishing the request it is sending.
	 */
	void stopLoad() {
		this.loads.forEach(ServiceLoad::stop);
		progress();
		Console.phase("%s: load stopped", this.name);
	}

	private void progress() {
		Console.phase("%s: %s", this.name,
				this.loads.stream()
					.map((load) -> load.service() + " " + load.counts())
					.collect(Collectors.joining(", ")));
	}

	/**
	 * Waits until the node holds everything the others hinted for it and every service
	 * has finished every change begun during the scenario (the sweeper replays those a
	 * fault cut short), printing what is still pending whenever it changes.
	 * @param node the node's index
	 */
	void awaitConverged(int node) {
		Console.phase("%s: waiting for the hints for %s and the write intents", this.name, this.cluster.name(node));
		AtomicReference<List<String>> shown = new AtomicReference<>(List.of());
		try (CqlSession session = this.cluster.readerSession()) {
			await().atMost(Duration.ofMinutes(4))
				.pollInterval(Duration.ofSeconds(2))
				.ignoreExceptions()
				.untilAsserted(() -> {
					List<String> pending = pending(session, node);
					if (!pending.equals(shown.getAndSet(pending)) && !pending.isEmpty()) {
						Console.phase("%s: waiting for %s", this.name, pending);
					}
					assertThat(pending).as("hints and write intents still pending").isEmpty();
				});
		}
		Console.phase("%s: converged", this.name);
	}

	private List<String> pending(CqlSession session, int node) {
		List<String> pending = new ArrayList<>(this.cluster.undeliveredHints(node));
		for (ServiceLoad load : this.loads) {
			int unfinished = WriteIntentRows.unfinished(session, load.keyspace(), this.began);
			if (unfinished > 0) {
				pending.add(load.service() + " has " + unfinished + " unfinished write intents");
			}
		}
		return pending;
	}

	/**
	 * Reads every acknowledged write back from one node alone, at {@code ONE}.
	 * @param node the node's index
	 * @return a read-back per service, in the loads' order
	 */
	List<Readback> readBack(int node) {
		Console.phase("%s: reading every acknowledged write back from %s alone", this.name, this.cluster.name(node));
		try (NodeReader reader = new NodeReader(this.cluster, node)) {
			List<Readback> readbacks = reader
				.isolated((reads) -> this.loads.stream().map((load) -> Readback.of(load, reads)).toList());
			readbacks.forEach((readback) -> Console.phase("%s: %s: %d of %d found whole%s", this.name,
					readback.load().service(), readback.verified(), readback.load().acknowledged().size(),
					readback.examples().isEmpty() ? "" : "; not found whole, e.g. " + readback.examples()));
			return readbacks;
		}
	}

}
