package dev.querydriven.iotsensors;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.querydriven.testsupport.CassandraTest;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;

/**
 * The service on the real node, with a {@code WebTestClient} bound to it and a settable
 * {@link TestClock}. Every integration test class uses exactly this, so they share one
 * application context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest
@CassandraTest
// 30 s, not 5: a 2-core CI runner in the middle of a full build can be slow; a stuck
// request still fails.
@AutoConfigureWebTestClient(timeout = "30s")
@Import(TestClockConfiguration.class)
public @interface IotSensorsIntegrationTest {

}
