package dev.querydriven.modelcheck;

/**
 * Where this repository documents a modeling pattern or a check. The path is relative to
 * the root of the Query-Driven repository (e.g.
 * {@code shared/modeling/README.md#dual-writes}), a form that stays valid wherever a
 * report is written, and whichever host serves the repository.
 *
 * @param title the pattern or section, e.g. {@code Dual writes}
 * @param path the file and anchor, from the repository's root
 */
public record DocLink(String title, String path) {

	/** One table per query, every copy written with one client-side timestamp. */
	public static final DocLink DUAL_WRITES = new DocLink("Dual writes (one table per query, one timestamp)",
			"shared/modeling/README.md#dual-writes");

	/** A time bucket in the partition key. */
	public static final DocLink TIME_BUCKETS = new DocLink("Time buckets", "shared/modeling/README.md#time-buckets");

	/** What "one partition per query" accepts, and the evidence. */
	public static final DocLink ONE_PARTITION = new DocLink("One partition per query",
			"shared/model-check/README.md#one-partition-per-query");

	/** Chebotko's partition-size arithmetic and the limits. */
	public static final DocLink PARTITION_SIZE = new DocLink("Partition size",
			"shared/model-check/README.md#partition-size");

	/** Partitions per HTTP request: budgets, worst cases and their measurement. */
	public static final DocLink PARTITION_BUDGET = new DocLink("Partitions per request",
			"shared/model-check/README.md#partitions-per-request");

	/** The ring simulation and the sustainable write rate. */
	public static final DocLink DISTRIBUTION = new DocLink("Distribution", "shared/model-check/README.md#distribution");

	/** Every rule and its verdict. */
	public static final DocLink CHECKS = new DocLink("What the model check checks",
			"shared/model-check/README.md#what-it-checks");

	/** The stand-alone checker's files: schema, queries, facts. */
	public static final DocLink STANDALONE = new DocLink("The stand-alone checker",
			"shared/model-check/README.md#the-stand-alone-checker");

	/** A service's catalogue, facts and tests. */
	public static final DocLink SERVICE = new DocLink("Add the check to a service",
			"shared/model-check/README.md#add-the-check-to-a-service");

	@Override
	public String toString() {
		return this.title + ": `" + this.path + "`";
	}

}
