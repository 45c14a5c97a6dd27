package dev.querydriven.modeling.dualwrite;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;

/**
 * The rules a statement must follow to be one copy of a denormalized write (or one
 * fan-out delivery): a plain {@code INSERT}, {@code UPDATE} or {@code DELETE} that can
 * take the one client-side timestamp shared by every copy and be retried or replayed
 * without changing the result.
 *
 * <p>
 * That excludes, with a message that explains why:
 * <ul>
 * <li><b>lightweight transactions</b> ({@code IF NOT EXISTS}, {@code IF EXISTS},
 * {@code IF col = ?}): Paxos assigns their timestamp (a client timestamp is ignored), and
 * plain writes to the same cells would bypass the Paxos ordering. Run the LWT on the
 * source of truth first and write the copies when it applied
 * ({@link DualWriter#executeIfApplied});</li>
 * <li><b>counter updates</b>: a counter takes no client timestamp and no TTL, cannot
 * share a batch with other writes, and an increment is not idempotent (a retry after a
 * timeout may count twice), so counts are approximate and updated on their own;</li>
 * <li><b>list appends and prepends</b> ({@code l = l + ?}): not idempotent either, a
 * replay appends twice (set and map unions are idempotent and allowed);</li>
 * <li>a timestamp of the statement's own, in its text ({@code USING TIMESTAMP}, which is
 * also how Spring Data renders {@code WriteOptions.timestamp}) or already set on it
 * ({@code setQueryTimestamp}): the writer owns the timestamp and sets the one shared
 * value on every statement at the protocol level, so that one prepared statement serves
 * every timestamp;</li>
 * <li>a primary-key value that is unset, null or (for a partition key) empty: bad input
 * is refused before the first statement runs, so it writes nothing.</li>
 * </ul>
 *
 * <p>
 * Where the driver's metadata is conclusive it decides: a bind variable typed
 * {@code counter} (from the prepared statement), a table with counter columns or a list
 * column (from the schema metadata the session keeps), the primary-key columns of a bound
 * statement, an {@code [applied]} result column. The statement text, read by a tokenizer
 * that skips literals, quoted names and comments, decides the rest: Cassandra 5.0
 * prepares an LWT with empty result metadata ({@code [applied]} only appears in the
 * response), so its {@code IF} clause is the only sign before it runs.
 */
public final class WriteRules {

	private WriteRules() {
	}

	/**
	 * Checks what the statement itself proves, without the schema: the statement kind, an
	 * {@code IF} clause, {@code USING TIMESTAMP}, counter-typed or list-typed
	 * self-referencing bind variables.
	 * @param statement the statement
	 * @throws IllegalArgumentException when the statement cannot be a copy
	 */
	public static void check(Statement<?> statement) {
		shape(statement);
	}

	/**
	 * Checks the statement against the rules and against the schema metadata of the
	 * session: counter tables, list appends, unset or null primary-key values.
	 * @param statement the statement
	 * @param session the session whose metadata describes the tables
	 * @throws IllegalArgumentException when the statement cannot be a copy
	 */
	public static void check(Statement<?> statement, Session session) {
		CqlWriteShape shape = shape(statement);
		Optional<TableMetadata> table = table(statement, shape, session);
		if (table.isEmpty()) {
			if (!shape.selfReferences().isEmpty()) {
				throw new IllegalArgumentException("Cannot tell whether " + shape.selfReferences()
						+ " is a counter, a list or a set: the session has no schema metadata for the table of '"
						+ shape.cql() + "'. Counter increments and list appends are not idempotent and cannot "
						+ "share a timestamp with other copies, so the statement is refused rather than guessed.");
			}
			return;
		}
		TableMetadata metadata = table.get();
		boolean counterTable = metadata.getColumns()
			.values()
			.stream()
			.anyMatch((column) -> column.getType().equals(DataTypes.COUNTER));
		if (counterTable) {
			throw counter(shape.cql());
		}
		for (String name : shape.selfReferences()) {
			Optional<ColumnMetadata> column = metadata.getColumn(CqlIdentifier.fromInternal(name));
			if (column.isPresent() && column.get().getType() instanceof ListType) {
				throw listAppend(name, shape.cql());
			}
		}
		if (statement instanceof BoundStatement bound) {
			checkPrimaryKeyValues(bound, metadata);
		}
	}

