package dev.querydriven.modelcheck.catalog;

import java.util.ArrayList;
import java.util.List;
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
 * @param variants the other statements that serve the same query on the same partition,
 * e.g. the next page, continuing after a position with a tuple comparison
 * ({@code AND (post_time, post_id) < (?, ?)}); the catalogue is the one place each
 * statement the application runs is written, so each form is listed
 * @param consistencies the levels its statements may run at: usually one, chosen for what
 * the query promises (a {@code LOCAL_QUORUM} read sees every {@code LOCAL_QUORUM} write);
 * more when the code runs the same statement at another level on purpose (a
 * {@code SERIAL} re-read after a lightweight transaction that did not apply)
 */
public record AccessPattern(String id, String description, String table, String cql, String order, SizingFacts facts,
		List<String> variants, List<Consistency> consistencies) {

	public AccessPattern {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(description, "description");
		Objects.requireNonNull(table, "table");
		Objects.requireNonNull(cql, "cql");
		order = (order != null) ? order : "";
		variants = (variants != null) ? List.copyOf(variants) : List.of();
		consistencies = (consistencies != null) ? List.copyOf(consistencies) : List.of();
	}

	/**
	 * A query with the other statements serving it, its levels not declared yet.
	 * @param id the query's id
	 * @param description what the application asks
	 * @param table the table that serves it
	 * @param cql the statement
	 * @param order the order of the rows, or empty
	 * @param facts the sizing facts, or {@code null}
	 * @param variants the other forms, with bind markers
	 */
	public AccessPattern(String id, String description, String table, String cql, String order, SizingFacts facts,
			List<String> variants) {
		this(id, description, table, cql, order, facts, variants, List.of());
	}

	/**
	 * A query served by one statement.
	 * @param id the query's id
	 * @param description what the application asks
	 * @param table the table that serves it
	 * @param cql the statement
	 * @param order the order of the rows, or empty
	 * @param facts the sizing facts, or {@code null}
	 */
	public AccessPattern(String id, String description, String table, String cql, String order, SizingFacts facts) {
		this(id, description, table, cql, order, facts, List.of(), List.of());
	}

	/**
	 * The same query with more statements serving it, e.g. its next page.
	 * @param statements the other forms, with bind markers
	 * @return a new access pattern
	 */
	public AccessPattern withVariants(String... statements) {
		List<String> all = new ArrayList<>(this.variants);
		all.addAll(List.of(statements));
		return new AccessPattern(this.id, this.description, this.table, this.cql, this.order, this.facts, all,
				this.consistencies);
	}

	/**
	 * The same query, declared to run at these levels too.
	 * @param levels the levels, e.g. {@link Consistency#LOCAL_QUORUM}
	 * @return a new access pattern
	 */
	public AccessPattern at(Consistency... levels) {
		return new AccessPattern(this.id, this.description, this.table, this.cql, this.order, this.facts, this.variants,
				Consistency.adding(this.consistencies, levels));
	}

	/**
	 * Every statement serving the query: {@link #cql()} first, then the variants.
	 * @return the statements
	 */
	public List<String> statements() {
		List<String> all = new ArrayList<>(1 + this.variants.size());
		all.add(this.cql);
		all.addAll(this.variants);
		return List.copyOf(all);
	}

}
