package dev.querydriven.modeling.catalog;

import java.util.Objects;

/**
 * One query the application runs, the first step of the guide's method ("define every
 * query"), with the table that serves it (one table per query).
 *
 * @param id the query's id, e.g. {@code Q2}
 * @param description what the application asks, e.g. "a user's posts, newest first"
 * @param table the table that serves it
 * @param cql the statement the application runs, with bind markers
 * @param order the order the rows must come back in, e.g.
 * {@code post_time DESC, post_id DESC}, or empty when a query returns one row
 * @param facts the sizing facts of the table's partitions, or {@code null} when not
 * declared
 */
public record AccessPattern(String id, String description, String table, String cql, String order, SizingFacts facts) {

	public AccessPattern {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(description, "description");
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(cql, "cql");
		order = (order != null) ? order : "";
	}

}
