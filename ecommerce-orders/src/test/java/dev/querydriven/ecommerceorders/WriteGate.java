package dev.querydriven.ecommerceorders;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.servicesupport.data.StatementInterceptor;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.context.ContextView;

import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * Holds the running service's writes of one table until a test lets them through: the
 * moment between a change's source write and its copies, made as long as a test needs (to
 * cancel the request, or to shut down, while the copies wait), without sleeping. Imported
 * by {@link EcommerceOrdersIntegrationTest}, so every integration test shares one
 * context; closed unless a test holds a table.
 */
public final class WriteGate implements StatementInterceptor {

	private static final Pattern TABLE = Pattern.compile(
			"^\\s*(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+" + "(?:[\\w\"]+\\.)?([\\w\"]+)",
			Pattern.CASE_INSENSITIVE);

	private volatile Held held;

	/**
	 * Holds the next writes of a table until {@link Held#open()}.
	 * @param table the table, unqualified
	 * @return the gate: tells when a write arrived, and lets them through
	 */
	public Held hold(String table) {
		Held gate = new Held(table, Sinks.empty(), Sinks.empty());
		this.held = gate;
		return gate;
	}

	@Override
	public Mono<ReactiveResultSet> intercept(Statement<?> statement, ContextView context, Chain chain) {
		Held gate = this.held;
		if (gate == null || !gate.table().equals(table(statement))) {
			return chain.proceed(statement);
		}
		gate.arrived().tryEmitEmpty();
		return gate.opened().asMono().then(Mono.defer(() -> chain.proceed(statement)));
	}

	private static String table(Statement<?> statement) {
		String cql = (statement instanceof BoundStatement bound) ? bound.getPreparedStatement().getQuery()
				: (statement instanceof SimpleStatement simple) ? simple.getQuery() : "";
		Matcher matcher = TABLE.matcher(cql);
		return matcher.find() ? matcher.group(1).replace("\"", "").toLowerCase(Locale.ROOT) : null;
	}

	/**
	 * A table's writes held.
	 *
	 * @param table the table
	 * @param arrived completes when the first write reached the gate
	 * @param opened completes when the writes may go on
	 */
	public record Held(String table, Sinks.Empty<Void> arrived, Sinks.Empty<Void> opened) {

		/**
		 * Waits for the first write to reach the gate.
		 * @return completes when it did
		 */
		public Mono<Void> reached() {
			return this.arrived.asMono();
		}

		/**
		 * Lets every held write, and every later one, through.
		 */
		public void open() {
			this.opened.tryEmitEmpty();
		}

	}

	/**
	 * Closes nothing any more: writes go straight through (call when a test ends).
	 */
	public void reset() {
		Held gate = this.held;
		this.held = null;
		if (gate != null) {
			gate.open();
		}
	}

}
