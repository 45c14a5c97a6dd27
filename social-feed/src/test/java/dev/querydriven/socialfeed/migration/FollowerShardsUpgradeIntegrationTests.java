package dev.querydriven.socialfeed.migration;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.Credentials;
import dev.querydriven.servicesupport.cassandra.SchemaMigrationSet;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationSettings;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.testcassandra.CassandraBackend;
import dev.querydriven.testcassandra.SharedCassandra;
import org.cognitor.cassandra.migration.Database;
import org.cognitor.cassandra.migration.MigrationRepository;
import org.cognitor.cassandra.migration.MigrationTask;
import org.cognitor.cassandra.migration.collector.ScriptCollector;
import org.cognitor.cassandra.migration.collector.ScriptFile;
import org.cognitor.cassandra.migration.scanner.ScannerRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The upgrade of a database made before follower shards, on a keyspace of its own, the
 * way an operator meets it: the schema as an older release left it, rows written as that
 * release wrote them, then this release's schema steps and the follower-shards rebuild
 * driven by the same {@link BackfillAutopilot} the service starts. Nothing of the
 * service's own keyspace is touched: a rebuild's scans see every row of a keyspace.
 */
@SocialFeedIntegrationTest
class FollowerShardsUpgradeIntegrationTests {

	private static final Instant SINCE = Instant.parse("2026-01-05T10:00:00Z");

	/**
	 * A database at step 006 keeps every follower list: step 007 leaves
	 * {@code followers_by_user} in place, the rebuild puts each list in shard 0 of
	 * {@code followers_by_user_shard} exactly as the old table held it (names and time)
	 * and verifies it both ways, and only then is the operator's drop of the old table
	 * let through.
	 */
	@Test
	void databaseAtStep006KeepsEveryFollowerList() {
		String keyspace = newKeyspace();
		try (CqlSession session = SharedCassandra.serviceSession(keyspace)) {
			migrate(keyspace, (script) -> script.getVersion() <= 6, "cql");
			Network network = Network.create(session);
			network.follows006(session);
			migrate(keyspace, (script) -> true, "cql");
			assertThat(tables(keyspace)).contains("followers_by_user", "followers_by_user_shard");
			assertThatIllegalStateException().isThrownBy(() -> dropStep(keyspace))
				.withMessageContaining("follower-shards rebuild is in OLD_ONLY");
			try (MigrationEngine engine = engine(session)) {
				MigrationStatus status = new BackfillAutopilot(engine, Duration.ofMillis(50))
					.complete(FollowerShardsMigration.NAME)
					.block(Duration.ofMinutes(2));
				assertThat(status.phase()).isEqualTo(MigrationPhase.NEW_ONLY);
				assertThat(status.verify().clean()).isTrue();
				assertThat(status.backfill().rowsCopied()).isEqualTo(4);
			}
			for (UUID user : List.of(network.alice, network.bob)) {
				assertThat(followers(session,
						"SELECT follower_id, username, display_name, followed_at "
								+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = 0",
						user))
					.isEqualTo(followers(session,
							"SELECT follower_id, username, display_name, followed_at "
									+ "FROM followers_by_user WHERE user_id = ?",
							user))
					.isNotEmpty();
			}
			// The operator's last step, once the rebuild is over: the old table goes.
			SchemaMigrationSet drop = dropStep(keyspace);
			migrate(keyspace, (script) -> true, drop.location(), drop.tablePrefix());
			assertThat(tables(keyspace)).doesNotContain("followers_by_user").contains("followers_by_user_shard");
		}
	}

