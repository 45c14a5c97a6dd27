package dev.querydriven.testsupport;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import dev.querydriven.servicesupport.data.StatementInterceptor;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.context.ContextView;

import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * Failure injection into the running service, without a mock of Cassandra: the chosen
 * statements fail as the database would make them fail (the driver's own exceptions,
 * which Spring Data then translates like any other), every other statement reaches the
 * real node. Armed per table and kind of statement, for a number of attempts:
 *
 * <pre class="code">
 * failures.failWrites("orders_by_user", 4, Failure.WRITE_TIMEOUT); // the copy write and its 3 retries
 * failures.loseAnswers("orders_by_id", 1);  // the transaction applies, its answer times out
 * failures.failReads("orders_by_id", 1, Failure.CLIENT_TIMEOUT);
 * ...
 * failures.reset();
 * </pre>
 *
 * The application context is shared by every integration test of a service: reset the
 * failures when the test ends.
 */
public final class StatementFailures implements StatementInterceptor {

	private static final Pattern TABLE = Pattern.compile("\\b(?:FROM|INTO|UPDATE)\\s+(?:[\\w\"]+\\.)?([\\w\"]+)",
			Pattern.CASE_INSENSITIVE);

	private final List<Rule> rules = new CopyOnWriteArrayList<>();

	private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();

	private final List<Hold> holds = new CopyOnWriteArrayList<>();

	/**
	 * Makes the next writes ({@code INSERT}, {@code UPDATE}, {@code DELETE}, or a batch
	 * holding one) of a table fail before they reach the node.
	 * @param table the table, unqualified
	 * @param times how many attempts fail (a dual writer's copy is attempted once and
	 * retried three times)
	 * @param failure how they fail
	 */
	public void failWrites(String table, int times, Failure failure) {
		this.rules.add(new Rule(table, true, false, new AtomicInteger(times), failure));
	}

	/**
	 * Makes the next reads ({@code SELECT}) of a table fail before they reach the node.
	 * @param table the table, unqualified
	 * @param times how many attempts fail
	 * @param failure how they fail
	 */
	public void failReads(String table, int times, Failure failure) {
		this.rules.add(new Rule(table, false, false, new AtomicInteger(times), failure));
	}

	/**
	 * Lets the next writes of a table apply on the node, then fails them with a write
	 * timeout (of type {@code CAS} for a lightweight transaction): the unknown outcome a
	 * client sees when the coordinator gives up waiting while the write still lands.
	 * @param table the table, unqualified
	 * @param times how many answers are lost
	 */
	public void loseAnswers(String table, int times) {
		this.rules.add(new Rule(table, true, true, new AtomicInteger(times), Failure.WRITE_TIMEOUT));
	}

	/**
	 * Holds the next write of a table until the test releases it: a replica set slow to
	 * answer, so that a test can act while a change is half-way (cancel its request, stop
	 * the service).
	 * @param table the table, unqualified
	 * @return the hold, to wait for the write to reach it and to release it
	 */
	public Hold holdWrite(String table) {
		Hold hold = new Hold(table);
		this.holds.add(hold);
		return hold;
	}

	/**
	 * How many statements on a table the application attempted since the last reset
	 * (failed ones included).
	 * @param table the table, unqualified
	 * @return the count
	 */
	public int attempts(String table) {
		AtomicInteger count = this.attempts.get(table);
		return (count != null) ? count.get() : 0;
	}

	/**
	 * Disarms every failure and forgets the counts.
	 */
	public void reset() {
		this.holds.forEach(Hold::release);
		this.holds.clear();
		this.rules.clear();
		this.attempts.clear();
	}

	@Override
	public Mono<ReactiveResultSet> intercept(Statement<?> statement, ContextView context, Chain chain) {
		return Mono.defer(() -> {
			List<Target> targets = targets(statement);
			targets.forEach((target) -> this.attempts.computeIfAbsent(target.table(), (table) -> new AtomicInteger())
				.incrementAndGet());
			for (Hold hold : this.holds) {
				for (Target target : targets) {
					if (target.write() && target.table().equals(hold.table) && hold.take()) {
						return hold.released.asMono().then(chain.proceed(statement));
					}
				}
			}
			for (Rule rule : this.rules) {
				for (Target target : targets) {
					if (rule.matches(target) && rule.remaining().getAndDecrement() > 0) {
						RuntimeException failure = rule.failure().create(target.conditional());
						return rule.afterExecution() ? chain.proceed(statement).then(Mono.error(failure))
								: Mono.error(failure);
					}
				}
			}
			return chain.proceed(statement);
		});
	}

