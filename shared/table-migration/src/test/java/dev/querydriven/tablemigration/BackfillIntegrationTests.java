package dev.querydriven.tablemigration;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;

import static dev.querydriven.tablemigration.MigrationEngineIntegrationTests.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The backfill on the real node: a whole migration of 100,000 rows while the service
 * keeps writing, and a backfill that dies half-way and resumes from its checkpoints.
 * Those two are tagged {@code slow} (production-like volumes: 100,000 and 30,000 rows)
 * and run in CI's {@code slow} stage, after {@code ./mvnw -B verify}.
 */
@CassandraTest
class BackfillIntegrationTests {

	private static final Logger logger = LoggerFactory.getLogger(BackfillIntegrationTests.class);

	private static CqlSession session;

	private MigrationFixture fixture;

	@BeforeAll
	static void connect() {
		session = SharedCassandra.serviceSession(MigrationFixture.KEYSPACE);
	}

	@AfterAll
	static void disconnect() {
		session.close();
	}

	@BeforeEach
	void createTables() {
		this.fixture = MigrationFixture.create(session);
	}

	/**
	 * The article's recipe end to end on 100,000 rows with writes (edits, new posts,
	 * deletions) never pausing: after the cut-over every post is in the new table with
	 * its newest title and no deleted post survives; copies keep their original write
	 * timestamps; once NEW_ONLY, writes reach only the new table.
	 */
	@Test
	@Tag("slow")
	void migratesOneHundredThousandRowsWhileWritesContinueAndLosesNothing() throws Exception {
		int rows = 100_000;
		int categories = 200;
		String name = this.fixture.name();
		MigrationSettings settings = MigrationFixture.settings().withStartJobs(true);
		try (MigrationEngine engine = new MigrationEngine(session, List.of(this.fixture.migration),
				new MigrationSettings(settings.refreshInterval(), settings.settleMargin(), 256, 4, 64, 500,
						settings.recheckDelay(), settings.leaseTtl(), 10, Duration.ofSeconds(5), true))) {
			long started = System.nanoTime();
			Map<UUID, CategoryPost> seeded = this.fixture.seedOld(rows, categories);
			long seededAt = System.nanoTime();
			LiveTraffic traffic = new LiveTraffic(this.fixture, engine, seeded, categories).start();

			engine.advance(name).block();
			MigrationFixture.advanceWhenDualWritesSettled(engine, name);
			long backfillStarted = System.nanoTime();
			await().atMost(Duration.ofMinutes(5))
				.pollInterval(Duration.ofMillis(250))
				.until(() -> engine.status(name).block().backfill().complete());
			long backfillDone = System.nanoTime();

			MigrationStatus verifying = engine.advance(name).block();
			assertThat(verifying.phase()).isEqualTo(MigrationPhase.VERIFY);
			await().atMost(Duration.ofMinutes(5))
				.pollInterval(Duration.ofMillis(250))
				.until(() -> engine.status(name).block().verify().complete());
			long verifyDone = System.nanoTime();
			VerifyReport report = engine.status(name).block().verify();
			assertThat(report.clean()).as("verify report %s", report).isTrue();
			assertThat(report.oldRowsChecked()).isGreaterThanOrEqualTo(rows * 9L / 10);

			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.CUTOVER);
			await().until(() -> traffic.writesIn(MigrationPhase.CUTOVER) > 100);
			long writes = traffic.stop();
			Map<UUID, CategoryPost> expected = traffic.expected();

			assertThat(traffic.writesIn(MigrationPhase.BACKFILL)).isPositive();
			assertThat(traffic.writesIn(MigrationPhase.VERIFY)).isPositive();
			Map<UUID, CategoryPost> inNew = this.fixture.allNew();
			assertThat(inNew).hasSameSizeAs(expected);
			assertThat(inNew).isEqualTo(expected);
			assertThat(this.fixture.allOld()).isEqualTo(expected);
			List<CategoryPost> untouched = seeded.values()
				.stream()
				.filter((post) -> post.equals(expected.get(post.postId())))
				.limit(50)
				.toList();
			assertThat(untouched).hasSize(50)
				.allSatisfy((post) -> assertThat(this.fixture.writeTimeInNew(post))
					.isEqualTo(this.fixture.writeTimeInOld(post)));

			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.NEW_ONLY);
			CategoryPost late = MigrationFixture.randomPost("category-1");
			this.fixture.save(engine, late).block();
			assertThat(this.fixture.allNew()).containsKey(late.postId());
			assertThat(this.fixture.allOld()).doesNotContainKey(late.postId());

