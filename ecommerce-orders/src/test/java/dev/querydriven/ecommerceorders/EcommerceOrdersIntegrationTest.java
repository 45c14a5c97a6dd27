package dev.querydriven.ecommerceorders;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.querydriven.testsupport.CassandraTest;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;

/**
 * The whole service on a random port, against the real Cassandra of the test JVM. Every
 * integration test class uses exactly this configuration, so they all share one
 * application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// 30 s, not 5: a 2-core CI runner in the middle of a full build can be slow; a stuck
// request still fails.
@AutoConfigureWebTestClient(timeout = "30s")
@CassandraTest
public @interface EcommerceOrdersIntegrationTest {

}
