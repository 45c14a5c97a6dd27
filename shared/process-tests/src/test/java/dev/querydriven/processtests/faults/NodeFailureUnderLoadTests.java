package dev.querydriven.processtests.faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three replicas keep every acknowledged write of two services, social-feed and
 * ecommerce-orders, through the failure of one node of three under load: killed and
 * restarted, paused, and kept down beyond the hint window. Each service's runnable jar
 * runs in a JVM of its own against three real nodes; eight clients per service send
 * writes throughout; each write a service acknowledged is afterwards read back, its
 * source and every copy, from the node that failed alone, at {@code ONE}.
 *
 * <p>
 * Tagged {@code faults}: {@code ./mvnw -B -Pfaults verify -pl shared/process-tests},
 * after {@code ./mvnw -B install -DskipTests} (it starts the services' jars). About nine
 * minutes on two cores; see the module's README for what the lines it prints mean.
 */
@Tag("faults")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NodeFailureUnderLoadTests {

	private static final Path DIRECTORY = Path.of("target", "faults").toAbsolutePath();

	/** The node killed: 127.0.0.113 (not the seed, which the others join through). */
	private static final int KILLED = 2;

	/** The node paused: 127.0.0.112. */
	private static final int PAUSED = 1;

	private static final int CLIENTS = 8;

	/** Cassandra's default {@code max_hint_window}. */
	private static final Duration DEFAULT_HINT_WINDOW = Duration.ofHours(3);

	private static FaultCluster cluster;

	private static RunningService feed;

	private static RunningService orders;

	@BeforeAll
	static void start() {
		Map<String, String> keyspaces = new LinkedHashMap<>();
		keyspaces.put("social-feed", "social_feed");
		keyspaces.put("ecommerce-orders", "ecommerce_orders");
		cluster = FaultCluster.start(DIRECTORY, keyspaces);
		feed = RunningService.start("social-feed", cluster, DIRECTORY);
		orders = RunningService.start("ecommerce-orders", cluster, DIRECTORY);
	}

	@AfterAll
	static void stop() {
		for (AutoCloseable running : new AutoCloseable[] { orders, feed, cluster }) {
			if (running != null) {
				try {
					running.close();
				}
				catch (Exception ex) {
					Console.phase("could not stop %s: %s", running, ex);
				}
			}
		}
	}

	/**
	 * A node killed with {@code SIGKILL} under load and started again on its data holds
	 * every write acknowledged before, during and after its absence.
	 */
	@Test
	@Order(1)
	void nodeKilledUnderLoadHoldsEveryAcknowledgedWriteOnceBack() {
		Scenario scenario = killedUnderLoad("node-kill", Duration.ofSeconds(20));
		List<Readback> readbacks = scenario.readBack(KILLED);
		SoftAssertions softly = new SoftAssertions();
		for (Readback readback : readbacks) {
			ServiceLoad.Counts counts = readback.load().counts();
			Console.result(
					"FAULTS service=%s scenario=node-kill attempted=%d acknowledged=%d rejected503=%d other=%d "
							+ "verified=%d readAtOne=%s",
					readback.load().service(), counts.attempted(), counts.acknowledged(), counts.rejected(),
					counts.other(), readback.verified(), cluster.name(KILLED));
			everyAcknowledgedWriteFound(softly, readback);
			softly.assertThat(counts.attempted())
				.as("%s: every request acknowledged or rejected", readback.load().service())
				.isEqualTo(counts.acknowledged() + counts.rejected());
		}
		softly.assertAll();
	}

	/**
	 * A node frozen with {@code SIGSTOP} for ten seconds under load, then let go, holds
	 * every acknowledged write; the requests' latency shows the stall.
	 */
	@Test
	@Order(2)
	void nodePausedUnderLoadHoldsEveryAcknowledgedWriteOnceResumed() {
		Scenario scenario = scenario("pause");
		scenario.startLoad();
		cluster.pause(PAUSED);
		try {
			scenario.keepLoading(Duration.ofSeconds(10));
		}
		finally {
			cluster.resume(PAUSED);
		}
		scenario.keepLoading(Duration.ofSeconds(10));
		scenario.stopLoad();
		scenario.awaitConverged(PAUSED);
		SoftAssertions softly = new SoftAssertions();
		for (Readback readback : scenario.readBack(PAUSED)) {
			ServiceLoad.Counts counts = readback.load().counts();
			Console.result(
					"FAULTS service=%s scenario=pause attempted=%d acknowledged=%d rejected503=%d other=%d "
							+ "verified=%d p99Ms=%d",
					readback.load().service(), counts.attempted(), counts.acknowledged(), counts.rejected(),
					counts.other(), readback.verified(), readback.load().p99Millis());
			everyAcknowledgedWriteFound(softly, readback);
		}
		softly.assertAll();
	}

	/**
	 * A node kept down well beyond the hint window misses the writes acknowledged once
	 * the coordinators stopped writing hints for it, and a repair brings every one back.
	 */
	@Test
	@Order(3)
	void nodeDownBeyondTheHintWindowMissesWritesUntilRepaired() {
		cluster.setMaxHintWindow(Duration.ofSeconds(5));
		try {
			// The window counts from the moment the others hold the node down (some
			// seconds after the kill): thirty seconds leave many writes unhinted.
			Scenario scenario = killedUnderLoad("hint-window", Duration.ofSeconds(30));
			List<Readback> beforeRepair = scenario.readBack(KILLED);
			cluster.repair(KILLED);
			List<Readback> afterRepair = scenario.readBack(KILLED);
			SoftAssertions softly = new SoftAssertions();
			for (int i = 0; i < afterRepair.size(); i++) {
				Readback before = beforeRepair.get(i);
				Readback after = afterRepair.get(i);
				Console.result(
						"FAULTS service=%s scenario=hint-window acknowledged=%d missingBeforeRepair=%d "
								+ "verifiedAfterRepair=%d",
						after.load().service(), after.load().counts().acknowledged(), before.missing(),
						after.verified());
				softly.assertThat(before.missing())
					.as("%s: writes missing from %s before the repair", before.load().service(), cluster.name(KILLED))
					.isPositive();
				everyAcknowledgedWriteFound(softly, after);
			}
			softly.assertAll();
		}
		finally {
			cluster.setMaxHintWindow(DEFAULT_HINT_WINDOW);
		}
	}

	/**
	 * The killed node's story: the load started, the node killed, the load kept up while
	 * it is down and while it starts again on its data, then stopped; returned once the
	 * cluster converged.
	 */
	private static Scenario killedUnderLoad(String name, Duration down) {
		Scenario scenario = scenario(name);
		scenario.startLoad();
		cluster.kill(KILLED);
		scenario.keepLoading(down);
		cluster.restart(KILLED);
		scenario.stopLoad();
		scenario.awaitConverged(KILLED);
		return scenario;
	}

	private static Scenario scenario(String name) {
		return new Scenario(name, cluster, List.of(new ServiceLoad(feed, new SocialFeedWorkload(), CLIENTS),
				new ServiceLoad(orders, new EcommerceOrdersWorkload(), CLIENTS)));
	}

	private static void everyAcknowledgedWriteFound(SoftAssertions softly, Readback readback) {
		ServiceLoad load = readback.load();
		softly.assertThat(readback.verified())
			.as("%s: acknowledged writes found whole; missing: %s", load.service(), readback.examples())
			.isEqualTo(load.counts().acknowledged());
		softly.assertThat(load.counts().other())
			.as("%s: answers other than 2xx and 503: %s", load.service(), load.otherAnswers())
			.isZero();
	}

}
