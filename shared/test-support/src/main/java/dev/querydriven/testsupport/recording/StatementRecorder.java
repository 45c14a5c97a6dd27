package dev.querydriven.testsupport.recording;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import dev.querydriven.modelcheck.catalog.Consistency;
import dev.querydriven.servicesupport.data.StatementInterceptor;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * Records every statement the driver executes, with the HTTP request that caused it: its
 * route, the CQL, the table, the partitions it touched (from the partition-key values it
 * bound), its consistency level, and whether it was a lightweight transaction or a batch.
 * Tests use it to see what a request really did to the database: which statements ran
 * (and whether each is catalogued), how many partitions one request read, whether a
 * steady load prepares anything new.
 *
 * <h2>How a statement finds its request</h2> The driver reports each completed request to
 * a {@link RequestTracker} ({@link #tracker()}, registered on the session), on one of its
 * own I/O threads, which know nothing of HTTP. The request is known where the statement
 * is executed instead: {@link RecordingWebFilter} puts a {@link RequestScope} in the
 * Reactor context of each HTTP request, and the service's Spring Data session hands every
 * statement, with that context, to this recorder just before sending it
 * ({@link StatementInterceptor}), which tags the statement object with its scope. When
 * the driver reports the statement, the tag tells its request. Attribution is therefore
 * exact even with many requests in flight, for every statement executed through Spring
 * Data (templates, repositories, the CQL template, the dual writer). Statements executed
 * on the raw driver session (schema migrations, a test's own queries) are recorded with
 * {@code application = false}; work outside any request (a scheduled job) with no route;
 * the later pages of a multi-page read, which the driver fetches by itself, are recorded
 * without their request.
 *
 * <h2>API</h2>
 * <ul>
 * <li>{@link #record(Runnable)}: the statements completed while a block ran (e.g. one
 * {@code WebTestClient} exchange), grouped by request ({@link Recording#requests()}, each
 * with {@link RecordedRequest#partitionsRead()}); exact as long as nothing else runs at
 * the same time, which is how tests run here.</li>
 * <li>{@link #recordings()}: the most recent statements (up to the capacity).</li>
 * <li>{@link #applicationStatements()}: every distinct statement text the application
 * executed since start, for comparing with the query catalogue, and
 * {@link #applicationConsistencies()}: the levels each of them ran at.</li>
 * <li>{@link #preparedStatementsSeen()}: how many distinct prepared-statement objects the
 * application's statements were bound from: it stays flat under a steady load when each
 * text is prepared once.</li>
 * <li>{@link #onRecorded(Consumer)}: every statement as it is recorded (the query
 * inspector's feed).</li>
 * </ul>
 *
 * <h2>What a record holds beyond the statement</h2> The driver's tracker gives the
 * latency and the coordinator; the token and the replicas come from the driver's token
 * map, the way the driver itself routes the statement; the answer (warnings, trace id,
 * whether a lightweight transaction applied) and the rows its caller reads come from the
 * result set, which the recorder hands on wrapped in a counter and otherwise untouched.
 */
public final class StatementRecorder implements StatementInterceptor {

	/**
	 * A Reactor context key: a request whose context holds it has its statements traced
	 * (the query inspector's trace on demand). Tracing changes nothing the statement
	 * does; Cassandra records what each node did for it in {@code system_traces}.
	 */
	public static final String TRACE_CONTEXT_KEY = StatementRecorder.class.getName() + ".trace";

	private static final Pattern CONDITION = Pattern.compile("\\bIF\\b", Pattern.CASE_INSENSITIVE);

	private static final Pattern LITERALS = Pattern.compile("'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"");

	/**
	 * How long a tagged statement may go unreported before the recorder stops waiting for
	 * it: a statement the driver refused before sending it (a value it cannot encode) is
	 * never reported.
	 */
	private static final long STALE_NANOS = TimeUnit.SECONDS.toNanos(30);

	private static final Pattern TABLE = Pattern.compile("\\b(?:FROM|INTO|UPDATE)\\s+([\\w\"]+(?:\\.[\\w\"]+)?)",
			Pattern.CASE_INSENSITIVE);

	private final int capacity;

	private final AtomicLong sequence = new AtomicLong();

	private final Map<Object, Tag> tags = new ConcurrentHashMap<>();

	private final Deque<RecordedStatement> recent = new ArrayDeque<>();

	private final Map<String, Set<Consistency>> applicationLevels = new ConcurrentHashMap<>();

	private final Set<PreparedStatement> prepared = Collections.newSetFromMap(new IdentityHashMap<>());

	private final Object quiet = new Object();

	private final List<Consumer<RecordedStatement>> listeners = new CopyOnWriteArrayList<>();

	private volatile String sessionKeyspace;

	private volatile Session session;

	/**
	 * A recorder keeping the most recent statements.
	 * @param capacity how many recent statements to keep
	 */
	public StatementRecorder(int capacity) {
		this.capacity = capacity;
	}

	/**
	 * The driver's side: register it on the session
	 * ({@code CqlSessionBuilder.addRequestTracker}).
	 * @return the tracker
	 */
	public RequestTracker tracker() {
		return new Tracker();
	}

	/**
	 * Hands every statement to a listener as soon as it is recorded, on the driver's
	 * thread that reported it: the listener must be quick and must not block.
	 * @param listener the listener
	 */
	public void onRecorded(Consumer<RecordedStatement> listener) {
		this.listeners.add(listener);
	}

	@Override
	public Mono<ReactiveResultSet> intercept(Statement<?> original, ContextView context, Chain chain) {
		return Mono.defer(() -> {
			Statement<?> statement = context.hasKey(TRACE_CONTEXT_KEY) ? original.setTracing(true) : original;
			RequestScope scope = context.getOrDefault(RequestScope.CONTEXT_KEY, null);
			Identity key = new Identity(statement);
			StatementExecution execution = new StatementExecution();
			this.tags.merge(key, new Tag(scope, 1, 0, System.nanoTime(), execution),
					(existing, added) -> new Tag(existing.scope(), existing.executions() + 1, existing.cancelled(),
							added.since(), added.execution()));
			// A caller that gives up before the answer arrives (the other half of a zip
			// that failed) cancels the request: the driver may then never report it, so
			// nobody should wait for it. It stays tagged, to be attributed to its request
			// if it was sent and still completes. A cancel after the answer arrived (a
			// caller taking the first row) changes nothing: the driver reports that
			// statement just after handing over its answer.
			AtomicBoolean answered = new AtomicBoolean();
			return chain.proceed(statement).map((answer) -> {
				answered.set(true);
				execution.answered(answer);
				return (ReactiveResultSet) new CountingResultSet(answer, execution);
			}).doOnCancel(() -> {
				if (!answered.get()) {
					cancelled(key);
				}
			});
		});
	}

	private void cancelled(Identity key) {
		this.tags.computeIfPresent(key, (identity, tag) -> new Tag(tag.scope(), tag.executions(), tag.cancelled() + 1,
				tag.since(), tag.execution()));
		synchronized (this.quiet) {
			this.quiet.notifyAll();
		}
	}

	/**
	 * Runs a block and returns what the application and the driver executed while it ran,
	 * waiting for statements still being reported.
	 * @param block e.g. one HTTP exchange
	 * @return the statements completed meanwhile
	 */
	public Recording record(Runnable block) {
		long start = this.sequence.get();
		block.run();
		awaitQuiet(Duration.ofSeconds(10));
		List<RecordedStatement> statements;
		synchronized (this.recent) {
			statements = this.recent.stream().filter((statement) -> statement.sequence() > start).toList();
		}
		return new Recording(statements);
	}

	/**
	 * The most recent statements, oldest first.
	 * @return up to the capacity
	 */
	public List<RecordedStatement> recordings() {
		synchronized (this.recent) {
			return List.copyOf(this.recent);
		}
	}

	/**
	 * Every distinct statement text the application executed through its Spring Data
	 * session since start (a batch's statements one by one).
	 * @return the texts
	 */
	public Set<String> applicationStatements() {
		return Set.copyOf(this.applicationLevels.keySet());
	}

	/**
	 * The levels each statement the application executed through its Spring Data session
	 * ran at since start, as the driver ran it: the statement's own level, else its
	 * execution profile's ({@code basic.request.consistency}, which
	 * {@code spring.cassandra.request.consistency} sets), and for a lightweight
	 * transaction its serial level too; a batch's statements one by one, each at the
	 * batch's levels.
	 * @return every level seen, by statement text
	 */
	public Map<String, Set<Consistency>> applicationConsistencies() {
		Map<String, Set<Consistency>> levels = new TreeMap<>();
		this.applicationLevels.forEach((cql, seen) -> levels.put(cql, Set.copyOf(seen)));
		return Collections.unmodifiableMap(levels);
	}

	/**
	 * How many distinct prepared statements (objects) the application's bound statements
	 * came from since start. A text prepared once is one object for good; a text prepared
	 * again (after its prepared statement was forgotten) is a new one.
	 * @return the count
	 */
	public int preparedStatementsSeen() {
		synchronized (this.prepared) {
			return this.prepared.size();
		}
	}

	/**
	 * Waits until every statement the application started has been reported.
	 * @param timeout how long to wait at most
	 * @return whether it got quiet in time
	 */
	public boolean awaitQuiet(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.quiet) {
			while (inFlight()) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return false;
				}
				try {
					this.quiet.wait(Math.max(1, left / 1_000_000));
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * Whether a statement tagged recently is still unreported and still awaited by its
	 * caller (stale tags, of statements that were never sent, are dropped).
	 */
	private boolean inFlight() {
		long now = System.nanoTime();
		this.tags.values().removeIf((tag) -> now - tag.since() > STALE_NANOS);
		return this.tags.values().stream().anyMatch((tag) -> tag.executions() > tag.cancelled());
	}

	private void completed(Request request, DriverExecutionProfile profile, Throwable failure, long latencyNanos,
			Node coordinator) {
		if (!(request instanceof Statement<?> statement)) {
			return;
		}
		Identity key = new Identity(statement);
		Tag tag = this.tags.get(key);
		RequestScope scope = (tag != null) ? tag.scope() : null;
		Answer answer = new Answer(TimeUnit.NANOSECONDS.toMicros(latencyNanos), address(coordinator),
				(tag != null) ? tag.execution() : new StatementExecution());
		RecordedStatement recorded = describe(statement, this.sequence.incrementAndGet(), scope, tag != null,
				Levels.of(statement, profile),
				(failure != null) ? failure.getClass().getSimpleName() + ": " + failure.getMessage() : null, answer);
		if (recorded.application()) {
			for (RecordedStatement single : recorded.batch() ? recorded.statements() : List.of(recorded)) {
				this.applicationLevels.computeIfAbsent(single.cql(), (cql) -> ConcurrentHashMap.newKeySet())
					.add(consistency(single));
			}
			remember(statement);
		}
		synchronized (this.recent) {
			this.recent.addLast(recorded);
			while (this.recent.size() > this.capacity) {
				this.recent.removeFirst();
			}
		}
		this.listeners.forEach((listener) -> listener.accept(recorded));
		if (tag != null) {
			// Untagged only once recorded: whoever waits for quiet then finds the record.
			this.tags
				.computeIfPresent(key,
						(identity, current) -> (current.executions() > 1)
								? new Tag(current.scope(), current.executions() - 1,
										Math.max(0, current.cancelled() - 1), current.since(), current.execution())
								: null);
			synchronized (this.quiet) {
				this.quiet.notifyAll();
			}
		}
	}

	private void remember(Statement<?> statement) {
		synchronized (this.prepared) {
			if (statement instanceof BoundStatement bound) {
				this.prepared.add(bound.getPreparedStatement());
			}
			else if (statement instanceof BatchStatement batch) {
				for (BatchableStatement<?> child : batch) {
					if (child instanceof BoundStatement bound) {
						this.prepared.add(bound.getPreparedStatement());
					}
				}
			}
		}
	}

	private RecordedStatement describe(Statement<?> statement, long number, RequestScope scope, boolean application,
			Levels levels, String failure, Answer answer) {
		String requestId = (scope != null) ? scope.id() : null;
		String route = (scope != null) ? scope.route().get() : null;
		String consistency = levels.consistency();
		String serial = levels.serial();
		if (statement instanceof BatchStatement batch) {
			List<RecordedStatement> children = new ArrayList<>();
			// A batch's statements share its answer, time and coordinator: the record of
			// each child carries its own partition, token and replicas only. They run at
			// the batch's levels: the driver ignores a level set on a batch's statement.
			Answer shared = new Answer(0, answer.coordinator(), new StatementExecution());
			for (BatchableStatement<?> child : batch) {
				children.add(describe(child, number, scope, application, levels, failure, shared));
			}
			Set<RecordedStatement.Partition> partitions = new LinkedHashSet<>();
			children.forEach((child) -> partitions.addAll(child.partitions()));
			boolean known = children.stream().allMatch((child) -> !child.partitions().isEmpty());
			return new RecordedStatement(number, requestId, route, application, "BATCH",
					String.join("; ", children.stream().map(RecordedStatement::cql).toList()),
					children.isEmpty() ? null : children.get(0).table(), known ? List.copyOf(partitions) : List.of(),
					consistency, serial, children.stream().anyMatch(RecordedStatement::lightweightTransaction),
					children.stream().allMatch(RecordedStatement::prepared), children, failure, answer.latencyMicros(),
					answer.coordinator(), null, List.of(), answer.execution(), batch.getBatchType().toString());
		}
		String cql;
		String table;
		List<RecordedStatement.Partition> partitions = List.of();
		Placement placement = Placement.UNKNOWN;
		boolean bound = statement instanceof BoundStatement;
		if (statement instanceof BoundStatement boundStatement) {
			PreparedStatement preparedStatement = boundStatement.getPreparedStatement();
			cql = preparedStatement.getQuery();
			table = table(preparedStatement.getVariableDefinitions()).orElseGet(() -> table(cql, statement));
			partitions = partition(boundStatement, table);
			if (!partitions.isEmpty()) {
				placement = placement(boundStatement.getRoutingKey(), table);
			}
		}
		else if (statement instanceof SimpleStatement simple) {
			cql = simple.getQuery();
			table = table(cql, statement);
		}
		else {
			cql = statement.toString();
			table = null;
		}
		String withoutLiterals = LITERALS.matcher(cql).replaceAll("''");
		String kind = withoutLiterals.strip().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
		boolean conditional = CONDITION.matcher(withoutLiterals).find();
		return new RecordedStatement(number, requestId, route, application, kind, cql, table, partitions, consistency,
				conditional ? serial : null, conditional, bound, List.of(), failure, answer.latencyMicros(),
				answer.coordinator(), placement.token(), placement.replicas(), answer.execution(), null);
	}

	/**
	 * Where a partition lives: its token, and the replicas the driver's token map gives
	 * for it (the nodes the driver's token-aware routing picks from).
	 */
	private Placement placement(ByteBuffer routingKey, String table) {
		Session current = this.session;
		if (routingKey == null || current == null) {
			return Placement.UNKNOWN;
		}
		Optional<TokenMap> tokens = current.getMetadata().getTokenMap();
		if (tokens.isEmpty()) {
			return Placement.UNKNOWN;
		}
		Token token = tokens.get().newToken(routingKey);
		String keyspace = table.substring(0, Math.max(0, table.indexOf('.')));
		List<String> replicas = keyspace.isEmpty() ? List.of()
				: tokens.get()
					.getReplicas(CqlIdentifier.fromInternal(keyspace), token)
					.stream()
					.map(StatementRecorder::address)
					.sorted()
					.toList();
		return new Placement(tokens.get().format(token), replicas);
	}

	private static String address(Node node) {
		if (node == null) {
			return null;
		}
		if (node.getEndPoint().resolve() instanceof InetSocketAddress socket) {
			return socket.getHostString() + ":" + socket.getPort();
		}
		return node.getEndPoint().toString();
	}

	private static Optional<String> table(ColumnDefinitions variables) {
		if (variables.size() == 0) {
			return Optional.empty();
		}
		return Optional
			.of(variables.get(0).getKeyspace().asInternal() + "." + variables.get(0).getTable().asInternal());
	}

	private String table(String cql, Statement<?> statement) {
		var matcher = TABLE.matcher(cql);
		if (!matcher.find()) {
			return null;
		}
		String name = matcher.group(1).replace("\"", "");
		if (name.contains(".")) {
			return name.toLowerCase(Locale.ROOT);
		}
		String keyspace = (statement.getKeyspace() != null) ? statement.getKeyspace().asInternal()
				: this.sessionKeyspace;
		return ((keyspace != null) ? keyspace + "." : "") + name.toLowerCase(Locale.ROOT);
	}

	private static List<RecordedStatement.Partition> partition(BoundStatement statement, String table) {
		List<Integer> indices = statement.getPreparedStatement().getPartitionKeyIndices();
		if (indices.isEmpty() || table == null) {
			return List.of();
		}
		List<Object> key = new ArrayList<>(indices.size());
		for (int index : indices) {
			if (!statement.isSet(index)) {
				return List.of();
			}
			key.add(statement.getObject(index));
		}
		return List.of(new RecordedStatement.Partition(table, key));
	}

	/**
	 * What ran while a block ran.
	 *
	 * @param statements every statement completed meanwhile, in order
	 */
	public record Recording(List<RecordedStatement> statements) {

		public Recording {
			statements = List.copyOf(statements);
		}

		/**
		 * The statements the application ran, grouped by HTTP request.
		 * @return one entry per request, in order of each request's first statement
		 */
		public List<RecordedRequest> requests() {
			Map<String, List<RecordedStatement>> byRequest = new LinkedHashMap<>();
			Map<String, String> routes = new LinkedHashMap<>();
			for (RecordedStatement statement : this.statements) {
				if (statement.requestId() != null) {
					byRequest.computeIfAbsent(statement.requestId(), (id) -> new ArrayList<>()).add(statement);
					routes.putIfAbsent(statement.requestId(), statement.route());
				}
			}
			return byRequest.entrySet()
				.stream()
				.map((entry) -> new RecordedRequest(entry.getKey(), routes.get(entry.getKey()), entry.getValue()))
				.toList();
		}

		/**
		 * The statements of one route's requests.
		 * @param route e.g. {@code GET /orders/{orderId}}
		 * @return the requests of that route
		 */
		public List<RecordedRequest> requests(String route) {
			return requests().stream().filter((request) -> route.equals(request.route())).toList();
		}

		/**
		 * The statements the application ran (through its Spring Data session).
		 * @return the statements
		 */
		public List<RecordedStatement> application() {
			return this.statements.stream().filter(RecordedStatement::application).toList();
		}

	}

	private static Consistency consistency(RecordedStatement statement) {
		DefaultConsistencyLevel level = level(statement.consistency());
		return (statement.serialConsistency() != null) ? Consistency.lwt(level, level(statement.serialConsistency()))
				: Consistency.of(level);
	}

	private static DefaultConsistencyLevel level(String name) {
		return DefaultConsistencyLevel.valueOf(name.toUpperCase(Locale.ROOT));
	}

	/**
	 * The levels a statement runs at: its own, else its execution profile's.
	 *
	 * @param consistency the consistency level
	 * @param serial the serial level, which only a lightweight transaction uses
	 */
	private record Levels(String consistency, String serial) {

		static Levels of(Statement<?> statement, DriverExecutionProfile profile) {
			return new Levels(
					(statement.getConsistencyLevel() != null) ? statement.getConsistencyLevel().name()
							: profile.getString(DefaultDriverOption.REQUEST_CONSISTENCY),
					(statement.getSerialConsistencyLevel() != null) ? statement.getSerialConsistencyLevel().name()
							: profile.getString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY));
		}

	}

	/**
	 * What is known of a statement object handed to the driver.
	 *
	 * @param scope the request it belongs to, or {@code null}
	 * @param executions how many executions of it are unreported
	 * @param cancelled how many of those their caller cancelled
	 * @param since when it was last handed over
	 * @param execution what the caller of its latest execution saw
	 */
	private record Tag(RequestScope scope, int executions, int cancelled, long since, StatementExecution execution) {

	}

	/**
	 * What the driver reported of an execution.
	 *
	 * @param latencyMicros its latency
	 * @param coordinator its coordinator, or {@code null}
	 * @param execution what its caller saw
	 */
	private record Answer(long latencyMicros, String coordinator, StatementExecution execution) {

	}

	/**
	 * A partition's token and replicas.
	 *
	 * @param token the token, or {@code null} when unknown
	 * @param replicas its replicas
	 */
	private record Placement(String token, List<String> replicas) {

		static final Placement UNKNOWN = new Placement(null, List.of());

	}

	/** A key comparing statements by identity: a statement object is one execution. */
	private record Identity(Object statement) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Identity identity && identity.statement == this.statement;
		}

		@Override
		public int hashCode() {
			return System.identityHashCode(this.statement);
		}

	}

	private final class Tracker implements RequestTracker {

		@Override
		public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node,
				String requestLogPrefix) {
			completed(request, profile, null, latencyNanos, node);
		}

		@Override
		public void onError(Request request, Throwable error, long latencyNanos, DriverExecutionProfile profile,
				Node node, String requestLogPrefix) {
			completed(request, profile, error, latencyNanos, node);
		}

		@Override
		public void onSessionReady(Session session) {
			StatementRecorder.this.session = session;
			StatementRecorder.this.sessionKeyspace = session.getKeyspace().map(CqlIdentifier::asInternal).orElse(null);
		}

		@Override
		public void close() {
		}

	}

}