	private static List<Target> targets(Statement<?> statement) {
		if (statement instanceof BatchStatement batch) {
			List<Target> targets = new java.util.ArrayList<>();
			for (BatchableStatement<?> child : batch) {
				targets.addAll(targets(child));
			}
			return targets;
		}
		String cql;
		String table = null;
		if (statement instanceof BoundStatement bound) {
			cql = bound.getPreparedStatement().getQuery();
			if (bound.getPreparedStatement().getVariableDefinitions().size() > 0) {
				table = bound.getPreparedStatement().getVariableDefinitions().get(0).getTable().asInternal();
			}
		}
		else if (statement instanceof SimpleStatement simple) {
			cql = simple.getQuery();
		}
		else {
			return List.of();
		}
		if (table == null) {
			Matcher matcher = TABLE.matcher(cql);
			if (!matcher.find()) {
				return List.of();
			}
			table = matcher.group(1).replace("\"", "").toLowerCase(Locale.ROOT);
		}
		String text = cql.strip().toUpperCase(Locale.ROOT);
		boolean write = text.startsWith("INSERT") || text.startsWith("UPDATE") || text.startsWith("DELETE");
		boolean conditional = text.matches("(?s).*\\bIF\\b.*");
		return List.of(new Target(table, write, conditional));
	}

	/**
	 * How an injected failure fails.
	 */
	public enum Failure {

		/** The replicas did not acknowledge in time ({@code CAS} for a transaction). */
		WRITE_TIMEOUT,

		/** The replicas did not answer a read in time. */
		READ_TIMEOUT,

		/** The driver gave up waiting ({@code basic.request.timeout}). */
		CLIENT_TIMEOUT,

		/** Too few replicas alive for the consistency level. */
		UNAVAILABLE,

		/** A statement the node refuses: never worth retrying. */
		INVALID_QUERY;

		RuntimeException create(boolean conditional) {
			return switch (this) {
				case WRITE_TIMEOUT -> new WriteTimeoutException(null, ConsistencyLevel.LOCAL_QUORUM, 0, 1,
						conditional ? WriteType.CAS : WriteType.SIMPLE);
				case READ_TIMEOUT -> new ReadTimeoutException(null, ConsistencyLevel.LOCAL_QUORUM, 0, 1, false);
				case CLIENT_TIMEOUT -> new DriverTimeoutException("Query timed out (injected by a test)");
				case UNAVAILABLE -> new UnavailableException(null, ConsistencyLevel.LOCAL_QUORUM, 1, 0);
				case INVALID_QUERY -> new InvalidQueryException(null, "Refused (injected by a test)");
			};
		}

	}

	/**
	 * A write held back until released.
	 */
	public static final class Hold {

		private final String table;

		private final AtomicBoolean taken = new AtomicBoolean();

		private final Sinks.Empty<Void> reached = Sinks.empty();

		private final Sinks.Empty<Void> released = Sinks.empty();

		private Hold(String table) {
			this.table = table;
		}

		private boolean take() {
			if (this.taken.compareAndSet(false, true)) {
				this.reached.tryEmitEmpty();
				return true;
			}
			return false;
		}

		/**
		 * Completes once the held write was sent by the application.
		 * @return the signal
		 */
		public Mono<Void> reached() {
			return this.reached.asMono();
		}

		/**
		 * Lets the held write (and any later one) reach the node.
		 */
		public void release() {
			this.released.tryEmitEmpty();
		}

	}

	private record Target(String table, boolean write, boolean conditional) {

	}

	private record Rule(String table, boolean writes, boolean afterExecution, AtomicInteger remaining,
			Failure failure) {

		boolean matches(Target target) {
			return target.table().equals(this.table) && target.write() == this.writes;
		}

	}

}
