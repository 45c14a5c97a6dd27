package ${package};

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.querydriven.testsupport.ServiceIntegrationTest;

import org.springframework.context.annotation.Import;

/**
 * The one annotation of this service's integration tests: the whole application on a
 * random port against the real Cassandra node of this JVM, with a mutable clock, the
 * statement recorder and failure injection ({@link ServiceIntegrationTest}). Every
 * integration test class carries it and nothing else that changes the context, so they
 * all share one application context. The query catalogue is a bean, for the query
 * inspector.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ServiceIntegrationTest
@Import(${serviceName}QueryCatalog.class)
public @interface ${serviceName}IntegrationTest {

}
