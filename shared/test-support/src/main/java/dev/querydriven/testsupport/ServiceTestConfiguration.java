package dev.querydriven.testsupport;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import dev.querydriven.testsupport.devrun.DevTokens;
import org.threeten.extra.MutableClock;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * What {@link ServiceIntegrationTest} adds to the application: a clock the tests move,
 * and the failure injection.
 */
@TestConfiguration(proxyBeanMethods = false)
class ServiceTestConfiguration {

	/**
	 * The application's clock: the moment the context started, in UTC, standing still
	 * until a test moves it.
	 * @return the mutable clock
	 */
	@Bean
	@Primary
	MutableClock clock() {
		return MutableClock.of(Instant.now().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
	}

	/**
	 * Tokens for the tests' callers, signed by the issuer the service trusts in tests.
	 * @param tokens the dev issuer
	 * @return the callers
	 */
	@Bean
	Callers callers(DevTokens tokens) {
		return new Callers(tokens);
	}

	/**
	 * Failure injection: the first interceptor, so that a failed statement is neither
	 * sent nor recorded as sent.
	 * @return the failures, none armed
	 */
	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	StatementFailures statementFailures() {
		return new StatementFailures();
	}

}