	/**
	 * A database that already ran step 007 as it was (which dropped every list) gets its
	 * lists back from the follows, its followers' names from their profiles, and keeps
	 * the follows made since in their shards; the rebuild, stopped after its first token
	 * ranges, resumes from its checkpoints and copies every follow once.
	 */
	@Test
	void databaseThatLostItsListsGetsThemBackAndTheRebuildResumes() {
		String keyspace = newKeyspace();
		try (CqlSession session = SharedCassandra.serviceSession(keyspace)) {
			migrate(keyspace, (script) -> script.getVersion() <= 6, "cql");
			Network network = Network.create(session);
			network.follows006(session);
			migrate(keyspace, (script) -> script.getResourceName().contains("007-as-it-was"), "upgrade/007-as-it-was");
			assertThat(tables(keyspace)).doesNotContain("followers_by_user");
			// A follow made since, by the sharded follow path: its row, shard and count.
			Instant followed = SINCE.plus(1, ChronoUnit.DAYS);
			write(session, followed,
					"INSERT INTO followers_by_user_shard (user_id, shard, follower_id, username, "
							+ "display_name, followed_at) VALUES (?, 0, ?, 'eve', 'Eve', ?)",
					network.alice, network.eve, followed);
			write(session, followed, "UPDATE following_by_user SET username = 'alice', display_name = 'Alice', "
					+ "followed_at = ?, follower_shards = follower_shards + {0} WHERE user_id = ? AND followed_id = ?",
					followed, network.eve, network.alice);
			session.execute(SimpleStatement.newInstance("UPDATE follower_counts SET followers = followers + 1, "
					+ "follows_received = follows_received + 1 WHERE user_id = ?", network.alice));
			migrate(keyspace, (script) -> true, "cql");
			try (MigrationEngine engine = engine(session)) {
				engine.advance(FollowerShardsMigration.NAME).block();
				await().atMost(Duration.ofSeconds(30))
					.until(() -> engine.status(FollowerShardsMigration.NAME).block().blocker() == null);
				engine.advance(FollowerShardsMigration.NAME).block();
				// The job stops once a token range is copied (others in flight may finish
				// too), and releases its lease.
				engine.run(FollowerShardsMigration.NAME).take(1).blockLast();
				MigrationStatus stopped = engine.status(FollowerShardsMigration.NAME).block();
				assertThat(stopped.backfill().rangesDone()).isPositive().isLessThan(stopped.backfill().rangesTotal());
				assertThat(stopped.backfill().complete()).isFalse();
				MigrationStatus status = new BackfillAutopilot(engine, Duration.ofMillis(50))
					.complete(FollowerShardsMigration.NAME)
					.block(Duration.ofMinutes(2));
				assertThat(status.phase()).isEqualTo(MigrationPhase.NEW_ONLY);
				assertThat(status.verify().clean()).isTrue();
				assertThat(status.backfill().rangesDone()).isEqualTo(status.backfill().rangesTotal());
				assertThat(status.backfill().rowsCopied()).isEqualTo(5);
			}
			assertThat(followers(session,
					"SELECT follower_id, username, display_name, followed_at "
							+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = 0",
					network.alice))
				.containsExactlyInAnyOrder(network.bob + " bob Bob " + SINCE, network.carol + " carol Carol " + SINCE,
						network.dave + " dave Dave " + SINCE, network.eve + " eve Eve " + followed);
			assertThat(followers(session,
					"SELECT follower_id, username, display_name, followed_at "
							+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = 0",
					network.bob))
				.containsExactly(network.alice + " alice Alice " + SINCE);
		}
	}

	private static String newKeyspace() {
		return "social_feed_upgrade_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
	}

	/**
	 * Applies the schema steps the filter lets through, as the service's migrations do
	 * (the same library, its history in the keyspace's {@code schema_migration}), with
	 * the superuser standing in for the migrator login.
	 */
	private static void migrate(String keyspace, Predicate<ScriptFile> scripts, String location) {
		migrate(keyspace, scripts, location, "");
	}

	private static void migrate(String keyspace, Predicate<ScriptFile> scripts, String location, String tablePrefix) {
		CassandraBackend backend = SharedCassandra.backend();
		// The library closes the session it is given once it has migrated.
		CqlSession schema = CassandraLogin.open(backend.contactPoints(), backend.localDatacenter(), backend.superuser(),
				keyspace, Duration.ofSeconds(30));
		MigrationRepository repository = new MigrationRepository(List.of(location), new Only(scripts),
				new ScannerRegistry());
		org.cognitor.cassandra.migration.MigrationConfiguration configuration = new org.cognitor.cassandra.migration.MigrationConfiguration()
			.withKeyspaceName(keyspace);
		if (!tablePrefix.isEmpty()) {
			configuration = configuration.withTablePrefix(tablePrefix);
		}
		new MigrationTask(new Database(schema, configuration), repository, true).migrate();
	}

	/**
	 * The drop step as the service hands it to its schema migrations when the operator
	 * asks for it, its guard reading the rebuild's state as the service's role.
	 */
	private static SchemaMigrationSet dropStep(String keyspace) {
		CassandraBackend backend = SharedCassandra.backend();
		Credentials role = SharedCassandra.serviceRole(keyspace, keyspace);
		CqlSessionBuilder builder = CqlSession.builder()
			.addContactPoints(backend.contactPoints())
			.withLocalDatacenter(backend.localDatacenter())
			.withAuthCredentials(role.username(), role.password())
			.withKeyspace(keyspace);
		return new MigrationConfiguration().followersByUserDrop(
				new StaticListableBeanFactory(Map.of("builder", builder)).getBeanProvider(CqlSessionBuilder.class));
	}

