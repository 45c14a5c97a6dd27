package dev.querydriven.iotsensors;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.querydriven.testsupport.ServiceIntegrationTest;

import org.springframework.context.annotation.Import;

/**
 * The service on the real node, on a random port, with a {@code WebTestClient}, a
 * {@link org.threeten.extra.MutableClock} as its clock, the statement recorder and the
 * failure injection ({@link ServiceIntegrationTest}). Every integration test class uses
 * exactly this and nothing that changes the context, so they all share one application
 * context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ServiceIntegrationTest
@Import(IotSensorsQueryCatalog.class)
public @interface IotSensorsIntegrationTest {

}
