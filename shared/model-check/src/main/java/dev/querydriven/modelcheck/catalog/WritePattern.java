package dev.querydriven.modelcheck.catalog;

import java.util.List;
import java.util.Objects;

/**
 * One statement the application writes with: an insert, update or delete of a table, a
 * lightweight transaction on a source of truth or a plain write of a copy. Writes are
 * catalogued next to the queries so that every statement the application runs is written
 * in one place (and a test can check that the application runs nothing else).
 *
 * @param id the write's id, e.g. {@code W3}
 * @param description what it does and why it is shaped so, e.g. "a status change: a
 * lightweight transaction conditioned on the status and version read"
 * @param table the table written
 * @param cql the statement, with bind markers
 * @param consistencies the levels it may run at: usually one (a lightweight transaction's
 * is its serial level with its commit level)
 */
public record WritePattern(String id, String description, String table, String cql, List<Consistency> consistencies) {

	public WritePattern {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(description, "description");
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(cql, "cql");
		consistencies = (consistencies != null) ? List.copyOf(consistencies) : List.of();
	}

	/**
	 * A write, its levels not declared yet.
	 * @param id the write's id
	 * @param description what it does and why it is shaped so
	 * @param table the table written
	 * @param cql the statement, with bind markers
	 */
	public WritePattern(String id, String description, String table, String cql) {
		this(id, description, table, cql, List.of());
	}

	/**
	 * The same write, declared to run at these levels too.
	 * @param levels the levels, e.g. {@link Consistency#LWT_LOCAL_SERIAL}
	 * @return a new write pattern
	 */
	public WritePattern at(Consistency... levels) {
		return new WritePattern(this.id, this.description, this.table, this.cql,
				Consistency.adding(this.consistencies, levels));
	}

}
