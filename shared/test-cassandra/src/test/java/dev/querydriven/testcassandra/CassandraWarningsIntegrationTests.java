package dev.querydriven.testcassandra;

import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cassandra's warnings reach the tests, which fail on them.
 */
@CassandraTest
class CassandraWarningsIntegrationTests {

	/**
	 * A logged batch of two rows over batch_size_warn_threshold (5 KiB) is a warning that
	 * the tests capture.
	 */
	@Test
	void oversizedBatchWarningIsCaptured() {
		try (CqlSession migrator = SharedCassandra.migratorSession("test_cassandra")) {
			migrator.execute("CREATE TABLE IF NOT EXISTS notes (id uuid PRIMARY KEY, body text) "
					+ "WITH comment = 'Q2: a note by id'");
		}
		try (CqlSession session = SharedCassandra.serviceSession("test_cassandra")) {
			PreparedStatement insert = session.prepare("INSERT INTO notes (id, body) VALUES (?, ?)");
			BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.LOGGED,
					insert.bind(UUID.randomUUID(), "x".repeat(4 * 1024)),
					insert.bind(UUID.randomUUID(), "y".repeat(4 * 1024)));
			session.execute(batch);
		}
		List<String> warnings = CassandraWarnings.drain();
		assertThat(warnings).singleElement().asString().contains("exceeding specified threshold");
	}

	/**
	 * The extension turns a captured warning into a failed test with the warning's text.
	 */
	@Test
	void extensionFailsTestsThatCausedWarnings() {
		CassandraWarningsExtension extension = new CassandraWarningsExtension();
		extension.beforeEach(null);
		org.slf4j.LoggerFactory.getLogger("com.datastax.oss.driver.internal.core.cql.CqlRequestHandler")
			.warn("Query '{}' generated server side warning(s): {}", "SELECT 1", "a warning");
		org.assertj.core.api.Assertions.assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> extension.afterEach(null))
			.withMessageContaining("warnings are defects")
			.withMessageContaining("a warning");
	}

}
