package dev.querydriven.blogplatform;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What every controller slice of the service adds to its context: the service's access
 * rules, so that a slice's requests pass the same security filter as in production (a
 * route no rule names would be refused, and a public route would be tested as if it
 * needed a token). Slices act as a user with {@code Callers.mockCaller(userId)}.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(AccessConfiguration.class)
public class SliceTestConfiguration {

}
