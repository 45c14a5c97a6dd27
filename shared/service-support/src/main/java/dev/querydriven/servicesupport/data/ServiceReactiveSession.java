package dev.querydriven.servicesupport.data;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

import org.springframework.data.cassandra.ReactiveResultSet;
import org.springframework.data.cassandra.ReactiveSession;

/**
 * The reactive session every Spring Data component of a service runs on (templates,
 * repositories, the CQL template): Spring Data's own bridge to the driver, with two
 * additions.
 *
 * <p>
 * <b>Each statement text is prepared once, and stays prepared.</b> Spring Data's
 * templates prepare every statement they run ({@code usePreparedStatements}, the default)
 * by asking the session, and the driver's own cache of prepared statements holds them
 * only weakly: once no code keeps a reference (and a template keeps none), a garbage
 * collection forgets them and the next execution costs a {@code PREPARE} round trip
 * again. This session keeps every prepared statement by its text. The set of texts is
 * finite, because CQL is never built from values: values are bound, and Spring Data binds
 * even {@code LIMIT}, {@code TTL} and {@code TIMESTAMP}.
 *
 * <p>
 * <b>Interceptors see every statement</b> as it is sent, with the Reactor context of its
 * caller ({@link StatementInterceptor}), in order.
 */
public final class ServiceReactiveSession implements ReactiveSession {

	private final ReactiveSession delegate;

	private final List<StatementInterceptor> interceptors;

	private final ConcurrentMap<String, Mono<PreparedStatement>> prepared = new ConcurrentHashMap<>();

	private final AtomicLong prepares = new AtomicLong();

	/**
	 * A session over Spring Data's bridge to the driver.
	 * @param delegate the bridge (e.g. {@code DefaultBridgedReactiveSession})
	 * @param interceptors called, in order, before each statement is sent
	 */
	public ServiceReactiveSession(ReactiveSession delegate, List<StatementInterceptor> interceptors) {
		this.delegate = delegate;
		this.interceptors = List.copyOf(interceptors);
	}

	@Override
	public Mono<ReactiveResultSet> execute(Statement<?> statement) {
		return Mono.deferContextual((context) -> proceed(statement, context, 0));
	}

	private Mono<ReactiveResultSet> proceed(Statement<?> statement, ContextView context, int index) {
		if (index == this.interceptors.size()) {
			return this.delegate.execute(statement);
		}
		return this.interceptors.get(index).intercept(statement, context, (next) -> proceed(next, context, index + 1));
	}

	@Override
	public Mono<ReactiveResultSet> execute(String query) {
		return execute(SimpleStatement.newInstance(query));
	}

	@Override
	public Mono<ReactiveResultSet> execute(String query, Object... values) {
		return execute(SimpleStatement.newInstance(query, values));
	}

	@Override
	public Mono<ReactiveResultSet> execute(String query, Map<String, Object> values) {
		return execute(SimpleStatement.newInstance(query, values));
	}

	@Override
	public Mono<PreparedStatement> prepare(String query) {
		return this.prepared.computeIfAbsent(query,
				(text) -> this.delegate.prepare(text)
					.doOnSubscribe((subscription) -> this.prepares.incrementAndGet())
					// A failed prepare is not kept: the next execution tries again.
					.doOnError((failure) -> this.prepared.remove(text))
					.cache());
	}

	@Override
	public Mono<PreparedStatement> prepare(SimpleStatement statement) {
		if (statement.getKeyspace() != null || statement.getRoutingKeyspace() != null) {
			// Prepared in another keyspace than the session's: not one of this service's
			// statement texts, so not kept.
			this.prepares.incrementAndGet();
			return this.delegate.prepare(statement);
		}
		return prepare(statement.getQuery());
	}

	/**
	 * How many {@code PREPARE} requests this session sent: once per statement text (and
	 * again only after a failed prepare). A steady load must not raise it.
	 * @return the count since start
	 */
	public long preparesSent() {
		return this.prepares.get();
	}

	/**
	 * How many statement texts are prepared and kept.
	 * @return the count
	 */
	public int preparedTexts() {
		return this.prepared.size();
	}

	@Override
	public Metadata getMetadata() {
		return this.delegate.getMetadata();
	}

	@Override
	public Optional<CqlIdentifier> getKeyspace() {
		return this.delegate.getKeyspace();
	}

	@Override
	public boolean isClosed() {
		return this.delegate.isClosed();
	}

	@Override
	public DriverContext getContext() {
		return this.delegate.getContext();
	}

	@Override
	public void close() {
		this.delegate.close();
	}

}
