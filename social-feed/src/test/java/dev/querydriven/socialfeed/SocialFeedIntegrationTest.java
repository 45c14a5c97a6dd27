package dev.querydriven.socialfeed;

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
 * all share one application context. The test settings (a fan-out threshold of 3, a new
 * follower shard every 4 follows) are in {@code src/test/resources/application-test.yml},
 * the {@code test} profile that every test context turns on and the dev run does not.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ServiceIntegrationTest
@Import({ Fixtures.class, SocialFeedQueryCatalog.class })
public @interface SocialFeedIntegrationTest {

}
