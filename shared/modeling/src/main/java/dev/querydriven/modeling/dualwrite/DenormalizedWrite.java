package dev.querydriven.modeling.dualwrite;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.Statement;

/**
 * One logical write: the statements that put (or remove) every copy of one piece of data,
 * e.g. a post in {@code posts_by_id}, {@code posts_by_author} and
 * {@code posts_by_category} (the guide's Pattern 3: the same post, duplicated per query).
 *
 * <pre class="code">
 * DenormalizedWrite write = DenormalizedWrite.builder("publish post " + id)
 *     .put(insertById.bind(...))
 *     .put(insertByAuthor.bind(...))
 *     .put(insertByCategory.bind(...))
 *     .build();
 * dualWriter.execute(write);
 * </pre>
 *
 * <h2>Updating a duplicated field, moving a copy</h2> A change of a duplicated non-key
 * field (a post's title, a shipping address) is one {@code UPDATE} per copy. A change of
 * a column that is part of a copy's <em>key</em> (an order's status in
 * {@code orders_by_status}) cannot be an update: the copy moves, as a delete of the old
 * row plus an insert of the new one ({@link Builder#move}). Two rules follow from
 * Cassandra's last-write-wins reconciliation, where every copy carries the same
 * timestamp:
 * <ul>
 * <li><b>At equal timestamps a delete beats an insert.</b> "Moving" a row onto its own
 * key would delete it, so a move whose key did not change keeps only the insert.</li>
 * <li><b>Concurrent moves of one item must be serialised</b> before the copies are
 * written: two requests that both read status {@code NEW} and move it to {@code PAID} and
 * {@code CANCELLED} each delete {@code NEW} and insert their own target, leaving two
 * copies. Guard the change with a version check (a lightweight transaction on the source
 * of truth, {@code ... IF version = ?}) and write the copies only when it applied
 * ({@link DualWriter#executeIfApplied}), with a timestamp that grows with the version
 * ({@link dev.querydriven.modeling.time.TimeSource#nextTimestamp}).</li>
 * </ul>
 *
 * @see DualWriter
 * @see WriteRules
 */
public final class DenormalizedWrite {

	private final String description;

	private final List<Statement<?>> statements;

	private final WriteStrategy strategy;

	private final OptionalLong timestamp;

