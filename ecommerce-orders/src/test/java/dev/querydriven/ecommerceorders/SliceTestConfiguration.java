package dev.querydriven.ecommerceorders;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What every {@code @WebFluxTest} slice of this service needs besides its controller: the
 * service's access table. A slice applies the shared security chain, which refuses every
 * route the table does not name, so without it each request would be a 403.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import(AccessConfiguration.class)
public class SliceTestConfiguration {

}