	/**
	 * An engine with this service's one migration of follower lists, paced for a test.
	 */
	private static MigrationEngine engine(CqlSession session) {
		MigrationSettings settings = MigrationSettings.defaults()
			.withRefreshInterval(Duration.ofMillis(100), Duration.ZERO)
			.withRecheckDelay(Duration.ofMillis(100))
			.withTokenRanges(8)
			.withStartJobs(false);
		return new MigrationEngine(session, List.of(new FollowerShardsMigration(session, FollowerShardsMigration.NAME)),
				settings, Clock.systemUTC());
	}

	private static Set<String> tables(String keyspace) {
		try (CqlSession admin = SharedCassandra.adminSession()) {
			return admin
				.execute(SimpleStatement
					.newInstance("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace))
				.all()
				.stream()
				.map((row) -> row.getString("table_name"))
				.collect(Collectors.toSet());
		}
	}

	private static List<String> followers(CqlSession session, String cql, UUID user) {
		List<String> followers = new ArrayList<>();
		for (Row row : session.execute(SimpleStatement.newInstance(cql, user))) {
			followers.add(row.getUuid("follower_id") + " " + row.getString("username") + " "
					+ row.getString("display_name") + " " + row.getInstant("followed_at"));
		}
		return followers;
	}

	/** A write with the follow's timestamp, as the follow path gives it. */
	private static void write(CqlSession session, Instant at, String cql, Object... values) {
		session.execute(SimpleStatement.newInstance(cql, values)
			.setQueryTimestamp(ChronoUnit.MICROS.between(Instant.EPOCH, at)));
	}

	/**
	 * Five users with profiles, and the follows of a service at step 006: bob, carol and
	 * dave follow alice, alice follows bob (eve follows nobody yet).
	 */
	private record Network(UUID alice, UUID bob, UUID carol, UUID dave, UUID eve) {

		static Network create(CqlSession session) {
			Network network = new Network(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(),
					UUID.randomUUID());
			List<UUID> ids = List.of(network.alice, network.bob, network.carol, network.dave, network.eve);
			List<String> names = List.of("alice", "bob", "carol", "dave", "eve");
			for (int i = 0; i < ids.size(); i++) {
				String name = names.get(i);
				session.execute(SimpleStatement.newInstance(
						"INSERT INTO users_by_id (user_id, username, email, display_name, created_at) "
								+ "VALUES (?, ?, ?, ?, ?)",
						ids.get(i), name, name + "@example.com",
						Character.toUpperCase(name.charAt(0)) + name.substring(1), SINCE.minus(1, ChronoUnit.DAYS)));
			}
			return network;
		}

		/**
		 * Both rows of each follow and its count, as the service wrote them at step 006.
		 */
		void follows006(CqlSession session) {
			follow006(session, this.bob, "bob", "Bob", this.alice, "alice", "Alice");
			follow006(session, this.carol, "carol", "Carol", this.alice, "alice", "Alice");
			follow006(session, this.dave, "dave", "Dave", this.alice, "alice", "Alice");
			follow006(session, this.alice, "alice", "Alice", this.bob, "bob", "Bob");
		}

		private static void follow006(CqlSession session, UUID follower, String followerName, String followerDisplay,
				UUID followed, String followedName, String followedDisplay) {
			write(session, SINCE,
					"INSERT INTO followers_by_user (user_id, follower_id, username, display_name, "
							+ "followed_at) VALUES (?, ?, ?, ?, ?)",
					followed, follower, followerName, followerDisplay, SINCE);
			write(session, SINCE,
					"INSERT INTO following_by_user (user_id, followed_id, username, display_name, "
							+ "followed_at) VALUES (?, ?, ?, ?, ?)",
					follower, followed, followedName, followedDisplay, SINCE);
			session.execute(SimpleStatement
				.newInstance("UPDATE follower_counts SET followers = followers + 1 WHERE user_id = ?", followed));
		}

	}

	/** Collects only the schema steps a test applies at this point of its history. */
	private static final class Only implements ScriptCollector {

		private final Predicate<ScriptFile> scripts;

		private final List<ScriptFile> files = new ArrayList<>();

		Only(Predicate<ScriptFile> scripts) {
			this.scripts = scripts;
		}

		@Override
		public void collect(ScriptFile file) {
			if (this.scripts.test(file)) {
				this.files.add(file);
			}
		}

		@Override
		public Collection<ScriptFile> getScriptFiles() {
			return this.files;
		}

	}

}
