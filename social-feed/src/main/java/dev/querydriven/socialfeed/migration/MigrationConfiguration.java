package dev.querydriven.socialfeed.migration;

import java.time.Clock;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.servicesupport.cassandra.SchemaMigrationSet;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationSettings;
import dev.querydriven.tablemigration.PhaseTicker;
import dev.querydriven.tablemigration.StateStatementExecutor;
import dev.querydriven.tablemigration.TableMigration;
import reactor.core.Disposable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.Ordered;
import org.springframework.data.cassandra.ReactiveResultSet;
import org.springframework.data.cassandra.ReactiveSession;

/**
 * The migration engine of this service with its two backfills, the autopilot that drives
 * them at startup, and the opt-in last step that drops the old follower table.
 *
 * <p>
 * The engine is infrastructure, not a feature: it scans token ranges, leases jobs and
 * keeps its own state tables through the driver's session, which Spring Data's entity API
 * has no words for. Its construction and the two backfills are therefore where the
 * service hands the raw session to code. Its statements on its own tables (phase reads,
 * transitions, leases, checkpoints) go through the service's Spring Data session, like
 * every statement of a request, so an admin request's reads of a migration's state count
 * as that request's. Only the token-range scans, lookups and copies of a backfill or
 * verify job, background work outside any request, run on the raw session.
 */
@Configuration(proxyBeanMethods = false)
class MigrationConfiguration {

	@Bean
	FollowerShardsMigration followerShardsMigration(CqlSession session) {
		return new FollowerShardsMigration(session, FollowerShardsMigration.NAME);
	}

	@Bean
	LikesByUserMigration likesByUserMigration(CqlSession session) {
		return new LikesByUserMigration(session, LikesByUserMigration.NAME);
	}

	/**
	 * The engine: guards transitions, runs backfill and verify jobs. Closed with the
	 * context (stops refreshing phases, releases job leases).
	 * @param session the service's session (its keyspace holds the engine's tables, from
	 * {@code cql/011_table_migrations.cql})
	 * @param statements the service's Spring Data session, which executes the engine's
	 * statements on its own tables
	 * @param migrations the migrations the service declares
	 * @param properties the pacing
	 * @param clock the application's one clock (phase times, guards and checkpoints)
	 * @param ticker the monotonic clock on which the engine's in-memory phases age: the
	 * JVM's, unless the context defines one
	 * @return the engine
	 */
	@Bean(destroyMethod = "close")
	MigrationEngine migrationEngine(CqlSession session, ReactiveSession statements, List<TableMigration<?>> migrations,
			MigrationProperties properties, Clock clock, ObjectProvider<PhaseTicker> ticker) {
		MigrationSettings settings = MigrationSettings.defaults()
			.withRefreshInterval(properties.refreshInterval(), properties.settleMargin())
			.withRecheckDelay(properties.recheckDelay())
			.withTokenRanges(properties.tokenRanges());
		StateStatementExecutor executor = (statement) -> statements.execute(statement)
			.flatMapMany(ReactiveResultSet::rows);
		return new MigrationEngine(session, migrations, settings, clock, executor,
				ticker.getIfAvailable(() -> PhaseTicker.SYSTEM));
	}

	/**
	 * Stops the engine's phase refresh and releases its job leases as soon as the context
	 * starts closing, while Cassandra still answers.
	 * @param migrations the engine
	 * @return the listener
	 */
	@Bean
	ApplicationListener<ContextClosedEvent> migrationEngineShutdown(MigrationEngine migrations) {
		return (event) -> migrations.close();
	}

	/**
	 * Drives every backfill that never finished, follower lists first (the lists and
	 * fan-outs of a database upgraded from before follower shards lack the old follows
	 * until then), once the application is ready, and stops with the context.
	 * @param migrations the engine
	 * @param properties the poll interval
	 * @return the listener
	 */
	@Bean
	@ConditionalOnBooleanProperty(name = "querydriven.social-feed.migration.auto-run", matchIfMissing = true)
	AutopilotLifecycle backfillAutopilot(MigrationEngine migrations, MigrationProperties properties) {
		return new AutopilotLifecycle(new BackfillAutopilot(migrations, properties.pollInterval()),
				List.of(FollowerShardsMigration.NAME, LikesByUserMigration.NAME));
	}

	/**
	 * The drop of {@code followers_by_user}, applied by the schema migrations with their
	 * own history ({@code follower_shards_finish__schema_migration}) when the operator
	 * asks for it. A CQL file in {@code cql/} would run at the next start, before the
	 * rebuild could have run; the service's own role may not drop a table, only the
	 * schema migrations' login may. So the step waits for the operator, and this bean
	 * refuses to hand it over, which stops the start, unless the {@code follower-shards}
	 * rebuild reached {@code NEW_ONLY}: verified both ways, every list is in the shards.
	 * @param sessions the service's session settings (its own role reads the engine's
	 * state)
	 * @return the step
	 */
	@Bean
	@ConditionalOnBooleanProperty("querydriven.social-feed.migration.drop-followers-by-user")
	SchemaMigrationSet followersByUserDrop(ObjectProvider<CqlSessionBuilder> sessions) {
		MigrationPhase phase;
		try (CqlSession session = sessions.getObject().build()) {
			Row row = session
				.execute("SELECT phase FROM table_migrations WHERE name = '" + FollowerShardsMigration.NAME + "'")
				.one();
			phase = (row != null && row.getString("phase") != null) ? MigrationPhase.valueOf(row.getString("phase"))
					: MigrationPhase.OLD_ONLY;
		}
		catch (RuntimeException ex) {
			throw new IllegalStateException("querydriven.social-feed.migration.drop-followers-by-user is set, but the "
					+ "state of the follower-shards rebuild cannot be read (" + ex.getMessage() + "): the old table "
					+ "stays until the rebuild is known to be over", ex);
		}
		if (phase != MigrationPhase.NEW_ONLY) {
			throw new IllegalStateException("querydriven.social-feed.migration.drop-followers-by-user is set, but the "
					+ "follower-shards rebuild is in " + phase + ": followers_by_user is dropped only once it reached "
					+ "NEW_ONLY (GET /actuator/migrations/follower-shards on the management port)");
		}
		return new SchemaMigrationSet("the drop of followers_by_user", "cql-finish/follower-shards",
				"follower_shards_finish_");
	}

	/**
	 * Starts the autopilot once the application is ready (its requests served, its write
	 * intents' sweeper running), and stops it as soon as the context starts closing,
	 * before the engine and the session go.
	 */
	static final class AutopilotLifecycle implements ApplicationListener<ApplicationEvent>, Ordered {

		private final BackfillAutopilot autopilot;

		private final List<String> names;

		private volatile Disposable running;

		AutopilotLifecycle(BackfillAutopilot autopilot, List<String> names) {
			this.autopilot = autopilot;
			this.names = names;
		}

		@Override
		public void onApplicationEvent(ApplicationEvent event) {
			if (event instanceof ApplicationReadyEvent && this.running == null) {
				this.running = this.autopilot.start(this.names);
			}
			else if (event instanceof ContextClosedEvent && this.running != null) {
				this.running.dispose();
			}
		}

		/** Stops before the engine closes on the same event. */
		@Override
		public int getOrder() {
			return Ordered.HIGHEST_PRECEDENCE;
		}

	}

}
