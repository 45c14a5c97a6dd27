package dev.querydriven.modeling.spring;

import java.time.Clock;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.time.TimeSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraReactiveAutoConfiguration;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
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
@EnableConfigurationProperties(ModelingProperties.class)
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
		return new ReconcilerSchedule(reconciler, properties.reconcileInterval(), properties.lastPassTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	DualWriter dualWriter(CqlSession session, TimeSource time, StatementExecutor executor, Reconciler reconciler) {
		return new DualWriter(session, time).withExecutor(executor).withReconciler(reconciler);
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

}
