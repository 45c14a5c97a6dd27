package dev.querydriven.modelcheck.cql;

import java.util.List;
import java.util.Optional;

/**
 * The structure of one CQL statement, as far as the model check needs it: the table, the
 * restrictions of its {@code WHERE} clause, its ordering, its assignments and deletions,
 * whether it is a lightweight transaction. Names are Cassandra's internal names (unquoted
 * names lower-cased).
 */
public sealed interface CqlStatement permits CqlStatement.Select, CqlStatement.Insert, CqlStatement.Update,
		CqlStatement.Delete, CqlStatement.Batch, CqlStatement.Schema, CqlStatement.Other {

	/**
	 * Parses one statement.
	 * @param cql the statement (a trailing semicolon is allowed)
	 * @return its structure
	 * @throws CqlParseException when it is not CQL this parser reads
	 */
	static CqlStatement parse(String cql) {
		return CqlParser.parse(cql);
	}

	/**
	 * The table the statement reads or writes (for a batch, its first statement's).
	 * @return the table name, or empty for statements on no table
	 */
	Optional<TableName> target();

	/**
	 * Whether the statement is a lightweight transaction: a write with an {@code IF}
	 * clause ({@code IF NOT EXISTS}, {@code IF EXISTS}, {@code IF column = ...}), or a
	 * batch holding one. Paxos reads the row on the replicas to decide the condition, and
	 * a write that does not apply answers the row it found: the condition is a read.
	 * @return {@code true} when the statement has an {@code IF} clause
	 */
	default boolean conditional() {
		return false;
	}

	/**
	 * A table name, possibly qualified by its keyspace.
	 *
	 * @param keyspace the keyspace, or {@code null} when unqualified
	 * @param table the table
	 */
	record TableName(String keyspace, String table) {

		@Override
		public String toString() {
			return (this.keyspace != null) ? this.keyspace + "." + this.table : this.table;
		}

	}

	/**
	 * A {@code SELECT}.
	 *
	 * @param table the table (or materialized view)
	 * @param where the restrictions, in order
	 * @param orderBy the {@code ORDER BY} clause, empty when absent
	 * @param allowFiltering whether it ends with {@code ALLOW FILTERING}
	 * @param distinct whether it selects {@code DISTINCT} partition keys
	 * @param limited whether a {@code LIMIT} or {@code PER PARTITION LIMIT} bounds it
	 */
	record Select(TableName table, List<Relation> where, List<Ordering> orderBy, boolean allowFiltering,
			boolean distinct, boolean limited) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return Optional.of(this.table);
		}

	}

	/**
	 * An {@code INSERT}.
	 *
	 * @param table the table
	 * @param columns the columns written ({@code INSERT ... JSON}: empty)
	 * @param values the values, aligned with the columns
	 * @param usingTtl whether the cells expire ({@code USING TTL})
	 * @param conditional whether it ends with {@code IF NOT EXISTS}
	 */
	record Insert(TableName table, List<String> columns, List<Term> values, boolean usingTtl,
			boolean conditional) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return Optional.of(this.table);
		}

		/**
		 * The value written to a column.
		 * @param column the column
		 * @return the value, or empty when the column is not written
		 */
		public Optional<Term> valueOf(String column) {
			int index = this.columns.indexOf(column);
			return (index >= 0 && index < this.values.size()) ? Optional.of(this.values.get(index)) : Optional.empty();
		}

	}

	/**
	 * An {@code UPDATE}.
	 *
	 * @param table the table
	 * @param assignments the {@code SET} clause
	 * @param where the restrictions
	 * @param usingTtl whether the cells expire ({@code USING TTL})
	 * @param conditional whether it has an {@code IF} clause ({@code IF EXISTS},
	 * {@code IF column = ...})
	 */
	record Update(TableName table, List<Assignment> assignments, List<Relation> where, boolean usingTtl,
			boolean conditional) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return Optional.of(this.table);
		}

	}

	/**
	 * A {@code DELETE}.
	 *
	 * @param table the table
	 * @param columns the columns or elements deleted; empty when whole rows are
	 * @param where the restrictions
	 * @param conditional whether it has an {@code IF} clause ({@code IF EXISTS},
	 * {@code IF column = ...})
	 */
	record Delete(TableName table, List<Deletion> columns, List<Relation> where,
			boolean conditional) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return Optional.of(this.table);
		}

	}

	/**
	 * A {@code BEGIN ... BATCH ... APPLY BATCH}.
	 *
	 * @param type logged, unlogged or counter
	 * @param statements the statements inside
	 */
	record Batch(BatchType type, List<CqlStatement> statements) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return this.statements.stream().flatMap((statement) -> statement.target().stream()).findFirst();
		}

		/**
		 * Whether the batch is conditional: one of its statements has an {@code IF}
		 * clause (the whole batch then applies or not, on one partition of one table).
		 * @return {@code true} when a statement inside is a lightweight transaction
		 */
		@Override
		public boolean conditional() {
			return this.statements.stream().anyMatch(CqlStatement::conditional);
		}

	}

	/**
	 * A statement that defines the schema, or {@code USE}: what it creates, changes or
	 * drops, and in which keyspace.
	 *
	 * @param keyword its first words, upper-case and normalized: e.g.
	 * {@code CREATE TABLE}, {@code DROP KEYSPACE}, {@code CREATE INDEX},
	 * {@code ALTER TABLE}, {@code TRUNCATE}, {@code USE} ({@code SCHEMA} reads
	 * {@code KEYSPACE}, {@code COLUMNFAMILY} reads {@code TABLE}; {@code OR REPLACE} and
	 * {@code CUSTOM} are left out)
	 * @param keyspace for {@code USE} and keyspace statements, the keyspace; for any
	 * other, the qualifier of the object's name, or {@code null} when unqualified (the
	 * name then resolves against the current keyspace)
	 * @param name the object: the table, type, view, function or aggregate; for an index
	 * or a trigger, the table it is on ({@code DROP INDEX}: the index); {@code null} for
	 * keyspace statements and {@code USE}
	 */
	record Schema(String keyword, String keyspace, String name) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return Optional.empty();
		}

		/**
		 * Whether the statement is about a keyspace itself.
		 * @return {@code true} for {@code USE} and {@code CREATE}, {@code ALTER},
		 * {@code DROP KEYSPACE}
		 */
		public boolean onKeyspace() {
			return this.name == null;
		}

	}

	/**
	 * Any other statement (roles, permissions, ...).
	 *
	 * @param keyword the statement's first words, upper-case, e.g. {@code CREATE TABLE}
	 */
	record Other(String keyword) implements CqlStatement {

		@Override
		public Optional<TableName> target() {
			return Optional.empty();
		}

	}

	/** The kinds of batch. */
	enum BatchType {

		LOGGED, UNLOGGED, COUNTER

	}

	/**
	 * One restriction of a {@code WHERE} clause.
	 *
	 * @param columns the restricted columns (several for {@code (a, b) > (?, ?)})
	 * @param token whether the columns are wrapped in {@code token(...)}
	 * @param element whether a collection element is restricted ({@code m['k'] = ?})
	 * @param operator the operator
	 * @param value the right-hand side
	 */
	record Relation(List<String> columns, boolean token, boolean element, Operator operator, Term value) {

		/**
		 * Whether this restricts exactly one column, by equality or {@code IN}.
		 * @param column the column
		 * @return {@code true} for {@code column = x} and {@code column IN (...)}
		 */
		public boolean selectsByKey(String column) {
			return !this.token && !this.element && this.columns.size() == 1 && this.columns.get(0).equals(column)
					&& (this.operator == Operator.EQ || this.operator == Operator.IN);
		}

	}

	/** Relation operators. */
	enum Operator {

		EQ("="), NEQ("!="), LT("<"), LTE("<="), GT(">"), GTE(">="), IN("IN"), NOT_IN("NOT IN"), CONTAINS("CONTAINS"),
		CONTAINS_KEY("CONTAINS KEY"), NOT_CONTAINS("NOT CONTAINS"), LIKE("LIKE"), IS_NOT_NULL("IS NOT NULL");

		private final String cql;

		Operator(String cql) {
			this.cql = cql;
		}

		/**
		 * Whether the operator selects a range of values.
		 * @return {@code true} for {@code <}, {@code <=}, {@code >}, {@code >=}
		 */
		public boolean isRange() {
			return this == LT || this == LTE || this == GT || this == GTE;
		}

		@Override
		public String toString() {
			return this.cql;
		}

	}

	/**
	 * A value in a statement.
	 *
	 * @param kind a bind marker, a constant, a function call, a collection or a tuple
	 * @param text the value as written, whitespace normalized (compare constants with it)
	 * @param elements how many elements an {@code IN (...)} list or tuple holds; -1 when
	 * unknown (a bind marker) or not a list
	 */
	record Term(Kind kind, String text, int elements) {

		/** Kinds of value. */
		public enum Kind {

			MARKER, CONSTANT, FUNCTION, COLLECTION, TUPLE, EXPRESSION

		}

	}

	/**
	 * An {@code ORDER BY} column.
	 *
	 * @param column the column
	 * @param descending whether {@code DESC}
	 */
	record Ordering(String column, boolean descending) {

		@Override
		public String toString() {
			return this.column + (this.descending ? " DESC" : " ASC");
		}

	}

	/**
	 * One assignment of an {@code UPDATE}.
	 *
	 * @param column the column assigned
	 * @param kind how it is assigned
	 */
	record Assignment(String column, AssignmentKind kind) {

	}

	/** How an {@code UPDATE} assigns a column. */
	enum AssignmentKind {

		/** {@code c = value}. */
		SET,
		/** {@code c[key] = value}: a map entry, or a list element by index. */
		SET_ELEMENT,
		/** {@code c.field = value}: a user-defined type field. */
		SET_FIELD,
		/** {@code c = c + value}: append, add to a set or map, increment a counter. */
		ADD,
		/** {@code c = value + c}: prepend to a list. */
		PREPEND,
		/** {@code c = c - value}: remove elements, decrement a counter. */
		REMOVE

	}

	/**
	 * A column (or element) named in a {@code DELETE}.
	 *
	 * @param column the column
	 * @param element whether one element is deleted ({@code DELETE c[key]})
	 */
	record Deletion(String column, boolean element) {

	}

}
