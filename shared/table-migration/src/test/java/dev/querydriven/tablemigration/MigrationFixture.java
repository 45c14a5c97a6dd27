package dev.querydriven.tablemigration;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testcassandra.SharedCassandra;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static org.awaitility.Awaitility.await;

/**
 * A fresh pair of tables per test (a migration scans whole tables, so tests cannot share
 * them), the engine's tables, seeding, and the service's write path routed by phase. The
 * tables are not dropped: the test node is discarded with the JVM, and every schema
 * change costs seconds.
 */
final class MigrationFixture {

	static final String KEYSPACE = "table_migration";

	private static final Logger logger = LoggerFactory.getLogger(MigrationFixture.class);

	private static final Instant EPOCH = Instant.parse("2025-01-01T00:00:00Z");

	/**
	 * The source of the dual writes' timestamps: the system clock, which a plain driver
	 * user of the engine would give too; one for the test JVM, so that its write
	 * timestamps never repeat.
	 */
	private static final TimeSource TIME = new TimeSource(Clock.systemUTC());

	final CqlSession session;

	final CategoryPostsMigration migration;

	private final DualWriter dualWriter;

	private MigrationFixture(CqlSession session, CategoryPostsMigration migration) {
		this.session = session;
		this.migration = migration;
		this.dualWriter = new DualWriter(session, TIME);
	}

	/**
	 * Creates the engine's tables (once) and a new pair of post tables.
	 */
	static MigrationFixture create(CqlSession session) {
		return create(session, (tables) -> new CategoryPostsMigration(session, tables[0], tables[1], tables[2]));
	}

	static MigrationFixture create(CqlSession session, Function<String[], CategoryPostsMigration> factory) {
		String suffix = UUID.randomUUID().toString().substring(0, 8);
		String oldTable = "posts_by_category_v1_" + suffix;
		String newTable = "posts_by_category_" + suffix;
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the engine runs as the service's runtime role, whose session then
		// reads the new schema (the engine checks its tables in the session's metadata).
		try (CqlSession migrator = SharedCassandra.migratorSession(KEYSPACE)) {
			createEngineTables(migrator);
			migrator.execute("CREATE TABLE " + oldTable + " (category text, created_at timestamp, post_id uuid, "
					+ "author_id uuid, title text, PRIMARY KEY (category, created_at, post_id)) "
					+ "WITH CLUSTERING ORDER BY (created_at DESC, post_id DESC) "
					+ "AND comment = 'Q (test): posts of a category, newest first — legacy, one partition per category'");
			migrator.execute("CREATE TABLE " + newTable + " (category text, month text, created_at timestamp, "
					+ "post_id uuid, author_id uuid, title text, PRIMARY KEY ((category, month), created_at, post_id)) "
					+ "WITH CLUSTERING ORDER BY (created_at DESC, post_id DESC) "
					+ "AND comment = 'Q (test): posts of a category, newest first — bucketed by month'");
		}
		session.refreshSchema();
		String name = "posts-by-category-" + suffix;
		return new MigrationFixture(session, factory.apply(new String[] { name, oldTable, newTable }));
	}

	private static synchronized void createEngineTables(CqlSession session) {
		boolean exists = session.getMetadata()
			.getKeyspace(CqlIdentifier.fromInternal(KEYSPACE))
			.flatMap((keyspace) -> keyspace.getTable("table_migrations"))
			.isPresent();
		if (!exists) {
			MigrationSchema.statements().forEach(session::execute);
		}
	}

	String name() {
		return this.migration.name();
	}

	/**
	 * Test pacing: a 1 s refresh interval and 0.5 s margin (the backfill may start 1.5 s
	 * after dual writes began), 64 token ranges, re-checks after 200 ms, 6 s leases; jobs
	 * are started by the test.
	 */
	static MigrationSettings settings() {
		return new MigrationSettings(Duration.ofSeconds(1), Duration.ofMillis(500), 64, 4, 64, 500,
				Duration.ofMillis(200), Duration.ofSeconds(6), 10, Duration.ofSeconds(2), false);
	}

	/**
	 * The same migration with statements prepared on another session (another instance).
	 */
	CategoryPostsMigration migrationFor(CqlSession other) {
		return new CategoryPostsMigration(other, this.migration.name(), this.migration.oldTable(),
				this.migration.newTable());
	}

