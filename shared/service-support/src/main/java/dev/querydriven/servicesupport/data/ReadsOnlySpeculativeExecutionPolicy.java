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
 * Speculative executions for plain reads only: a {@code SELECT} unanswered after a
 * constant delay is sent to the next node of its query plan, and the first answer wins. A
 * node that is slow but not down then costs a read the delay instead of the whole request
 * timeout. Every other statement gets no copy, idempotent or not: a second copy of a
 * write doubles the load on a slow cluster, two copies of a lightweight transaction or of
 * a serial read compete for the same Paxos ballot (and one may report "not applied"
 * because the other applied it), a counter may count twice, and a batch only writes. The
 * driver speculates every statement flagged idempotent, and the query builder flags plain
 * writes too, so the kind is decided from the CQL text; a request not recognised (a
 * batch, a statement starting with a comment) gets no copy: a read without one costs
 * latency, a write sent twice costs correctness. The module's README says more.
 *
 * <p>
 * The driver builds it by reflection from {@code advanced.speculative-execution-policy},
 * with the {@code max-executions} and {@code delay} that
 * {@link SpringDataCassandraAutoConfiguration} sets from
 * {@link SpeculativeReadsProperties}, which validates them.
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
	}

	/** The delay for a plain read below its maximum of executions, else none. */
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
