package dev.querydriven.socialfeed;

import java.time.Clock;

import dev.querydriven.modeling.time.TimeSource;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * What every {@code @WebFluxTest} slice of this service needs besides its controller: the
 * time source the controllers read "now" from.
 */
@TestConfiguration(proxyBeanMethods = false)
public class SliceTestConfiguration {

	@Bean
	TimeSource timeSource() {
		return new TimeSource(Clock.systemUTC());
	}

}
