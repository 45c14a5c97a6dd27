package dev.querydriven.modeling.spring;

import java.time.Clock;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriteException;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.retry.Retry;

import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciler's health: UP with its backlog while there is room, DOWN once the backlog
 * is full and new failures are dropped.
 */
@CassandraTest
class ReconcilerHealthIndicatorIntegrationTests {

	private static CqlSession session;

	private static PreparedStatement insert;

	@BeforeAll
	static void createTable() {
		// The table is created as a service's migrations create it, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession("modeling_spring");
		migrator.execute("CREATE TABLE IF NOT EXISTS health_copies (id uuid PRIMARY KEY, title text) "
				+ "WITH comment = 'Q1: a copy the health test fails to write'");
		migrator.close();
		session = SharedCassandra.serviceSession("modeling_spring");
		insert = session.prepare("INSERT INTO health_copies (id, title) VALUES (?, ?)");
	}

	@AfterAll
	static void closeSession() {
		session.close();
	}

	/**
	 * A failed copy leaves the health UP with its backlog; once the backlog is full the
	 * health is DOWN, and a further failure is dropped.
	 */
	@Test
	void downOnlyWhenTheBacklogIsFull() {
		TimeSource time = new TimeSource(Clock.systemUTC());
		StatementExecutor failing = (statement) -> Mono.error(new DriverTimeoutException("injected"));
		Reconciler reconciler = new Reconciler(failing, time, 2);
		DualWriter writer = new DualWriter(session, time).withExecutor(failing)
			.withRetry(Retry.max(0))
			.withReconciler(reconciler);
		ReconcilerHealthIndicator health = new ReconcilerHealthIndicator(reconciler);
		assertThat(health.health().getStatus()).isEqualTo(Status.UP);

		writer.execute(write()).as(StepVerifier::create).verifyError(DualWriteException.class);
		assertThat(health.health().getStatus()).isEqualTo(Status.UP);
		assertThat(health.health().getDetails()).containsEntry("backlog", 1).containsKey("oldestFailure");

		writer.execute(write()).as(StepVerifier::create).verifyError(DualWriteException.class);
		assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.health().getDetails()).containsEntry("backlog", 2).containsEntry("dropped", 0L);

		writer.execute(write()).as(StepVerifier::create).verifyError(DualWriteException.class);
		assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.health().getDetails()).containsEntry("backlog", 2).containsEntry("dropped", 1L);
	}

	private static DenormalizedWrite write() {
		return DenormalizedWrite.builder("copy").put(insert.bind(UUID.randomUUID(), "title")).build();
	}

}