	private DenormalizedWrite(String description, List<Statement<?>> statements, WriteStrategy strategy,
			OptionalLong timestamp) {
		this.description = description;
		this.statements = List.copyOf(statements);
		this.strategy = strategy;
		this.timestamp = timestamp;
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
	 * use the client clock when the write is executed.
	 * @return the timestamp in microseconds since the epoch
	 */
	public OptionalLong timestamp() {
		return this.timestamp;
	}

	/**
	 * The same write with a fixed timestamp: retrying a failed write with the timestamp
	 * it first had ({@link DualWriteException#timestamp()}) writes exactly the cells it
	 * meant to, and still loses to any later write that happened in between.
	 * @param micros microseconds since the epoch
	 * @return a copy of this write
	 */
	public DenormalizedWrite withTimestamp(long micros) {
		return new DenormalizedWrite(this.description, this.statements, this.strategy,
				OptionalLong.of(Builder.checkTimestamp(micros)));
	}

	@Override
	public String toString() {
		return "DenormalizedWrite[" + this.description + ", " + this.statements.size() + " statements, " + this.strategy
				+ "]";
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
		 * @throws IllegalArgumentException for a lightweight transaction, a counter
		 * update, a list append or a statement with its own {@code USING TIMESTAMP} (see
		 * {@link WriteRules}): none can share one client timestamp with the other copies
		 * and be replayed safely
		 */
		public Builder put(Statement<?> statement) {
			WriteRules.check(Objects.requireNonNull(statement, "statement"));
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
		 *
		 * <p>
		 * When both statements are bound and the delete's bound key values can be
		 * compared with the insert's (same table, same column names), the flag is
		 * checked: a move claimed onto a new key that is in fact the same key (which
		 * would delete the row), or a key claimed unchanged that changed (which would
		 * leave the old copy behind), is refused.
		 * @param deleteOld the delete of the row under its old key
		 * @param insertNew the insert of the row under its new key
		 * @param keyChanged whether the old and new keys differ
		 * @return this builder
		 * @throws IllegalArgumentException when the flag contradicts the bound keys
		 */
		public Builder move(Statement<?> deleteOld, Statement<?> insertNew, boolean keyChanged) {
			KeyComparison comparison = compareKeys(deleteOld, insertNew);
			if (keyChanged && comparison == KeyComparison.SAME) {
				throw new IllegalArgumentException("A move of '" + this.description + "' deletes and inserts the same "
						+ "key: at equal timestamps the delete wins, so the row would disappear. Pass keyChanged = "
						+ "false (only the insert is written).");
			}
			if (!keyChanged && comparison == KeyComparison.DIFFERENT) {
				throw new IllegalArgumentException("A move of '" + this.description + "' says the key did not change, "
						+ "but the delete and the insert bind different keys: skipping the delete would leave the "
						+ "old copy behind. Pass keyChanged = true.");
			}
			if (keyChanged) {
				put(deleteOld);
			}
			return put(insertNew);
		}

		/**
		 * Moves a copy from the old key value to the new one (see
		 * {@link #move(Statement, Statement, boolean)}), deciding from the values
		 * themselves whether the key changed, so that a move onto the same key (which
		 * would delete the row) cannot happen by mistake.
		 * @param deleteOld the delete of the row under its old key
		 * @param insertNew the insert of the row under its new key
		 * @param oldKey the old value of the key column(s) that may change (e.g. the old
		 * status)
		 * @param newKey the new value
		 * @return this builder
		 */
		public Builder move(Statement<?> deleteOld, Statement<?> insertNew, Object oldKey, Object newKey) {
			return move(deleteOld, insertNew, !Objects.equals(oldKey, newKey));
		}

		public Builder strategy(WriteStrategy strategy) {
			this.strategy = Objects.requireNonNull(strategy);
			return this;
		}

		/**
		 * Uses a timestamp chosen by the caller instead of the clock: e.g. one kept in
		 * the source of truth and advanced with every change
		 * ({@link dev.querydriven.modeling.time.TimeSource#nextTimestamp}), so that a
		 * later version's copies always win and a retry writes exactly the same cells.
		 * Keep it near the clock (never a bare version number): copies written elsewhere
		 * with the clock would otherwise always win, and Cassandra warns about timestamps
		 * far in the future.
		 * @param micros microseconds since the epoch
		 * @return this builder
		 */
		public Builder timestamp(long micros) {
			this.timestamp = OptionalLong.of(checkTimestamp(micros));
			return this;
		}

		/**
		 * Whether a statement was added yet: a change whose copies all write on their own
		 * (each with a timestamp of its own) leaves its one write empty.
		 * @return {@code true} when the write holds at least one statement
		 */
		public boolean hasStatements() {
			return !this.statements.isEmpty();
		}

		/**
		 * What is written, for logs and errors.
		 * @return the description
		 */
		public String description() {
			return this.description;
		}

		/**
		 * The timestamp chosen so far.
		 * @return the timestamp in microseconds, or empty for the clock's
		 */
		public OptionalLong timestamp() {
			return this.timestamp;
		}

		public DenormalizedWrite build() {
			if (this.statements.isEmpty()) {
				throw new IllegalStateException("A denormalized write needs at least one statement");
			}
			return new DenormalizedWrite(this.description, this.statements, this.strategy, this.timestamp);
		}

		private static long checkTimestamp(long micros) {
			if (micros == Statement.NO_DEFAULT_TIMESTAMP) {
				throw new IllegalArgumentException("Long.MIN_VALUE means 'no timestamp' to the driver");
			}
			return micros;
		}

		/**
		 * Compares the key a delete removes with the key an insert writes, when both are
		 * bound statements on the same table: every variable of the delete (its
		 * {@code WHERE} clause) must have a same-named variable in the insert.
		 */
		private static KeyComparison compareKeys(Statement<?> deleteOld, Statement<?> insertNew) {
			if (!(deleteOld instanceof BoundStatement delete) || !(insertNew instanceof BoundStatement insert)) {
				return KeyComparison.UNKNOWN;
			}
			ColumnDefinitions deleteVariables = delete.getPreparedStatement().getVariableDefinitions();
			ColumnDefinitions insertVariables = insert.getPreparedStatement().getVariableDefinitions();
			if (deleteVariables.size() == 0 || insertVariables.size() == 0
					|| !deleteVariables.get(0).getTable().equals(insertVariables.get(0).getTable())
					|| !deleteVariables.get(0).getKeyspace().equals(insertVariables.get(0).getKeyspace())) {
				return KeyComparison.UNKNOWN;
			}
			for (int index = 0; index < deleteVariables.size(); index++) {
				ColumnDefinition variable = deleteVariables.get(index);
				int other = insertVariables.firstIndexOf(variable.getName());
				if (other < 0 || !delete.isSet(index) || !insert.isSet(other)) {
					return KeyComparison.UNKNOWN;
				}
				ByteBuffer deleted = delete.getBytesUnsafe(index);
				ByteBuffer inserted = insert.getBytesUnsafe(other);
				if (!Objects.equals(deleted, inserted)) {
					return KeyComparison.DIFFERENT;
				}
			}
			return KeyComparison.SAME;
		}

		private enum KeyComparison {

			SAME, DIFFERENT, UNKNOWN

		}

	}

}
