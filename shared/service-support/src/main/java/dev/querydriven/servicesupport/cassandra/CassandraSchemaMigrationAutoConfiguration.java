package dev.querydriven.servicesupport.cassandra;

import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import org.cognitor.cassandra.migration.MigrationTask;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AbstractDependsOnBeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.boot.cassandra.autoconfigure.DriverConfigLoaderBuilderCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Applies schema migrations at startup and makes every {@link CqlSession} wait for them,
 * the way Spring Boot orders Flyway before a JDBC {@code DataSource}'s users.
 */
@AutoConfiguration(after = CassandraAutoConfiguration.class)
@ConditionalOnClass({ MigrationTask.class, CqlSession.class })
@ConditionalOnBooleanProperty(name = "querydriven.cassandra.migrations.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ QueryDrivenCassandraProperties.class, CassandraProperties.class })
public final class CassandraSchemaMigrationAutoConfiguration {

	private static final Duration SCHEMA_CHANGE_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration SCHEMA_AGREEMENT_TIMEOUT = Duration.ofMinutes(1);

	private static final Duration SCHEMA_REFRESH_WINDOW = Duration.ofMillis(50);

	@Bean
	CassandraSchemaMigrations cassandraSchemaMigrations(ObjectProvider<CqlSessionBuilder> sessionBuilders,
			CassandraConnectionDetails connectionDetails, CassandraMigratorConnectionDetails migrator,
			QueryDrivenCassandraProperties properties, CassandraProperties cassandra,
			ObjectProvider<SchemaMigrationSet> librarySets) {
		return new CassandraSchemaMigrations(sessionBuilders, connectionDetails, migrator, properties,
				ServiceKeyspace.keyspace(cassandra), librarySets.orderedStream().toList());
	}

	/**
	 * The migrator login of {@code querydriven.cassandra.migrator.*}, unless a bean
	 * provides it (the dev run's node, the tests).
	 * @param properties the service's Cassandra settings
	 * @return the login, whose username is {@code null} when none is configured
	 */
	@Bean
	@ConditionalOnMissingBean(CassandraMigratorConnectionDetails.class)
	PropertiesCassandraMigratorConnectionDetails cassandraMigratorConnectionDetails(
			QueryDrivenCassandraProperties properties) {
		return new PropertiesCassandraMigratorConnectionDetails(properties.migrator());
	}

	/**
	 * The execution profile of the migration statements: schema changes may take longer
	 * than an application request.
	 * @return the customizer adding the profile to the driver configuration
	 */
	@Bean
	DriverConfigLoaderBuilderCustomizer schemaMigrationExecutionProfile() {
		return (builder) -> builder.startProfile(CassandraSchemaMigrations.EXECUTION_PROFILE)
			.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, SCHEMA_CHANGE_TIMEOUT)
			.endProfile();
	}

	/**
	 * How long a schema change waits for every node of a cluster to agree on the new
	 * schema before the next one may run (the migration library fails a script that does
	 * not see agreement), and how long the queries behind that check and the schema
	 * refresh that follows may take. One node agrees at once; on a cluster whose machines
	 * are busy (several nodes and services starting together on a CI runner) the driver's
	 * defaults (10 s to agree, 5 s and 2 s for those queries) are too short. Application
	 * requests keep their own timeout.
	 * <p>
	 * The refresh itself is held for a debounce window (1 s by default) that folds a
	 * burst of schema events into one refresh; migrations run one change after the other,
	 * so each would wait the whole second (two dozen changes, half a minute at every
	 * start). A short window keeps the folding and drops the wait.
	 * @return the customizer setting the timeouts
	 */
	@Bean
	DriverConfigLoaderBuilderCustomizer schemaAgreementTimeout() {
		return (builder) -> builder.withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, SCHEMA_REFRESH_WINDOW)
			.withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, SCHEMA_AGREEMENT_TIMEOUT)
			.withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, SCHEMA_CHANGE_TIMEOUT)
			.withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, SCHEMA_CHANGE_TIMEOUT);
	}

	@Bean
	static CqlSessionDependsOnSchemaMigrations cqlSessionDependsOnSchemaMigrations() {
		return new CqlSessionDependsOnSchemaMigrations();
	}

	static final class CqlSessionDependsOnSchemaMigrations extends AbstractDependsOnBeanFactoryPostProcessor {

		CqlSessionDependsOnSchemaMigrations() {
			super(CqlSession.class, CassandraSchemaMigrations.class);
		}

	}

}
