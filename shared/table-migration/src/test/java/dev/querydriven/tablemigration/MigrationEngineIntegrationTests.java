package dev.querydriven.tablemigration;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Signal;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The engine's phases on the real node: guarded transitions, lightweight transactions
 * against concurrent advances, and every instance's routing following the stored phase.
 */
@CassandraTest
class MigrationEngineIntegrationTests {

	private static CqlSession session;

	@BeforeAll
	static void connect() {
		session = SharedCassandra.serviceSession(MigrationFixture.KEYSPACE);
	}

	@AfterAll
	static void disconnect() {
		session.close();
	}

	/**
	 * The journey in order, with every guard refusing what comes too early: no skipped
	 * phase, no backfill before the dual writes settle, no verify before a complete
	 * backfill, no cut-over before a clean verify (again after a rollback), no way back
	 * from NEW_ONLY.
	 */
	@Test
	void transitionsAreGuardedAndRefuseOutOfOrderAdvances() {
		MigrationFixture fixture = MigrationFixture.create(session);
		try (MigrationEngine engine = new MigrationEngine(session, List.of(fixture.migration),
				MigrationFixture.settings())) {
			Map<UUID, CategoryPost> seeded = fixture.seedOld(300, 10);
			String name = fixture.name();
			refused(engine.moveTo(name, MigrationPhase.BACKFILL), "one phase at a time, from OLD_ONLY to DUAL_WRITE");
			refused(engine.rollback(name), "nothing to roll back");

			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
			refused(engine.advance(name), "only once every instance dual-writes");
			assertThat(engine.status(name).block().blocker()).contains("only once every instance dual-writes");
			refused(engine.moveTo(name, MigrationPhase.CUTOVER), "one phase at a time, from DUAL_WRITE to BACKFILL");

			MigrationFixture.advanceWhenDualWritesSettled(engine, name);
			refused(engine.advance(name), "backfill run 1 has not copied every token range");
			int ranges = engine.status(name).block().backfill().rangesTotal();
			assertThat(ranges).isGreaterThanOrEqualTo(64);
			engine.run(name).as(StepVerifier::create).expectNextCount(ranges).verifyComplete();
			refused(engine.run(name), "backfill run 1 is complete");

			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.VERIFY);
			refused(engine.advance(name), "verify run 1 has not finished");
			engine.run(name).as(StepVerifier::create).expectNextCount(2L * ranges).verifyComplete();
			refused(engine.moveTo(name, MigrationPhase.VERIFY), "already in VERIFY");
			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.CUTOVER);

