package dev.querydriven.servicesupport.data;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfig;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.specex.SpeculativeExecutionPolicy;

/**
 * Speculative executions for plain reads only: when a {@code SELECT} has had no answer
 * after a constant delay, the driver sends a copy of it to the next node of the query
 * plan and takes whichever answer comes first. Every other statement gets none.
 *
 * <p>
 * <b>What it helps with.</b> With three replicas, a node that is slow but not down (a
 * long garbage collection pause, a saturated disk, compaction) still accepts requests.
 * The driver sends a read to a replica of its partition when it knows the partition key
 * (a bound statement), that replica coordinates it, and when it stalls the read waits for
 * the whole request timeout (2 seconds) before failing. A copy sent to another replica
 * answers in the time of a healthy read. A slow replica behind a healthy coordinator is
 * Cassandra's own business: the table option {@code speculative_retry} (99th percentile
 * by default) makes the coordinator ask another replica itself. On one node there is no
 * next node: when the delay has passed the query plan is empty, and the read waits for
 * its only node as it would without speculation (the dev run and the tests).
 *
 * <p>
 * <b>Why reads only.</b> The driver speculates only statements flagged idempotent, and
 * writes are flagged too, so that a timed-out write is retried: the driver's query
 * builder, under every Spring Data template, flags every {@code SELECT} and every plain
 * {@code INSERT}, {@code UPDATE} and {@code DELETE}, and the services flag the
 * timestamped copies they write in CQL. Retrying after a timeout is one thing; racing two
 * copies on purpose is another:
 * <ul>
 * <li>a speculative write doubles the write load exactly when a node is already slow, and
 * every replica still applies both copies;</li>
 * <li>a lightweight transaction ({@code IF}, and a read at {@code SERIAL} or
 * {@code LOCAL_SERIAL}, which runs Paxos too) would compete with itself: two coordinators
 * propose ballots for the same partition and make each other start over, and the copy
 * that answers first may report "not applied" because the other copy applied it. The
 * query builder never flags a conditional write idempotent, but it flags every
 * {@code SELECT}, serial ones included, and so do the services' linearizable reads;</li>
 * <li>a counter increment is not idempotent: a second copy may count twice (neither the
 * query builder nor the services flag one idempotent, so this refusal is a second line of
 * defence);</li>
 * <li>a batch is written, never read.</li>
 * </ul>
 * So the kind of statement is decided from its CQL text: speculation for a {@code SELECT}
 * whose consistency is not serial, none for anything else, including a request this class
 * does not recognise (a statement starting with a comment, say): leaving a read without a
 * second copy costs latency, sending a second copy of a write costs correctness.
 *
 * <p>
 * <b>Why a constant delay.</b> It is what the driver itself offers, and its cost is easy
 * to state: only a read still unanswered after the delay is sent again, at most
 * {@code max-executions} copies in all. Set near the 99th percentile of a read's latency,
 * about one read in a hundred gets a second copy. Its weakness is an overloaded cluster:
 * when every node is slow, many reads pass the delay and their copies add load where
 * there is none to spare, which is why the default allows one copy and no more. The delay
 * is a measurement, and must be measured again when the hardware or the load changes.
 *
 * <p>
 * Configured as the driver's {@code advanced.speculative-execution-policy.class}, with
 * the driver's own {@code max-executions} and {@code delay} options, which
 * {@link SpringDataCassandraAutoConfiguration} sets from
 * {@link SpeculativeReadsProperties}. The driver builds it by reflection, through the
 * public constructor.
 */
public final class ReadsOnlySpeculativeExecutionPolicy implements SpeculativeExecutionPolicy {

	/** What the driver reads as "no further execution". */
	static final long NO_SPECULATION = -1;

	private final DriverConfig config;

	private final int maxExecutions;

	private final long delayMillis;

	/**
	 * The constructor the driver calls for a policy named in its configuration.
	 * @param context the driver's context
	 * @param profileName the execution profile this policy serves
	 */
	public ReadsOnlySpeculativeExecutionPolicy(DriverContext context, String profileName) {
		this(context.getConfig(), profileName);
	}

	ReadsOnlySpeculativeExecutionPolicy(DriverConfig config, String profileName) {
		DriverExecutionProfile profile = config.getProfile(profileName);
		this.config = config;
		this.maxExecutions = profile.getInt(DefaultDriverOption.SPECULATIVE_EXECUTION_MAX);
		this.delayMillis = profile.getDuration(DefaultDriverOption.SPECULATIVE_EXECUTION_DELAY).toMillis();
		if (this.maxExecutions < 1) {
			throw new IllegalArgumentException(
					DefaultDriverOption.SPECULATIVE_EXECUTION_MAX.getPath() + " must be at least 1");
		}
		if (this.delayMillis < 0) {
			throw new IllegalArgumentException(
					DefaultDriverOption.SPECULATIVE_EXECUTION_DELAY.getPath() + " must not be negative");
		}
	}

	/**
	 * When to send the next copy of a request: after the delay for a plain read that has
	 * not reached its maximum number of executions, never for anything else.
	 * @param node the node the previous execution went to
	 * @param keyspace the request's keyspace, if known
	 * @param request the request
	 * @param runningExecutions how many executions have been sent so far (at least 1)
	 * @return the delay in milliseconds, or a negative value for no further execution
	 */
	@Override
	public long nextExecution(Node node, CqlIdentifier keyspace, Request request, int runningExecutions) {
		if (runningExecutions >= this.maxExecutions || !isPlainRead(request)) {
			return NO_SPECULATION;
		}
		return this.delayMillis;
	}

	private boolean isPlainRead(Request request) {
		if (request instanceof SimpleStatement simple) {
			return isPlainRead(simple.getQuery(), simple);
		}
		if (request instanceof BoundStatement bound) {
			return isPlainRead(bound.getPreparedStatement().getQuery(), bound);
		}
		// A batch (it only writes), and any request of another kind.
		return false;
	}

	private boolean isPlainRead(String query, Statement<?> statement) {
		return isSelect(query) && !consistency(statement).isSerial();
	}

	/** Whether the first word of the CQL text is {@code SELECT}, in any case. */
	private static boolean isSelect(String query) {
		String text = query.stripLeading();
		int end = "SELECT".length();
		return text.regionMatches(true, 0, "SELECT", 0, end)
				&& (text.length() == end || !Character.isLetterOrDigit(text.charAt(end)));
	}

	/**
	 * The consistency the statement will run at: its own, or else that of the execution
	 * profile it runs with.
	 */
	private ConsistencyLevel consistency(Statement<?> statement) {
		if (statement.getConsistencyLevel() != null) {
			return statement.getConsistencyLevel();
		}
		DriverExecutionProfile profile = statement.getExecutionProfile();
		if (profile == null) {
			String name = statement.getExecutionProfileName();
			profile = (name != null) ? this.config.getProfile(name) : this.config.getDefaultProfile();
		}
		return DefaultConsistencyLevel.valueOf(profile.getString(DefaultDriverOption.REQUEST_CONSISTENCY));
	}

	@Override
	public void close() {
	}

}