	static CqlWriteShape shape(Statement<?> statement) {
		CqlWriteShape shape = CqlWriteShape.of(cql(statement));
		switch (shape.kind()) {
			case INSERT, UPDATE, DELETE -> {
			}
			case BATCH -> throw new IllegalArgumentException("Give the statements of a denormalized write one by one, "
					+ "not as a BATCH: the writer builds a logged batch itself when you choose "
					+ "WriteStrategy.LOGGED_BATCH. (" + shape.cql() + ")");
			default -> throw new IllegalArgumentException(
					"Only INSERT, UPDATE and DELETE statements write copies. (" + shape.cql() + ")");
		}
		if (shape.conditional() || hasAppliedColumn(statement)) {
			throw new IllegalArgumentException("A lightweight transaction cannot be one copy of a denormalized write: "
					+ "Paxos assigns its write timestamp (the client timestamp shared by the copies is ignored), "
					+ "and plain writes to the same cells would bypass the Paxos ordering. Run the LWT on the source "
					+ "of truth first (DualWriter.executeIfApplied(lwt, copies)) and write the copies only when it "
					+ "applied. (" + shape.cql() + ")");
		}
		if (shape.usingTimestamp()) {
			throw new IllegalArgumentException("The statement sets its own write timestamp (USING TIMESTAMP, which is "
					+ "also how Spring Data renders WriteOptions.timestamp), which would override the one timestamp "
					+ "every copy shares. The writer owns the timestamp: remove it and choose the timestamp with "
					+ "DenormalizedWrite.Builder.timestamp(micros) instead. (" + shape.cql() + ")");
		}
		if (statement.getQueryTimestamp() != Statement.NO_DEFAULT_TIMESTAMP) {
			throw new IllegalArgumentException("The statement already carries a write timestamp ("
					+ statement.getQueryTimestamp() + "). The writer owns the timestamp and sets the one value every "
					+ "copy shares: choose it with DenormalizedWrite.Builder.timestamp(micros) instead. (" + shape.cql()
					+ ")");
		}
		if (statement instanceof BoundStatement bound) {
			ColumnDefinitions variables = bound.getPreparedStatement().getVariableDefinitions();
			for (ColumnDefinition variable : variables) {
				if (variable.getType().equals(DataTypes.COUNTER)) {
					throw counter(shape.cql());
				}
				String name = variable.getName().asInternal();
				if (variable.getType() instanceof ListType && shape.selfReferences().contains(name)) {
					throw listAppend(name, shape.cql());
				}
			}
		}
		return shape;
	}

	/**
	 * Whether a prepared statement announces an {@code [applied]} column: conclusive for
	 * a lightweight transaction where the server describes one (Cassandra 5.0 does not at
	 * prepare time, hence the parsing fallback).
	 */
	private static boolean hasAppliedColumn(Statement<?> statement) {
		return statement instanceof BoundStatement bound
				&& bound.getPreparedStatement().getResultSetDefinitions().contains("[applied]");
	}

	static String cql(Statement<?> statement) {
		if (statement instanceof BoundStatement bound) {
			return bound.getPreparedStatement().getQuery();
		}
		if (statement instanceof SimpleStatement simple) {
			return simple.getQuery();
		}
		throw new IllegalArgumentException("Only simple and bound statements can be copies of a denormalized write, "
				+ "not " + statement.getClass().getSimpleName());
	}

	/**
	 * The table a statement writes: from the prepared statement's variable definitions
	 * when it has any (the server resolved them), else from the text and the statement's
	 * or session's keyspace.
	 */
	static Optional<TableMetadata> table(Statement<?> statement, CqlWriteShape shape, Session session) {
		Optional<CqlIdentifier> keyspace;
		Optional<CqlIdentifier> table;
		if (statement instanceof BoundStatement bound
				&& bound.getPreparedStatement().getVariableDefinitions().size() > 0) {
			ColumnDefinition first = bound.getPreparedStatement().getVariableDefinitions().get(0);
			keyspace = Optional.of(first.getKeyspace());
			table = Optional.of(first.getTable());
		}
		else {
			keyspace = shape.keyspace()
				.map(CqlIdentifier::fromInternal)
				.or(() -> Optional.ofNullable(statement.getKeyspace()))
				.or(session::getKeyspace);
			table = shape.table().map(CqlIdentifier::fromInternal);
		}
		if (keyspace.isEmpty() || table.isEmpty()) {
			return Optional.empty();
		}
		Metadata metadata = session.getMetadata();
		return metadata.getKeyspace(keyspace.get()).flatMap((ks) -> ks.getTable(table.get()));
	}

	private static void checkPrimaryKeyValues(BoundStatement bound, TableMetadata table) {
		ColumnDefinitions variables = bound.getPreparedStatement().getVariableDefinitions();
		List<ColumnMetadata> partitionKey = table.getPartitionKey();
		for (ColumnMetadata column : table.getPrimaryKey()) {
			for (int index : variables.allIndicesOf(column.getName())) {
				String problem = null;
				if (!bound.isSet(index)) {
					problem = "binds no value";
				}
				else if (bound.isNull(index)) {
					problem = "binds null";
				}
				else if (partitionKey.contains(column) && isEmpty(bound.getBytesUnsafe(index))) {
					problem = "binds an empty value";
				}
				if (problem != null) {
					throw new IllegalArgumentException("'" + bound.getPreparedStatement().getQuery() + "' " + problem
							+ " for primary-key column " + column.getName().asCql(true) + " of "
							+ table.getKeyspace().asCql(true) + "." + table.getName().asCql(true)
							+ ": every statement is checked before the first one runs, so nothing was written.");
				}
			}
		}
	}

	private static boolean isEmpty(ByteBuffer value) {
		return value == null || !value.hasRemaining();
	}

	private static IllegalArgumentException counter(String cql) {
		return new IllegalArgumentException("A counter update (or any write to a counter table) cannot be one copy of "
				+ "a denormalized write: a counter "
				+ "takes no client timestamp and no TTL, cannot share a batch with other writes, and an increment is "
				+ "not idempotent (a retry after a timeout may count twice). Update the counter on its own, outside "
				+ "the write, and treat the count as approximate. (" + cql + ")");
	}

	private static IllegalArgumentException listAppend(String column, String cql) {
		return new IllegalArgumentException("Appending or prepending to list column " + column + " is not idempotent: "
				+ "a retry or a replay of the write adds the elements again. Use a set or a map keyed by the "
				+ "element's id (unions are idempotent), or a clustering row per element. (" + cql + ")");
	}

}
