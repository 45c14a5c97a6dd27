package dev.querydriven.testsupport.devrun.scan;

import java.time.Clock;

import dev.querydriven.testsupport.devrun.EmbeddedCassandraDevConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dev run starts from the test class path but is the production service: the tests' own
 * components and configurations stay out of its component scan.
 */
class DevRunScanTests {

	/**
	 * A bare service: no web server, no node, and without the modeling library's
	 * auto-configuration (on this module's class path for the conformance suite), whose
	 * clock would stand for the one a test configures.
	 */
	private static final String[] ARGUMENTS = { "--spring.main.lazy-initialization=true",
			"--spring.main.web-application-type=none", "--querydriven.cassandra.embedded.enabled=false",
			"--spring.autoconfigure.exclude=dev.querydriven.modeling.spring.ModelingAutoConfiguration",
			"--spring.main.banner-mode=off" };

	/**
	 * Started as a dev run, the service gets its own components and none of the tests':
	 * no {@code @TestComponent}, no configuration nested in a test class.
	 */
	@Test
	void devRunLeavesTheTestsComponentsOut() {
		try (ConfigurableApplicationContext context = SpringApplication.from(ScanApplication::main)
			.with(EmbeddedCassandraDevConfiguration.class)
			.run(ARGUMENTS)
			.getApplicationContext()) {
			assertThat(context.getBeanNamesForType(ProductionComponent.class)).hasSize(1);
			assertThat(context.getBeanNamesForType(TestOnlyComponent.class)).isEmpty();
			assertThat(context.getBeanNamesForType(StandingClock.class)).isEmpty();
			assertThat(context.getBeanNamesForType(Clock.class)).isEmpty();
		}
	}

	/** What a test might configure: a clock standing still. */
	@TestConfiguration(proxyBeanMethods = false)
	static class StandingClock {

		@Bean
		Clock clock() {
			return Clock.systemUTC();
		}

	}

}
