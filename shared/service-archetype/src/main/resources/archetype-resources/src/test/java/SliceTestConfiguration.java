package ${package};

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What every controller slice of the service adds to its context: the service's access
 * rules, so that a slice's requests pass the same security filter as in production (a
 * route no rule names would be refused to everyone). Slices act as a user with
 * {@code Callers.mockCaller(userId)}, a token the filter takes without checking its
 * signature.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(AccessConfiguration.class)
public class SliceTestConfiguration {

}
