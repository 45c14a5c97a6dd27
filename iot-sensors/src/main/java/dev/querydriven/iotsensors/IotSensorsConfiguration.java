package dev.querydriven.iotsensors;

import java.time.Clock;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The service's shared infrastructure beans. Kept out of {@link IotSensorsApplication} so
 * that web slice tests, which load the application class, do not need a Cassandra
 * session.
 */
@Configuration(proxyBeanMethods = false)
class IotSensorsConfiguration {

	/**
	 * The clock that judges a reading's age (retention, late allowance, clock skew).
	 * Tests replace it to ingest readings around a chosen instant, such as a month end.
	 */
	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	DualWriter dualWriter(CqlSession session) {
		return new DualWriter(session);
	}

}
