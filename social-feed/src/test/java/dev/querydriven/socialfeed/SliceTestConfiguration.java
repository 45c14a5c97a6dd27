package dev.querydriven.socialfeed;

import java.time.Clock;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * What every {@code @WebFluxTest} slice of this service needs besides its controller: the
 * clock the controllers read.
 */
@TestConfiguration(proxyBeanMethods = false)
public class SliceTestConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
