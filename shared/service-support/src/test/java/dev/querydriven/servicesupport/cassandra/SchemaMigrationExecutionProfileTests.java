package dev.querydriven.servicesupport.cassandra;

import java.time.Duration;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Schema migrations run with an execution profile of their own, so that a slow schema
 * change (a {@code DROP TABLE} on a busy machine) is not cut off by the 2-second timeout
 * of application requests.
 */
class SchemaMigrationExecutionProfileTests {

	/**
	 * The customizer adds the profile with a 30-second request timeout and leaves the
	 * default profile alone.
	 */
	@Test
	void migrationProfileWaitsLongerThanApplicationRequests() {
		ProgrammaticDriverConfigLoaderBuilder builder = DriverConfigLoader.programmaticBuilder();
		new CassandraSchemaMigrationAutoConfiguration().schemaMigrationExecutionProfile().customize(builder);
		try (DriverConfigLoader loader = builder.build()) {
			DriverExecutionProfile profile = loader.getInitialConfig()
				.getProfile(CassandraSchemaMigrations.EXECUTION_PROFILE);
			assertThat(profile.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(30));
			assertThat(loader.getInitialConfig().getDefaultProfile().getDuration(DefaultDriverOption.REQUEST_TIMEOUT))
				.isEqualTo(Duration.ofSeconds(2));
		}
	}

	/**
	 * A schema change waits up to a minute for a cluster's nodes to agree on it, not the
	 * driver's default 10 seconds, and the queries behind the check may take 30 seconds;
	 * application requests keep their 2 seconds.
	 */
	@Test
	void schemaChangesWaitLongerForAgreement() {
		ProgrammaticDriverConfigLoaderBuilder builder = DriverConfigLoader.programmaticBuilder();
		new CassandraSchemaMigrationAutoConfiguration().schemaAgreementTimeout().customize(builder);
		try (DriverConfigLoader loader = builder.build()) {
			DriverExecutionProfile defaults = loader.getInitialConfig().getDefaultProfile();
			assertThat(defaults.getDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT))
				.isEqualTo(Duration.ofMinutes(1));
			assertThat(defaults.getDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT))
				.isEqualTo(Duration.ofSeconds(30));
			assertThat(defaults.getDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT))
				.isEqualTo(Duration.ofSeconds(30));
			assertThat(defaults.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(2));
		}
	}

	/**
	 * A schema change is not held for the driver's default one-second refresh window:
	 * migrations run their changes one after the other.
	 */
	@Test
	void schemaRefreshIsNotHeldForASecond() {
		ProgrammaticDriverConfigLoaderBuilder builder = DriverConfigLoader.programmaticBuilder();
		new CassandraSchemaMigrationAutoConfiguration().schemaAgreementTimeout().customize(builder);
		try (DriverConfigLoader loader = builder.build()) {
			assertThat(loader.getInitialConfig()
				.getDefaultProfile()
				.getDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW)).isLessThanOrEqualTo(Duration.ofMillis(100));
		}
	}

}
