package dev.querydriven.blogplatform.migration;

import java.time.Clock;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationSettings;
import dev.querydriven.tablemigration.PhaseTicker;
import dev.querydriven.tablemigration.StateStatementExecutor;
import dev.querydriven.tablemigration.TableMigration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.data.cassandra.ReactiveResultSet;
import org.springframework.data.cassandra.ReactiveSession;

/**
 * The migration engine of this service, with every migration it declares.
 *
 * <p>
 * The engine is infrastructure, not a feature: it scans token ranges, leases jobs and
 * keeps its own state tables through the driver's session, which Spring Data's entity API
 * has no words for. Its construction is therefore the one place (with the migration's own
 * scans) where the service hands the raw session to code. Its statements on its own
 * tables (phase reads, transitions, leases, checkpoints) still go through the service's
 * Spring Data session, like every statement of a request: an admin request's reads of a
 * migration's state, and a routing decision that had to read the phase, count as that
 * request's (and tests see them). Only the token-range scans and copies of a backfill or
 * verify job, a background job outside any request, run on the raw session.
 */
@Configuration(proxyBeanMethods = false)
class MigrationConfiguration {

	/**
	 * The engine: routes reads and writes by phase, guards transitions, runs backfill and
	 * verify jobs. Closed with the context (stops refreshing phases, releases job
	 * leases).
	 * @param session the service's session (its keyspace holds the engine's tables, from
	 * {@code cql/005_table_migrations.cql})
	 * @param statements the service's Spring Data session (its interceptors see every
	 * statement with the caller's Reactor context), which executes the engine's
	 * statements on its own tables. The session rather than the CQL template, so that the
	 * engine behaves exactly as on the driver's session (its errors stay the driver's)
	 * @param migrations the migrations the service declares
	 * @param properties the pacing
	 * @param clock the application's one clock (phase times, guards and checkpoints)
	 * @param ticker the monotonic clock on which the engine's in-memory phases age: the
	 * JVM's, unless the context defines one (the tests do, to age a phase out on command)
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
	 * starts closing, while Cassandra still answers (the embedded node and the session
	 * shut down later in the close).
	 * @param migrations the engine
	 * @return the listener
	 */
	@Bean
	ApplicationListener<ContextClosedEvent> migrationEngineShutdown(MigrationEngine migrations) {
		return (event) -> migrations.close();
	}

}
