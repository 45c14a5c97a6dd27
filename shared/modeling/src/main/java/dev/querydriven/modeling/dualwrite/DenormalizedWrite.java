package dev.querydriven.modeling.dualwrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;

/**
 * One logical write: the statements that put (or remove) every copy of one piece of data,
 * e.g. a post in {@code posts_by_id}, {@code posts_by_author} and
 * {@code posts_by_category}.
 *
 * <pre class="code">
 * DenormalizedWrite write = DenormalizedWrite.builder("publish post " + id)
 *     .put(insertById.bind(...))
 *     .put(insertByAuthor.bind(...))
 *     .put(insertByCategory.bind(...))
 *     .build();
 * dualWriter.execute(write);
 * </pre>
 */
public final class DenormalizedWrite {

	private final String description;

	private final List<Statement<?>> statements;

	private final WriteStrategy strategy;

	private final OptionalLong timestamp;

	private DenormalizedWrite(Builder builder) {
		this.description = builder.description;
		this.statements = List.copyOf(builder.statements);
		this.strategy = builder.strategy;
		this.timestamp = builder.timestamp;
	}

	/**
	 * Starts a logical write.
	 * @param description what is written, for logs and errors
	 * @return a builder
	 */
	public static Builder builder(String description) {
		return new Builder(description);
	}

	public String description() {
		return this.description;
	}

	public List<Statement<?>> statements() {
		return this.statements;
	}

	public WriteStrategy strategy() {
		return this.strategy;
	}

	/**
	 * The write timestamp chosen by the caller (e.g. derived from a version), or empty to
	 * use the client clock when the write executes.
	 * @return the timestamp in microseconds since the epoch
	 */
	public OptionalLong timestamp() {
		return this.timestamp;
	}

	/**
	 * Builds a {@link DenormalizedWrite}.
	 */
	public static final class Builder {

		private final String description;

		private final List<Statement<?>> statements = new ArrayList<>();

		private WriteStrategy strategy = WriteStrategy.PARALLEL;

		private OptionalLong timestamp = OptionalLong.empty();

		private Builder(String description) {
			this.description = Objects.requireNonNull(description, "description");
		}

		/**
		 * Adds the statement that writes (or deletes) one copy.
		 * @param statement a plain, idempotent {@code INSERT}, {@code UPDATE} or
		 * {@code DELETE}
		 * @return this builder
		 * @throws IllegalArgumentException for a lightweight transaction or a counter
		 * update, which cannot share one client timestamp with plain writes
		 */
		public Builder put(Statement<?> statement) {
			String cql = cql(statement).toUpperCase(Locale.ROOT);
			if (cql.matches("(?s).*\\bIF\\s+(NOT\\s+EXISTS|EXISTS|[A-Z_\"]+\\s*(=|!=|<|>|IN\\b)).*")) {
				throw new IllegalArgumentException("A lightweight transaction cannot be part of a denormalized write: "
						+ "Paxos assigns its timestamp, and mixing it with plain writes on the same cells breaks "
						+ "linearizability. Run it first, then write the copies. (" + cql(statement) + ")");
			}
			if (cql.matches("(?s).*\\bSET\\b.*\\b(\\w+)\\s*=\\s*\\1\\s*[+-].*")) {
				throw new IllegalArgumentException("A counter update cannot be part of a denormalized write: counters "
						+ "take no client timestamp, cannot share a batch with other writes and are not idempotent. "
						+ "Update it on its own. (" + cql(statement) + ")");
			}
			this.statements.add(statement);
			return this;
		}

		/**
		 * Adds every statement of a list.
		 * @param statements the statements
		 * @return this builder
		 */
		public Builder putAll(List<? extends Statement<?>> statements) {
			statements.forEach(this::put);
			return this;
		}

		/**
		 * Moves a copy whose key changed (e.g. an order's status, part of
		 * {@code orders_by_status}'s key): deletes the old row and inserts the new one.
		 * When the key did not change, only the insert is kept: at equal timestamps a
		 * delete beats an insert, so "moving" a row onto itself would delete it.
		 * @param deleteOld the delete of the row under its old key
		 * @param insertNew the insert of the row under its new key
		 * @param keyChanged whether the old and new keys differ
		 * @return this builder
		 */
		public Builder move(Statement<?> deleteOld, Statement<?> insertNew, boolean keyChanged) {
			if (keyChanged) {
				put(deleteOld);
			}
			return put(insertNew);
		}

		public Builder strategy(WriteStrategy strategy) {
			this.strategy = Objects.requireNonNull(strategy);
			return this;
		}

		/**
		 * Uses a timestamp chosen by the caller instead of the clock: e.g. one derived
		 * from a version kept in the source of truth, so that a later version's copies
		 * always win and a retry writes exactly the same cells.
		 * @param micros microseconds since the epoch
		 * @return this builder
		 */
		public Builder timestamp(long micros) {
			this.timestamp = OptionalLong.of(micros);
			return this;
		}

		public DenormalizedWrite build() {
			if (this.statements.isEmpty()) {
				throw new IllegalStateException("A denormalized write needs at least one statement");
			}
			return new DenormalizedWrite(this);
		}

		private static String cql(Statement<?> statement) {
			if (statement instanceof BoundStatement bound) {
				return bound.getPreparedStatement().getQuery();
			}
			if (statement instanceof SimpleStatement simple) {
				return simple.getQuery();
			}
			throw new IllegalArgumentException(
					"Only simple and bound statements are supported, not " + statement.getClass().getSimpleName());
		}

	}

}
