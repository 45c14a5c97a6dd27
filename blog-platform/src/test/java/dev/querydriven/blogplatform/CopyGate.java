package dev.querydriven.blogplatform;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.servicesupport.data.StatementInterceptor;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.context.ContextView;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * Holds the next write of one table at a gate until the test opens it: the moment between
 * a change's source write and its copies, made to last as long as a test needs to cancel
 * the request or to close the service under it. One write, once armed; every other
 * statement passes. Part of every integration test's context (it is idle until armed), so
 * that they all still share one.
 */
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public final class CopyGate implements StatementInterceptor {

	private final AtomicReference<Gate> armed = new AtomicReference<>();

	/**
	 * Arms the gate for the next write (alone or in a batch) of a table.
	 * @param table the table, unqualified
	 * @return the gate: await {@link Gate#reached()}, then {@link Gate#open()}
	 */
	public Gate hold(String table) {
		Gate gate = new Gate(
				Pattern.compile("\\b(?:INTO|UPDATE|FROM)\\s+(?:\\w+\\.)?" + table + "\\b", Pattern.CASE_INSENSITIVE));
		this.armed.set(gate);
		return gate;
	}

	/** Disarms the gate, opening one that holds a write. */
	public void reset() {
		Gate gate = this.armed.getAndSet(null);
		if (gate != null) {
			gate.open();
		}
	}

	@Override
	public Mono<ReactiveResultSet> intercept(Statement<?> statement, ContextView context, Chain chain) {
		return Mono.defer(() -> {
			Gate gate = this.armed.get();
			if (gate != null && gate.matches(statement) && this.armed.compareAndSet(gate, null)) {
				gate.held = true;
				return gate.open.asMono().then(Mono.defer(() -> chain.proceed(statement)));
			}
			return chain.proceed(statement);
		});
	}

	/**
	 * A gate armed for one table's next write.
	 */
	public static final class Gate {

		private final Pattern table;

		private final Sinks.Empty<Void> open = Sinks.empty();

		private volatile boolean held;

		Gate(Pattern table) {
			this.table = table;
		}

		/**
		 * Whether a write reached the gate and waits there.
		 * @return {@code true} once one is held
		 */
		public boolean reached() {
			return this.held;
		}

		/** Lets the held write through. */
		public void open() {
			this.open.tryEmitEmpty();
		}

		boolean matches(Statement<?> statement) {
			if (statement instanceof BatchStatement batch) {
				for (BatchableStatement<?> child : batch) {
					if (matches(child)) {
						return true;
					}
				}
				return false;
			}
			String cql;
			if (statement instanceof BoundStatement bound) {
				cql = bound.getPreparedStatement().getQuery();
			}
			else if (statement instanceof SimpleStatement simple) {
				cql = simple.getQuery();
			}
			else {
				return false;
			}
			String text = cql.strip().toUpperCase(Locale.ROOT);
			boolean write = text.startsWith("INSERT") || text.startsWith("UPDATE") || text.startsWith("DELETE");
			return write && this.table.matcher(cql).find();
		}

	}

}
