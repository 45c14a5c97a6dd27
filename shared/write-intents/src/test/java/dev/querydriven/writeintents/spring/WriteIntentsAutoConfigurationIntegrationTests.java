package dev.querydriven.writeintents.spring;

import java.util.Set;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.spring.ModelingAutoConfiguration;
import dev.querydriven.servicesupport.cassandra.SchemaMigrationSet;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.ReactiveCassandraTemplate;
import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;
import org.springframework.data.cassandra.core.cql.ReactiveCqlTemplate;
import org.springframework.data.cassandra.core.cql.session.DefaultBridgedReactiveSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The write intents are opt-in by declaration: a service that declares how to replay a
 * kind of change gets the intents, their sweeper and their tables; a service that
 * declares none gets nothing, not even the tables.
 */
@CassandraTest
class WriteIntentsAutoConfigurationIntegrationTests {

	private static CqlSession session;

	@BeforeAll
	static void session() {
		session = SharedCassandra.serviceSession("intents_wiring");
	}

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ModelingAutoConfiguration.class, WriteIntentsAutoConfiguration.class))
		// The test's session outlives each context: no destroy method.
		.withBean(CqlSession.class, () -> session, (definition) -> definition.setDestroyMethodName(""))
		.withBean(ReactiveSession.class, () -> new DefaultBridgedReactiveSession(session))
		.withBean(ReactiveCqlOperations.class,
				() -> new ReactiveCqlTemplate(new DefaultBridgedReactiveSession(session)))
		.withBean(ReactiveCassandraOperations.class,
				() -> new ReactiveCassandraTemplate(new DefaultBridgedReactiveSession(session),
						new MappingCassandraConverter()));

	/** Without a replayer, no intents, no sweeper and no schema of theirs. */
	@Test
	void aServiceWithoutReplayersGetsNoIntents() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(WriteIntents.class);
			assertThat(context).doesNotHaveBean(IntentSweeper.class);
			assertThat(context).doesNotHaveBean(SchemaMigrationSet.class);
		});
	}

	/** With a replayer, the intents, their sweeper and their tables' schema. */
	@Test
	void aServiceWithAReplayerGetsIntentsTheSweeperAndTheirTables() {
		this.runner.withBean(IntentReplayer.class, NoteReplayer::new).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).hasSingleBean(WriteIntents.class);
			assertThat(context).hasSingleBean(IntentSweeper.class);
			assertThat(context).hasSingleBean(WriteIntentsLifecycle.class);
			assertThat(context.getBean(SchemaMigrationSet.class).location()).isEqualTo("querydriven/write-intents");
		});
	}

	/** Replays nothing: the wiring, not the replay, is under test. */
	static final class NoteReplayer implements IntentReplayer {

		@Override
		public Set<String> kinds() {
			return Set.of("note-written");
		}

		@Override
		public Mono<Void> replay(WriteIntent intent) {
			return Mono.empty();
		}

	}

}
