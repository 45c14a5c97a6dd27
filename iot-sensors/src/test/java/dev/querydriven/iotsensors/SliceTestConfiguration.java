package dev.querydriven.iotsensors;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What every {@code @WebFluxTest} slice of this service needs besides its controller: the
 * service's access rules. The slice applies the shared security chain, which refuses a
 * route no rule names, so a slice without them would answer every request 403, whoever
 * sends it.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(AccessConfiguration.class)
public class SliceTestConfiguration {

}
