package dev.querydriven.modelcheck.catalog;

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
 */
public record WritePattern(String id, String description, String table, String cql) {

	public WritePattern {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(description, "description");
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(cql, "cql");
	}

}