			BackfillReport backfill = engine.status(name).block().backfill();
			logger.info(
					"100k migration: seeding {} ms, backfill {} ms ({} rows, {} rows/s), verify {} ms ({} re-checks "
							+ "resolved), whole test {} ms; {} live writes ({} during the backfill, {} during verify)",
					(seededAt - started) / 1_000_000, (backfillDone - backfillStarted) / 1_000_000,
					backfill.rowsCopied(), Math.round(backfill.rowsPerSecond()),
					(verifyDone - backfillDone) / 1_000_000, report.resolvedOnRecheck(),
					(System.nanoTime() - started) / 1_000_000, writes, traffic.writesIn(MigrationPhase.BACKFILL),
					traffic.writesIn(MigrationPhase.VERIFY));
		}
	}

	/**
	 * An instance dies half-way through the backfill (its session is closed under it):
	 * its lease keeps other instances out until it expires, then another instance resumes
	 * from the checkpoints — skipping every range already done — and completes the copy.
	 */
	@Test
	@Tag("slow")
	void backfillKilledHalfWayResumesFromItsCheckpointsWithoutRedoingFinishedRanges() throws Exception {
		Map<UUID, CategoryPost> seeded = this.fixture.seedOld(30_000, 300);
		String name = this.fixture.name();
		CqlSession dyingSession = SharedCassandra.serviceSession(MigrationFixture.KEYSPACE);
		MigrationEngine dying = new MigrationEngine(dyingSession, List.of(this.fixture.migrationFor(dyingSession)),
				MigrationFixture.settings());
		List<JobProgress> doneByDying = Collections.synchronizedList(new ArrayList<>());
		AtomicReference<Throwable> death = new AtomicReference<>();
		dying.advance(name).block();
		MigrationFixture.advanceWhenDualWritesSettled(dying, name);
		Disposable job = dying.run(name).subscribe(doneByDying::add, death::set);
		await().pollInterval(Duration.ofMillis(5)).until(() -> doneByDying.size() >= 20);
		dyingSession.forceCloseAsync().toCompletableFuture().get();
		Instant killedAt = Instant.now();
		List<JobProgress> beforeDeath = List.copyOf(doneByDying);
		int total = beforeDeath.get(0).rangesTotal();
		assertThat(beforeDeath).hasSizeLessThan(total);

		try (MigrationEngine survivor = new MigrationEngine(session, List.of(this.fixture.migration),
				MigrationFixture.settings())) {
			refused(survivor.run(name), "its job is running on " + dying.instance());
			await().atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> survivor.status(name).block().worker() == null);
			List<JobProgress> doneBySurvivor = survivor.run(name).collectList().block(Duration.ofMinutes(2));

			Set<Long> rangesBeforeDeath = starts(beforeDeath);
			assertThat(starts(doneBySurvivor)).doesNotContainAnyElementsOf(rangesBeforeDeath);
			assertThat(doneBySurvivor.get(0).rangesDone()).isGreaterThan(beforeDeath.size());
			assertThat(doneBySurvivor.get(doneBySurvivor.size() - 1).rangesDone()).isEqualTo(total);
			List<RangeCheckpoint> checkpoints = new MigrationStore(session, StateStatementExecutor.of(session))
				.checkpoints(name, "backfill-1")
				.collectList()
				.block();
			assertThat(checkpoints).hasSize(total)
				.filteredOn((checkpoint) -> rangesBeforeDeath.contains(checkpoint.slice().fromExclusive()))
				.hasSize(rangesBeforeDeath.size())
				.allSatisfy((checkpoint) -> assertThat(checkpoint.finishedAt()).isBeforeOrEqualTo(killedAt));

			MigrationStatus status = survivor.status(name).block();
			assertThat(status.backfill().complete()).isTrue();
			assertThat(status.backfill().rowsCopied()).isEqualTo(seeded.size());
			assertThat(this.fixture.allNew()).isEqualTo(seeded);
			assertThat(death.get()).as("the dying instance's job failed").isNotNull();
		}
		finally {
			job.dispose();
			dying.close();
		}
	}

	/**
	 * Cancelling a running backfill (an orderly stop) releases its lease at once; the
	 * next run starts where it stopped.
	 */
	@Test
	void cancelledBackfillResumesWhereItStopped() {
		Map<UUID, CategoryPost> seeded = this.fixture.seedOld(5_000, 100);
		String name = this.fixture.name();
		try (MigrationEngine engine = new MigrationEngine(session, List.of(this.fixture.migration),
				MigrationFixture.settings())) {
			engine.advance(name).block();
			MigrationFixture.advanceWhenDualWritesSettled(engine, name);
			List<JobProgress> first = engine.run(name).take(10).collectList().block();
			await().pollInterval(Duration.ofMillis(50)).until(() -> engine.status(name).block().worker() == null);

			List<JobProgress> rest = engine.run(name).collectList().block(Duration.ofMinutes(1));
			assertThat(starts(rest)).doesNotContainAnyElementsOf(starts(first));
			assertThat(rest.get(0).rangesDone()).isGreaterThan(10);
			assertThat(engine.status(name).block().backfill().complete()).isTrue();
			assertThat(this.fixture.allNew()).isEqualTo(seeded);
		}
	}

	/**
	 * A rollback while the backfill runs revokes the job's lease (the transition clears
	 * it and bumps the revision the job renews against): the job stops, and nothing
	 * records the run as done.
	 */
	@Test
	void rollingBackDuringTheBackfillStopsItsJob() {
		this.fixture.seedOld(20_000, 200);
		String name = this.fixture.name();
		try (MigrationEngine engine = new MigrationEngine(session, List.of(this.fixture.migration),
				MigrationFixture.settings())) {
			engine.advance(name).block();
			MigrationFixture.advanceWhenDualWritesSettled(engine, name);
			List<JobProgress> progress = Collections.synchronizedList(new ArrayList<>());
			AtomicReference<Throwable> stopped = new AtomicReference<>();
			Disposable job = engine.run(name).subscribe(progress::add, stopped::set);
			await().pollInterval(Duration.ofMillis(5)).until(() -> progress.size() >= 5);

			assertThat(engine.rollback(name).block().phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
			await().atMost(Duration.ofSeconds(20)).until(() -> stopped.get() != null);
			job.dispose();

			assertThat(stopped.get()).isInstanceOf(MigrationRefusedException.class)
				.hasMessageContaining("(BACKFILL)")
				.satisfiesAnyOf((ex) -> assertThat(ex).hasMessageContaining("lost its lease"),
						(ex) -> assertThat(ex).hasMessageContaining("state changed while the job ran"));
			MigrationStatus status = engine.status(name).block();
			assertThat(status.phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
			assertThat(status.worker()).isNull();
			assertThat(status.backfill().complete()).isFalse();
			assertThat(status.history()).noneMatch((line) -> line.contains("copied"));
		}
	}

	private static Set<Long> starts(List<JobProgress> progress) {
		return progress.stream().map(JobProgress::rangeStart).collect(Collectors.toSet());
	}

}