	/**
	 * Advances from {@code DUAL_WRITE} into {@code BACKFILL} as soon as the dual writes
	 * have settled.
	 */
	static void advanceWhenDualWritesSettled(MigrationEngine engine, String name) {
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> engine.advance(name)
				.thenReturn(true)
				.onErrorResume(MigrationRefusedException.class, (ex) -> Mono.just(false))
				.block());
	}

	/**
	 * A post with a random id, created at a random time within twelve months.
	 */
	static CategoryPost randomPost(String category) {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		return new CategoryPost(category, EPOCH.plusMillis(random.nextLong(Duration.ofDays(365).toMillis())),
				UUID.randomUUID(), UUID.randomUUID(), "title " + random.nextInt(1_000_000));
	}

	/**
	 * Writes history into the old table only, as before the migration: prepared
	 * statements, 64 writes in flight, no batches.
	 * @return the posts written, by id
	 */
	Map<UUID, CategoryPost> seedOld(int rows, int categories) {
		long started = System.nanoTime();
		Map<UUID, CategoryPost> posts = new HashMap<>();
		for (int i = 0; i < rows; i++) {
			CategoryPost post = randomPost("category-" + (i % categories));
			posts.put(post.postId(), post);
		}
		Flux.fromIterable(posts.values())
			.flatMap((post) -> Mono
				.from(this.session.executeReactive(this.migration.insertOld(post).setIdempotent(true))), 64)
			.blockLast();
		logger.info("Seeded {} rows into {} in {} ms", rows, this.migration.oldTable(),
				(System.nanoTime() - started) / 1_000_000);
		return posts;
	}

	/**
	 * The service's write path: one dual write (one timestamp) to the shapes the phase
	 * says.
	 */
	Mono<Long> save(MigrationEngine engine, CategoryPost post) {
		return engine.phase(name()).flatMap((phase) -> {
			DenormalizedWrite.Builder write = DenormalizedWrite.builder("save post " + post.postId());
			if (phase.writesOld()) {
				write.put(this.migration.insertOld(post));
			}
			if (phase.writesNew()) {
				write.put(this.migration.insertNew(post));
			}
			return this.dualWriter.execute(write.build());
		});
	}

	Mono<Long> delete(MigrationEngine engine, CategoryPost post) {
		return engine.phase(name()).flatMap((phase) -> {
			DenormalizedWrite.Builder write = DenormalizedWrite.builder("delete post " + post.postId());
			if (phase.writesOld()) {
				write.put(this.migration.deleteOld(post));
			}
			if (phase.writesNew()) {
				write.put(this.migration.deleteNew(post));
			}
			return this.dualWriter.execute(write.build());
		});
	}

	Map<UUID, CategoryPost> allOld() {
		return all(this.migration.scanOld(Long.MIN_VALUE, Long.MAX_VALUE), this.migration::readOld);
	}

	Map<UUID, CategoryPost> allNew() {
		return all(this.migration.scanNew(Long.MIN_VALUE, Long.MAX_VALUE), this.migration::readNew);
	}

	Long writeTimeInOld(CategoryPost post) {
		return writeTime(
				"SELECT WRITETIME(title) FROM " + this.migration.oldTable()
						+ " WHERE category = ? AND created_at = ? AND post_id = ?",
				post.category(), post.createdAt(), post.postId());
	}

	Long writeTimeInNew(CategoryPost post) {
		return writeTime(
				"SELECT WRITETIME(title) FROM " + this.migration.newTable()
						+ " WHERE category = ? AND month = ? AND created_at = ? AND post_id = ?",
				post.category(), CategoryPostsMigration.month(post.createdAt()), post.createdAt(), post.postId());
	}

	private Long writeTime(String cql, Object... values) {
		Row row = this.session.execute(this.session.prepare(cql).bind(values)).one();
		return (row != null) ? row.getLong(0) : null;
	}

	private Map<UUID, CategoryPost> all(Statement<?> scan, Function<Row, CategoryPost> reader) {
		Map<UUID, CategoryPost> posts = new HashMap<>();
		for (Row row : this.session.execute(scan.setPageSize(5000))) {
			CategoryPost post = reader.apply(row);
			posts.put(post.postId(), post);
		}
		return posts;
	}

}
