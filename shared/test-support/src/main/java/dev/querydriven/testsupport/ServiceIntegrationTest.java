package dev.querydriven.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.querydriven.testcassandra.CassandraTest;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * The building block of every service's one integration-test annotation (e.g.
 * {@code @EcommerceOrdersIntegrationTest}): the whole application on a random port
 * against the real Cassandra of this JVM ({@link CassandraTest}), with
 * <ul>
 * <li>a {@code WebTestClient} whose requests may take 30 s (a 2-core CI runner in the
 * middle of a full build can be slow; a stuck request still fails);</li>
 * <li>a {@link org.threeten.extra.MutableClock} as the application's clock, set to the
 * moment the context started: tests move time forward with it instead of sleeping (never
 * back: the context, and so the clock, is shared by every test class);</li>
 * <li>the statement recorder on
 * ({@link dev.querydriven.testsupport.recording.StatementRecorder});</li>
 * <li>{@link StatementFailures}, to make one table's statements fail;</li>
 * <li>the dual writer's reconciler passing every 200 ms, so a test sees a failed copy
 * repaired in well under a second;</li>
 * <li>the {@code test} profile, so that the service's test settings
 * ({@code src/test/resources/application-test.yml}) apply to its tests and never to its
 * dev run;</li>
 * <li>a thread dump in the log when a request gets no answer in time
 * ({@link StuckRequestDiagnostics}).</li>
 * </ul>
 * Every integration test class of a service carries the service's one annotation and
 * nothing that changes the context, so they all share one application context (and its
 * startup cost).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "querydriven.statement-recorder.enabled=true",
				"querydriven.dual-write.reconcile-interval=200ms" })
@AutoConfigureWebTestClient(timeout = "30s")
@ActiveProfiles("test")
@CassandraTest
@Import(ServiceTestConfiguration.class)
@ExtendWith(StuckRequestDiagnostics.class)
public @interface ServiceIntegrationTest {

}
