package dev.querydriven.tablemigration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static dev.querydriven.tablemigration.MigrationEngineIntegrationTests.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Verify on the real node: it compares both shapes in both directions, reports what it
 * finds, refuses the cut-over until the shapes match, and does not count a mismatch that
 * is gone a moment later.
 */
@CassandraTest
class VerifyIntegrationTests {

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
	 * A row missing from the new table, one whose copy differs and one the old table does
	 * not have are each counted and sampled; the cut-over is refused until they are
	 * repaired and a new verify run is clean.
	 */
	@Test
	void verifyReportsInjectedMismatchesAndRefusesTheCutover() {
		MigrationFixture fixture = MigrationFixture.create(session);
		try (MigrationEngine engine = new MigrationEngine(session, List.of(fixture.migration),
				MigrationFixture.settings())) {
			String name = fixture.name();
			List<CategoryPost> posts = new ArrayList<>(fixture.seedOld(2_000, 40).values());
			backfillThenEnterVerify(engine, name);
			CategoryPostsMigration migration = fixture.migration;
			CategoryPost missing = posts.get(0);
			CategoryPost different = posts.get(1);
			CategoryPost extra = MigrationFixture.randomPost("category-7");
			session.execute(migration.deleteNew(missing));
			session.execute(migration.insertNew(different.withTitle("tampered")));
			session.execute(migration.insertNew(extra));

			engine.run(name).blockLast(Duration.ofMinutes(1));

			MigrationStatus status = engine.status(name).block();
			VerifyReport report = status.verify();
			assertThat(report.complete()).isTrue();
			assertThat(report.clean()).isFalse();
			assertThat(report.oldRowsChecked()).isEqualTo(2_000);
			assertThat(report.newRowsChecked()).isEqualTo(2_000);
			assertThat(report.missingInNew()).isEqualTo(1);
			assertThat(report.differentInNew()).isEqualTo(1);
			assertThat(report.extraInNew()).isEqualTo(1);
			assertThat(report.samples()).hasSize(3)
				.anySatisfy((sample) -> assertThat(sample).startsWith("missing in " + migration.newTable())
					.contains(missing.postId().toString()))
				.anySatisfy((sample) -> assertThat(sample).startsWith("different in " + migration.newTable())
					.contains("titled '" + different.title() + "'")
					.contains("titled 'tampered'"))
				.anySatisfy((sample) -> assertThat(sample).startsWith("extra in " + migration.newTable())
					.contains(extra.postId().toString()));
			assertThat(status.blocker()).contains("verify run 1 found mismatches");
			refused(engine.advance(name), "verify run 1 found mismatches");

			session.execute(migration.insertNew(missing));
			session.execute(migration.insertNew(different));
			session.execute(migration.deleteNew(extra));
			assertThat(engine.resume(name).block().verify().run()).isEqualTo(2);
			await().atMost(Duration.ofMinutes(1))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> engine.status(name).block().verify().complete());
			assertThat(engine.status(name).block().verify().clean()).isTrue();
			assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.CUTOVER);
		}
	}

	/**
	 * A mismatch seen once but gone on the re-check a moment later — here the first look
	 * at one post's copy misses it, as when the new half of its dual write is still in
	 * flight — is not counted, only reported as resolved.
	 */
	@Test
	void verifyRechecksAMismatchBeforeCountingIt() {
		AtomicInteger looks = new AtomicInteger();
		UUID[] target = new UUID[1];
		MigrationFixture fixture = MigrationFixture.create(session,
				(tables) -> new CategoryPostsMigration(session, tables[0], tables[1], tables[2]) {

					@Override
					public Statement<?> findNew(CategoryPost post) {
						if (post.postId().equals(target[0]) && looks.getAndIncrement() == 0) {
							return super.findNew(new CategoryPost(post.category(), post.createdAt(), UUID.randomUUID(),
									post.authorId(), post.title()));
						}
						return super.findNew(post);
					}

				});
		try (MigrationEngine engine = new MigrationEngine(session, List.of(fixture.migration),
				MigrationFixture.settings())) {
			String name = fixture.name();
			Map<UUID, CategoryPost> seeded = fixture.seedOld(500, 20);
			target[0] = seeded.keySet().iterator().next();
			backfillThenEnterVerify(engine, name);

			engine.run(name).blockLast(Duration.ofMinutes(1));

			VerifyReport report = engine.status(name).block().verify();
			assertThat(looks.get()).isGreaterThanOrEqualTo(2);
			assertThat(report.resolvedOnRecheck()).isEqualTo(1);
			assertThat(report.mismatches()).isZero();
			assertThat(report.clean()).isTrue();
		}
	}

	private static void backfillThenEnterVerify(MigrationEngine engine, String name) {
		engine.advance(name).block();
		MigrationFixture.advanceWhenDualWritesSettled(engine, name);
		engine.run(name).blockLast(Duration.ofMinutes(1));
		assertThat(engine.advance(name).block().phase()).isEqualTo(MigrationPhase.VERIFY);
	}

}