			MigrationStatus back = engine.rollback(name).block();
			assertThat(back.phase()).isEqualTo(MigrationPhase.VERIFY);
			assertThat(back.verify().run()).isEqualTo(2);
			assertThat(back.verify().complete()).isFalse();
			refused(engine.advance(name), "verify run 2 has not finished");
			engine.run(name).blockLast();
			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.CUTOVER);
			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.NEW_ONLY);
			refused(engine.rollback(name), "going back is unsafe");
			refused(engine.advance(name), "NEW_ONLY is the last phase");

			MigrationStatus done = engine.status(name).block();
			assertThat(done.history()).hasSize(10);
			assertThat(done.history().get(0)).contains("OLD_ONLY → DUAL_WRITE by " + engine.instance());
			assertThat(done.history().get(2)).contains("backfill-1 copied 300 rows");
			assertThat(done.history().get(4)).contains("verify-1 CLEAN: 300 old and 300 new rows checked");
			assertThat(done.history().get(9)).contains("CUTOVER → NEW_ONLY");
			assertThat(fixture.allNew()).isEqualTo(seeded);
		}
	}

	/**
	 * Concurrent advances from several instances: each is a lightweight transaction on
	 * the state's revision, so exactly one wins and the others are refused — for the
	 * first advance (which creates the row) and for a later one.
	 */
	@Test
	void concurrentAdvancesNeverBothWin() {
		MigrationFixture fixture = MigrationFixture.create(session);
		try (MigrationEngine engine = new MigrationEngine(session, List.of(fixture.migration),
				MigrationFixture.settings())) {
			String name = fixture.name();
			List<MigrationEngine> instances = List.of(engine,
					new MigrationEngine(session, List.of(fixture.migration), MigrationFixture.settings()),
					new MigrationEngine(session, List.of(fixture.migration), MigrationFixture.settings()));
			try {
				List<Signal<MigrationStatus>> advances = Flux.range(0, 6)
					.flatMap((i) -> instances.get(i % 3).advance(name).materialize())
					.collectList()
					.block();
				assertOneWinner(advances);
				assertThat(engine.status(name).block()).satisfies((status) -> {
					assertThat(status.phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
					assertThat(status.revision()).isEqualTo(1);
					assertThat(status.history()).hasSize(1);
				});

				List<Signal<MigrationStatus>> rollbacks = Flux.range(0, 6)
					.flatMap((i) -> instances.get(i % 3).rollback(name).materialize())
					.collectList()
					.block();
				assertOneWinner(rollbacks);
				assertThat(engine.status(name).block()).satisfies((status) -> {
					assertThat(status.phase()).isEqualTo(MigrationPhase.OLD_ONLY);
					assertThat(status.revision()).isEqualTo(2);
					assertThat(status.history()).hasSize(2);
				});
			}
			finally {
				instances.forEach(MigrationEngine::close);
			}
		}
	}

	/**
	 * Another instance picks the phase change up within its refresh interval and then
	 * writes both shapes; until then it answers from memory.
	 */
	@Test
	void everyInstanceRoutesOnTheStoredPhase() {
		MigrationFixture fixture = MigrationFixture.create(session);
		try (MigrationEngine engine = new MigrationEngine(session, List.of(fixture.migration),
				MigrationFixture.settings())) {
			String name = fixture.name();
			try (MigrationEngine other = new MigrationEngine(session, List.of(fixture.migration),
					MigrationFixture.settings())) {
				assertThat(other.phase(name).block()).isEqualTo(MigrationPhase.OLD_ONLY);
				CategoryPost before = MigrationFixture.randomPost("category-0");
				fixture.save(other, before).block();

				engine.advance(name).block();
				await().atMost(Duration.ofSeconds(10))
					.pollInterval(Duration.ofMillis(100))
					.until(() -> other.phase(name).block() == MigrationPhase.DUAL_WRITE);
				CategoryPost after = MigrationFixture.randomPost("category-0");
				fixture.save(other, after).block();

				assertThat(fixture.allOld()).containsOnlyKeys(before.postId(), after.postId());
				assertThat(fixture.allNew()).containsOnlyKeys(after.postId());
			}
		}
	}

	/**
	 * The engine's statements on its own tables go through the executor it was given, in
	 * the Reactor context of the caller (where a service's instrumentation finds the
	 * request they belong to).
	 */
	@Test
	void stateStatementsGoThroughTheGivenExecutorInTheCallersContext() {
		MigrationFixture fixture = MigrationFixture.create(session);
		List<String> executed = new CopyOnWriteArrayList<>();
		StateStatementExecutor recording = (statement) -> Flux.deferContextual((context) -> {
			String query = (statement instanceof BoundStatement bound) ? bound.getPreparedStatement().getQuery()
					: statement.toString();
			executed.add(context.getOrDefault("caller", "nobody") + ": " + query);
			return Flux.from(session.executeReactive(statement));
		});
		try (MigrationEngine engine = new MigrationEngine(session, List.of(fixture.migration),
				MigrationFixture.settings(), Clock.systemUTC(), recording)) {
			MigrationStatus status = engine.advance(fixture.name())
				.contextWrite(Context.of("caller", "an admin request"))
				.block();
			assertThat(status.phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
			assertThat(executed).filteredOn((line) -> line.startsWith("an admin request: "))
				.anySatisfy((line) -> assertThat(line).contains("SELECT").contains("FROM table_migrations"))
				.anySatisfy(
						(line) -> assertThat(line).contains("INSERT INTO table_migrations").contains("IF NOT EXISTS"));
			assertThat(executed).allSatisfy((line) -> assertThat(line).containsPattern("table_migration(s|_ranges)"));
		}
	}

	/** An unknown migration name is an error of its own, for a 404. */
	@Test
	void unknownMigrationIsReported() {
		try (MigrationEngine engine = new MigrationEngine(session, List.of(), MigrationFixture.settings())) {
			engine.status("no-such-migration")
				.as(StepVerifier::create)
				.expectError(UnknownMigrationException.class)
				.verify();
			engine.phase("no-such-migration")
				.as(StepVerifier::create)
				.expectError(UnknownMigrationException.class)
				.verify();
			engine.advance("no-such-migration")
				.as(StepVerifier::create)
				.expectError(UnknownMigrationException.class)
				.verify();
		}
	}

	private static void assertOneWinner(List<Signal<MigrationStatus>> outcomes) {
		assertThat(outcomes).filteredOn(Signal::isOnNext).hasSize(1);
		assertThat(outcomes).filteredOn(Signal::isOnError)
			.hasSize(outcomes.size() - 1)
			.allSatisfy((signal) -> assertThat(signal.getThrowable()).isInstanceOf(MigrationRefusedException.class));
	}

	static void refused(Mono<?> change, String reason) {
		change.as(StepVerifier::create)
			.expectErrorSatisfies(
					(ex) -> assertThat(ex).isInstanceOf(MigrationRefusedException.class).hasMessageContaining(reason))
			.verify();
	}

	static void refused(Flux<?> job, String reason) {
		job.as(StepVerifier::create)
			.expectErrorSatisfies(
					(ex) -> assertThat(ex).isInstanceOf(MigrationRefusedException.class).hasMessageContaining(reason))
			.verify();
	}

}
