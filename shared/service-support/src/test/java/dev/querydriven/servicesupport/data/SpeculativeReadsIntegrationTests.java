package dev.querydriven.servicesupport.data;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.specex.SpeculativeExecutionPolicy;
import dev.querydriven.embeddedcassandra.CassandraLogin;
import dev.querydriven.embeddedcassandra.EmbeddedCassandra;
import dev.querydriven.servicesupport.cassandra.TestNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraAutoConfiguration;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraReactiveAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;
import org.springframework.data.cassandra.core.query.Criteria;
import org.springframework.data.cassandra.core.query.Query;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auto-configured session on a real node: its default profile speculates plain reads
 * after the configured delay, and statements prepared by the node (what Spring Data runs)
 * are told apart by their text, so that a write, a lightweight transaction or a counter
 * update is never sent twice.
 */
class SpeculativeReadsIntegrationTests {

	private static final String KEYSPACE = "speculative_reads";

	private static final Duration DELAY = Duration.ofMillis(35);

	@TempDir
	static Path directory;

	private static EmbeddedCassandra node;

	@BeforeAll
	static void startNodeWithTables() {
		node = TestNodes.throwaway(directory.resolve("node")).build().start();
		try (CqlSession admin = CassandraLogin.open(List.of(node.contactPoint()), node.localDatacenter(),
				node.superuser(), Duration.ofSeconds(30))) {
			admin.execute("CREATE KEYSPACE " + KEYSPACE
					+ " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
			admin.execute("CREATE TABLE " + KEYSPACE + ".readings_by_id (id int PRIMARY KEY, value text, version int)"
					+ " WITH comment = 'Q1: a reading by id'");
			admin.execute("CREATE TABLE " + KEYSPACE + ".views_by_id (id int PRIMARY KEY, views counter)"
					+ " WITH comment = 'Q2: the views of a reading'");
		}
	}

	@AfterAll
	static void stopNode() {
		if (node != null) {
			node.close();
		}
	}

	/** The default profile's policy is this class, with the configured delay. */
	@Test
	void defaultProfileSpeculatesReadsAfterTheConfiguredDelay() {
		service().run((context) -> {
			CqlSession session = context.getBean(CqlSession.class);
			SpeculativeExecutionPolicy policy = session.getContext()
				.getSpeculativeExecutionPolicy(DriverExecutionProfile.DEFAULT_NAME);
			assertThat(policy).isInstanceOf(ReadsOnlySpeculativeExecutionPolicy.class);
			assertThat(firstCopyAfter(session, bound(session, "SELECT * FROM readings_by_id WHERE id = ?", 1)))
				.isEqualTo(DELAY.toMillis());
		});
	}

	/** Prepared by the node, a write, an LWT or a counter update is never speculated. */
	@Test
	void preparedWritesLwtsAndCountersAreNeverSpeculated() {
		service().run((context) -> {
			CqlSession session = context.getBean(CqlSession.class);
			List<BoundStatement> neverTwice = List.of(
					bound(session, "INSERT INTO readings_by_id (id, value, version) VALUES (?, ?, ?)", 1, "a", 1),
					bound(session, "UPDATE readings_by_id SET value = ? WHERE id = ?", "b", 1),
					bound(session, "DELETE FROM readings_by_id WHERE id = ?", 1),
					bound(session, "INSERT INTO readings_by_id (id, value, version) VALUES (?, ?, ?) IF NOT EXISTS", 1,
							"a", 1),
					bound(session, "UPDATE readings_by_id SET value = ?, version = ? WHERE id = ? IF version = ?", "b",
							2, 1, 1),
					bound(session, "UPDATE views_by_id SET views = views + 1 WHERE id = ?", 1),
					bound(session, "SELECT * FROM readings_by_id WHERE id = ?", 1)
						.setConsistencyLevel(ConsistencyLevel.SERIAL));
			for (BoundStatement statement : neverTwice) {
				assertThat(firstCopyAfter(session, statement)).as(statement.getPreparedStatement().getQuery())
					.isEqualTo(ReadsOnlySpeculativeExecutionPolicy.NO_SPECULATION);
			}
		});
	}

	/** Spring Data flags reads and plain writes idempotent; the policy spares writes. */
	@Test
	void springDataFlagsReadsAndPlainWritesIdempotent() {
		List<Statement<?>> sent = new CopyOnWriteArrayList<>();
		service().withBean(StatementInterceptor.class, () -> (statement, reactorContext, chain) -> {
			sent.add(statement);
			return chain.proceed(statement);
		}).run((context) -> {
			// Spring Data builds its statements with the driver's query builder, which
			// flags every SELECT idempotent, and every write that is not conditional, a
			// counter update or a list append.
			ReactiveCassandraOperations template = context.getBean(ReactiveCassandraOperations.class);
			template.insert(new ReadingsByIdRow(2, "a", 1)).block();
			template.select(Query.query(Criteria.where("id").is(2)), ReadingsByIdRow.class).collectList().block();
			assertThat(sent).hasSize(2).allSatisfy((statement) -> {
				assertThat(statement).isInstanceOf(BoundStatement.class);
				assertThat(statement.isIdempotent()).isTrue();
			});
			CqlSession session = context.getBean(CqlSession.class);
			assertThat(firstCopyAfter(session, sent.get(0)))
				.isEqualTo(ReadsOnlySpeculativeExecutionPolicy.NO_SPECULATION);
			assertThat(firstCopyAfter(session, sent.get(1))).isEqualTo(DELAY.toMillis());
		});
	}

	private static ApplicationContextRunner service() {
		// The node's superuser: roles are not what these tests are about.
		return new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(CassandraAutoConfiguration.class, SpringDataCassandraAutoConfiguration.class,
							DataCassandraAutoConfiguration.class, DataCassandraReactiveAutoConfiguration.class))
			.withPropertyValues("spring.cassandra.contact-points=" + TestNodes.contactPoint(node),
					"spring.cassandra.local-datacenter=" + node.localDatacenter(),
					"spring.cassandra.keyspace-name=" + KEYSPACE,
					"spring.cassandra.username=" + node.superuser().username(),
					"spring.cassandra.password=" + node.superuser().password(),
					"querydriven.cassandra.speculative-reads.delay=" + DELAY.toMillis() + "ms");
	}

	private static BoundStatement bound(CqlSession session, String cql, Object... values) {
		return session.prepare(cql).bind(values).setIdempotent(true);
	}

	private static long firstCopyAfter(CqlSession session, Statement<?> statement) {
		return session.getContext()
			.getSpeculativeExecutionPolicy(DriverExecutionProfile.DEFAULT_NAME)
			.nextExecution(null, session.getKeyspace().orElseThrow(), statement, 1);
	}

	@Table("readings_by_id")
	record ReadingsByIdRow(@PrimaryKey int id, String value, Integer version) {
	}

}
