package dev.querydriven.blogplatform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.querydriven.testsupport.ServiceIntegrationTest;

import org.springframework.context.annotation.Import;

/**
 * The whole service on a random port, against the real Cassandra of the test JVM, with
 * the shared test kit ({@link ServiceIntegrationTest}: a mutable clock, the statement
 * recorder, failure injection, a fast reconciler) and the migration engine's
 * {@link AgingPhaseTicker ticker}, which ages its phases out on command. Every
 * integration test class carries exactly this annotation and nothing that changes the
 * context, so they all share one application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ServiceIntegrationTest
@Import({ AgingPhaseTicker.class, BlogPlatformQueryCatalog.class })
public @interface BlogPlatformIntegrationTest {

}
