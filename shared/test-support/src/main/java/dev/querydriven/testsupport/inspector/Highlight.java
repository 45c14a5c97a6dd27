package dev.querydriven.testsupport.inspector;

/**
 * What the inspector points out in a request, each with the section that explains it (a
 * path from the repository's root and an anchor; a test holds every target to an existing
 * heading).
 */
enum Highlight {

	/** The request read more partitions than its route's declared worst case. */
	OVER_BUDGET("over-budget", "shared/model-check/README.md#partitions-per-request"),

	/** The route declares no partition budget, so nothing bounds what it reads. */
	NO_BUDGET("no-budget", "shared/model-check/README.md#partitions-per-request"),

	/**
	 * A statement the query catalogue does not list: a query nobody designed a table for.
	 */
	UNCATALOGUED("uncatalogued", "shared/model-check/README.md#every-statement-in-the-catalogue"),

	/** Cassandra warned (a large batch, many tombstones read, a guardrail). */
	WARNING("warning", "README.md#the-database-enforces-the-rules"),

	/**
	 * One statement over several partitions: an {@code IN} on the partition key or an
	 * unlogged batch across partitions, both making one coordinator wait on many replica
	 * sets. A logged batch keeping copies in step is the dual writer's pattern, not this.
	 */
	MULTI_PARTITION("multi-partition", "shared/model-check/README.md#one-partition-per-query"),

	/**
	 * A traced read went through tombstones: deleted or expired cells the node read and
	 * discarded, the cost of deleting inside a partition that is read.
	 */
	TOMBSTONES("tombstones", "shared/modeling/README.md#time-buckets"),

	/**
	 * A lightweight transaction whose condition did not hold: nothing was written (a
	 * claim someone else won, a like already there). The section explains which claims
	 * and writes are conditional, and why.
	 */
	LWT_NOT_APPLIED("lwt-not-applied", "social-feed/README.md#consistency-and-idempotence-per-query"),

	/** The request ran more statements than the inspector keeps for one request. */
	TRUNCATED("truncated", "shared/model-check/README.md#partitions-per-request");

	private final String kind;

	private final String link;

	Highlight(String kind, String link) {
		this.kind = kind;
		this.link = link;
	}

	String kind() {
		return this.kind;
	}

	String link() {
		return this.link;
	}

}
