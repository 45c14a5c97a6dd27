package dev.querydriven.modeling.spring;

import java.time.Clock;
import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.IntentReplayer;
import dev.querydriven.modeling.dualwrite.IntentSweeper;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.dualwrite.SweepReport;
import dev.querydriven.modeling.dualwrite.WriteIntents;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.cassandra.SchemaMigrationSet;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraReactiveAutoConfiguration;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;

/**
 * The modeling library in every service, wired one way:
 * <ul>
 * <li><b>one clock</b> ({@link Clock}, UTC; a test replaces it with a mutable one) and
 * <b>one {@link TimeSource}</b> on it: every instant, write timestamp and time-based id
 * of the service;</li>
 * <li><b>one {@link StatementExecutor}</b>: the statements of the patterns run through
 * Spring Data's CQL template, so their failures arrive translated like every other
 * database failure of the service (a {@code DataAccessException} with the driver's
 * exception as its cause);</li>
 * <li><b>one {@link DualWriter} wired to one {@link Reconciler}</b>, whose passes run
 * every {@code querydriven.dual-write.reconcile-interval} (5 s by default), with its
 * backlog as the gauge {@code querydriven.dualwrite.backlog} and in the health endpoint
 * ({@code reconciler});</li>
 * <li><b>{@link EntityStatements}</b>, which turns Spring Data entities into the bound
 * statements of a dual write.</li>
 * </ul>
 */
@AutoConfiguration(after = DataCassandraReactiveAutoConfiguration.class)
@ConditionalOnClass({ CqlSession.class, ReactiveCassandraOperations.class })
@ConditionalOnBean({ CqlSession.class, ReactiveCqlOperations.class, ReactiveCassandraOperations.class })
@EnableConfigurationProperties({ ModelingProperties.class, TestingHooksProperties.class })
public final class ModelingAutoConfiguration {

	/**
	 * The clock every time of the service comes from: UTC, like every time bucket.
	 * @return the system clock
	 */
	@Bean
	@ConditionalOnMissingBean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	@ConditionalOnMissingBean
	TimeSource timeSource(Clock clock) {
		return new TimeSource(clock);
	}

	@Bean
	@ConditionalOnMissingBean
	StatementExecutor statementExecutor(ReactiveCqlOperations cql) {
		return cql::execute;
	}

	@Bean
	@ConditionalOnMissingBean
	Reconciler reconciler(StatementExecutor executor, TimeSource time, ModelingProperties properties) {
		return new Reconciler(executor, time, properties.reconcilerCapacity());
	}

