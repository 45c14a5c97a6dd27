package dev.querydriven.modelcheck;

/**
 * The checks of the reference guide's "Step 4: Optimize &amp; Validate", as the report
 * names them (a {@link dev.querydriven.modelcheck.catalog.CatalogExemption} names a check
 * or one of its rules).
 */
public enum Check {

	/** Every query has a table and a test; every table serves a query. */
	CATALOGUE("catalogue", "Catalogue integrity"),

	/** "Each query touches one partition?" */
	ONE_PARTITION("one-partition", "One partition per query"),

	/** "Partitions &lt; 100MB?" */
	PARTITION_SIZE("partition-size", "Partition size"),

	/** "Data distributed evenly? No hot partitions? Write patterns sustainable?" */
	DISTRIBUTION("distribution", "Distribution"),

	/** The guide's and the article's anti-patterns. */
	ANTI_PATTERN("anti-pattern", "Anti-patterns"),

	/**
	 * "Minimize partition reads" per HTTP request: each route's worst case against its
	 * budget.
	 */
	PARTITION_BUDGET("partition-budget", "Partitions per request"),

	/** The node's own partition-size figures after loading data. */
	MEASURED("measured", "Measured partitions");

	private final String id;

	private final String title;

	Check(String id, String title) {
		this.id = id;
		this.title = title;
	}

	/**
	 * The check's name in reports and exemptions.
	 * @return e.g. {@code partition-size}
	 */
	public String id() {
		return this.id;
	}

	/**
	 * A heading for the check.
	 * @return e.g. {@code Partition size}
	 */
	public String title() {
		return this.title;
	}

}
