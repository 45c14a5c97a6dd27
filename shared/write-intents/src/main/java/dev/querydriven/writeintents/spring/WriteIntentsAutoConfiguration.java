package dev.querydriven.writeintents.spring;

import java.time.Clock;
import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.spring.ModelingAutoConfiguration;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.cassandra.SchemaMigrationSet;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.SweepReport;
import dev.querydriven.writeintents.WriteIntents;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;

/**
 * The write intents, for a service that records its changes: one that declares an
 * {@link IntentReplayer} for each kind of change it records gets the durable record of
 * the changes in flight, the sweeper that finishes what a dead process left, their table,
 * metrics and health. A service without replayers records nothing and gets none of it.
 */
@AutoConfiguration(after = ModelingAutoConfiguration.class)
@ConditionalOnBean({ IntentReplayer.class, StatementExecutor.class, TimeSource.class })
@EnableConfigurationProperties({ WriteIntentsProperties.class, TestingHooksProperties.class })
public final class WriteIntentsAutoConfiguration {

	/**
	 * The durable record of the changes in flight, and the changes themselves, detached
	 * from their requests. The fault hooks ({@code querydriven.testing.*}) are refused
	 * unless the {@code faults} profile is active.
	 */
	@Bean
	@ConditionalOnMissingBean
	WriteIntents writeIntents(CqlSession session, StatementExecutor executor, TimeSource time,
			WriteIntentsProperties properties, TestingHooksProperties testing, Environment environment) {
		return new WriteIntents(session, executor, time,
				new WriteIntents.Settings(properties.maxInFlight(), properties.deadline(), properties.shards()),
				hooks(testing, environment));
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
	WriteIntentsLifecycle writeIntentsLifecycle(WriteIntents intents, WriteIntentsProperties properties) {
		return new WriteIntentsLifecycle(intents, properties.drainTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	IntentSweeper intentSweeper(WriteIntents intents, StatementExecutor executor, ReactiveCqlOperations cql,
			TimeSource time, ObjectProvider<IntentReplayer> replayers) {
		return new IntentSweeper(intents, executor, cql::queryForRows, time, replayers.orderedStream().toList(),
				IntentSweeper.HORIZON);
	}

	@Bean
	IntentSweeperSchedule intentSweeperSchedule(IntentSweeper sweeper, WriteIntentsProperties properties) {
		return new IntentSweeperSchedule(sweeper, properties.sweepInterval());
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
				WriteIntentsProperties properties) {
			return new WriteIntentsHealthIndicator(intents, sweeper, clock, properties.stuckAfter());
		}

	}

	/**
	 * The write intents' table in the service's keyspace, created by the service's schema
	 * migrations from the schema file this library ships.
	 */
	@Bean
	SchemaMigrationSet writeIntentsSchema() {
		return new SchemaMigrationSet("write intents", "querydriven/write-intents", "write_intents_");
	}

}