	@Bean
	ReconcilerSchedule reconcilerSchedule(Reconciler reconciler, ModelingProperties properties) {
		return new ReconcilerSchedule(reconciler, properties.reconcileInterval(), properties.intents().drainTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	DualWriter dualWriter(CqlSession session, TimeSource time, StatementExecutor executor, Reconciler reconciler) {
		return new DualWriter(session, time).withExecutor(executor).withReconciler(reconciler);
	}

	static WriteIntents.Hooks hooks(TestingHooksProperties testing, Environment environment) {
		boolean set = !testing.haltAfter().isEmpty() || !testing.delayCopies().isZero();
		if (set && !environment.matchesProfiles("faults")) {
			throw new IllegalStateException("querydriven.testing.halt-after and querydriven.testing.delay-copies "
					+ "inject faults for tests and need the 'faults' profile; remove them from this configuration");
		}
		return set ? new WriteIntents.Hooks(testing.haltAfter(), testing.delayCopies()) : WriteIntents.Hooks.NONE;
	}

	@Bean
	@ConditionalOnMissingBean
	EntityStatements entityStatements(ReactiveCassandraOperations template, ReactiveSession session) {
		return new EntityStatements(template, session);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class ReconcilerMetricsConfiguration {

		@Bean
		MeterBinder reconcilerBacklogMetrics(Reconciler reconciler) {
			return (registry) -> Gauge.builder("querydriven.dualwrite.backlog", reconciler, Reconciler::pending)
				.description("Failed copy writes waiting for the reconciler's next pass")
				.register(registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	static class ReconcilerHealthConfiguration {

		@Bean
		HealthIndicator reconcilerHealthIndicator(Reconciler reconciler) {
			return new ReconcilerHealthIndicator(reconciler);
		}

	}

	/**
	 * The write intents, for a service that records its changes: one that declares an
	 * {@link IntentReplayer} for each kind of change it records gets the durable record
	 * of the changes in flight, the sweeper that finishes what a dead process left, their
	 * tables, metrics and health. A service without replayers records nothing and gets
	 * none of it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(IntentReplayer.class)
	static class WriteIntentsConfiguration {

		/**
		 * The durable record of the changes in flight, and the changes themselves,
		 * detached from their requests. The fault hooks ({@code querydriven.testing.*})
		 * are refused unless the {@code faults} profile is active.
		 */
		@Bean
		@ConditionalOnMissingBean
		WriteIntents writeIntents(CqlSession session, StatementExecutor executor, TimeSource time,
				ModelingProperties properties, TestingHooksProperties testing, Environment environment) {
			ModelingProperties.Intents intents = properties.intents();
			return new WriteIntents(session, executor, time,
					new WriteIntents.Settings(intents.maxInFlight(), intents.deadline(), intents.shards()),
					hooks(testing, environment));
		}

		@Bean
		WriteIntentsLifecycle writeIntentsLifecycle(WriteIntents intents, ModelingProperties properties) {
			return new WriteIntentsLifecycle(intents, properties.intents().drainTimeout());
		}

		@Bean
		@ConditionalOnMissingBean
		IntentSweeper intentSweeper(WriteIntents intents, StatementExecutor executor, TimeSource time,
				ObjectProvider<IntentReplayer> replayers) {
			return new IntentSweeper(intents, executor, time, replayers.orderedStream().toList());
		}

		@Bean
		IntentSweeperSchedule intentSweeperSchedule(IntentSweeper sweeper, ModelingProperties properties) {
			return new IntentSweeperSchedule(sweeper, properties.intents().sweepInterval());
		}

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(MeterBinder.class)
		static class WriteIntentsMetricsConfiguration {

			@Bean
			MeterBinder writeIntentsMetrics(WriteIntents intents, IntentSweeper sweeper, Clock clock) {
				return (registry) -> {
					Gauge.builder("querydriven.dualwrite.intents.in-flight", intents, WriteIntents::inFlight)
						.description("Changes running now, detached from their requests")
						.register(registry);
					FunctionCounter.builder("querydriven.dualwrite.intents.rejected", intents, WriteIntents::rejected)
						.description("Changes refused before anything was written (too many in flight, or stopping)")
						.register(registry);
					FunctionCounter.builder("querydriven.dualwrite.intents.timed-out", intents, WriteIntents::timedOut)
						.description("Changes stopped at their deadline and left to the sweeper")
						.register(registry);
					Gauge
						.builder("querydriven.dualwrite.intents.unfinished", sweeper,
								(s) -> s.lastReport().map(SweepReport::unfinished).orElse(0))
						.description("Changes the sweeper's last pass left unfinished")
						.register(registry);
					Gauge
						.builder("querydriven.dualwrite.intents.oldest-unfinished", sweeper,
								(s) -> s.lastReport()
									.map((report) -> report.oldestUnfinishedAge(clock.instant()))
									.orElse(Duration.ZERO)
									.toSeconds())
						.description("Age of the oldest change the sweeper's last pass left unfinished")
						.baseUnit("seconds")
						.register(registry);
				};
			}

		}

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(HealthIndicator.class)
		static class WriteIntentsHealthConfiguration {

			@Bean
			HealthIndicator writeIntentsHealthIndicator(WriteIntents intents, IntentSweeper sweeper, Clock clock,
					ModelingProperties properties) {
				return new WriteIntentsHealthIndicator(intents, sweeper, clock, properties.intents().stuckAfter());
			}

		}

		/**
		 * The write intents' tables in the service's keyspace, created by the service's
		 * schema migrations from the schema file this library ships.
		 */
		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(SchemaMigrationSet.class)
		static class WriteIntentsSchemaConfiguration {

			@Bean
			SchemaMigrationSet writeIntentsSchema() {
				return new SchemaMigrationSet("write intents", "querydriven/write-intents", "write_intents_");
			}

		}

	}

}
