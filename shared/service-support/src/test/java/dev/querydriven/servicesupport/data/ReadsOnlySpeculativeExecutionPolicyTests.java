package dev.querydriven.servicesupport.data;

import java.time.Duration;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.session.Request;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The speculative execution policy on the driver's own statement objects, configured as
 * the auto-configuration configures the driver: a plain read gets a second copy after the
 * delay, and nothing else ever does, however it is flagged.
 */
class ReadsOnlySpeculativeExecutionPolicyTests {

	private static final Duration DELAY = Duration.ofMillis(20);

	private static final String READ = "SELECT * FROM orders_by_user WHERE user_id = ?";

	private static final String SERIAL_READS_PROFILE = "serial-reads";

	private static DriverConfigLoader loader;

	private static ReadsOnlySpeculativeExecutionPolicy policy;

	@BeforeAll
	static void configureTheDriverAsAServiceDoes() {
		ProgrammaticDriverConfigLoaderBuilder builder = DriverConfigLoader.programmaticBuilder();
		new SpringDataCassandraAutoConfiguration().speculativeReads(new SpeculativeReadsProperties(DELAY, 2))
			.customize(builder);
		builder.startProfile(SERIAL_READS_PROFILE)
			.withString(DefaultDriverOption.REQUEST_CONSISTENCY, ConsistencyLevel.LOCAL_SERIAL.name())
			.endProfile();
		loader = builder.build();
		policy = new ReadsOnlySpeculativeExecutionPolicy(loader.getInitialConfig(),
				DriverExecutionProfile.DEFAULT_NAME);
	}

	@AfterAll
	static void closeLoader() {
		loader.close();
	}

	/** A plain read still unanswered after the delay is sent to the next node. */
	@Test
	void plainReadIsSentAgainAfterTheDelay() {
		assertThat(firstCopyAfter(idempotent(READ))).isEqualTo(DELAY.toMillis());
	}

	/** With two executions at most, a read gets one copy, never a third execution. */
	@Test
	void readIsSentAgainOnlyOnce() {
		assertThat(policy.nextExecution(null, null, idempotent(READ), 2))
			.isEqualTo(ReadsOnlySpeculativeExecutionPolicy.NO_SPECULATION);
	}

	/** The kind is the first keyword, in any case, after any leading space. */
	@Test
	void keywordIsReadWhateverItsCaseAndLeadingSpaces() {
		assertThat(firstCopyAfter(idempotent("\n  select count(*) from post_likers where post_id = ?")))
			.isEqualTo(DELAY.toMillis());
	}

	/** The speculative policy never applies to a write, an LWT or a counter. */
	@ParameterizedTest(name = "{0}")
	@MethodSource("neverSentTwice")
	void neverAppliesToAWriteAnLwtOrACounter(String kind, Request request) {
		assertThat(firstCopyAfter(request)).isEqualTo(ReadsOnlySpeculativeExecutionPolicy.NO_SPECULATION);
	}

	static Stream<Arguments> neverSentTwice() {
		// Idempotent and timestamped, as the services' copies are.
		SimpleStatement insert = idempotent("INSERT INTO posts_by_user (user_id, post_id, content) VALUES (?, ?, ?)")
			.setQueryTimestamp(1_700_000_000_000_000L);
		return Stream.of(Arguments.of("a timestamped insert", insert),
				Arguments.of("an update", idempotent("UPDATE users_by_id SET email = ? WHERE user_id = ?")),
				Arguments.of("a delete", idempotent("DELETE FROM timeline_hidden_authors WHERE user_id = ?")),
				Arguments.of("INSERT ... IF NOT EXISTS",
						idempotent("INSERT INTO users_by_username (username, user_id) VALUES (?, ?) IF NOT EXISTS")),
				Arguments.of("UPDATE ... IF",
						idempotent("UPDATE posts_by_id SET content = ?, version = ? WHERE post_id = ? IF version = ?")),
				Arguments.of("a read at SERIAL",
						idempotent("SELECT * FROM users_by_id WHERE user_id = ?")
							.setConsistencyLevel(ConsistencyLevel.SERIAL)),
				Arguments.of("a read at LOCAL_SERIAL",
						idempotent("SELECT * FROM users_by_id WHERE user_id = ?")
							.setConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)),
				Arguments.of("a counter update",
						idempotent("UPDATE post_views SET views = views + 1 WHERE post_id = ?")),
				Arguments.of("a batch",
						BatchStatement.newInstance(DefaultBatchType.UNLOGGED, insert, insert).setIdempotent(true)));
	}

	/** A read without a consistency of its own is serial when its profile's is. */
	@Test
	void readAtItsProfilesSerialConsistencyIsNotSpeculated() {
		SimpleStatement select = SimpleStatement.newInstance("SELECT * FROM users_by_id WHERE user_id = ?")
			.setIdempotent(true);
		assertThat(firstCopyAfter(select.setExecutionProfileName(SERIAL_READS_PROFILE)))
			.isEqualTo(ReadsOnlySpeculativeExecutionPolicy.NO_SPECULATION);
		assertThat(firstCopyAfter(select)).isEqualTo(DELAY.toMillis());
	}

	/** A negative delay, or fewer than one execution, is refused. */
	@Test
	void impossibleSettingsAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new SpeculativeReadsProperties(Duration.ofMillis(-1), 2))
			.withMessageContaining("speculative-reads.delay");
		assertThatIllegalArgumentException().isThrownBy(() -> new SpeculativeReadsProperties(DELAY, 0))
			.withMessageContaining("speculative-reads.max-executions");
	}

	private static long firstCopyAfter(Request request) {
		return policy.nextExecution(null, null, request, 1);
	}

	/**
	 * A statement flagged idempotent, as the services flag their reads and their copies:
	 * the driver asks the policy only about such statements.
	 */
	private static SimpleStatement idempotent(String cql) {
		return SimpleStatement.newInstance(cql).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true);
	}

}
