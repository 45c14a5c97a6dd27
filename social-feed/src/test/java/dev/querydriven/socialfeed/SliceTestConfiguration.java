package dev.querydriven.socialfeed;

import java.time.Clock;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import org.mockito.Mockito;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;

/**
 * What every {@code @WebFluxTest} slice of this service needs besides its controller: the
 * service's access rules (a slice applies them to its mock callers, and refuses a route
 * no rule names), the time source the controllers read "now" from, and the keyed creates'
 * keys (a slice's requests carry no {@code Idempotency-Key}, so each create draws its id
 * and no table is touched).
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(AccessConfiguration.class)
public class SliceTestConfiguration {

	@Bean
	TimeSource timeSource() {
		return new TimeSource(Clock.systemUTC());
	}

	@Bean
	IdempotencyKeys idempotencyKeys() {
		return new IdempotencyKeys(Mockito.mock(ReactiveCqlOperations.class), JsonMapper.builder().build());
	}

}
