package dev.querydriven.testcassandra;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.test.context.ContextCustomizerFactories;

/**
 * Marks a test that runs against the real Cassandra of this JVM
 * ({@link SharedCassandra}). Cassandra warnings fail the test. In a Spring Boot test, the
 * application connects as its own role to its own keyspace
 * ({@code spring.cassandra.keyspace-name}) on that node, provisioned by the same admin
 * step as in production.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(CassandraWarningsExtension.class)
@ContextCustomizerFactories(CassandraTestContextCustomizerFactory.class)
public @interface CassandraTest {

}
