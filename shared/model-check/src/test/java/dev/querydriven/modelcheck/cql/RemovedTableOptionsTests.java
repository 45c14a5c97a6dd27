package dev.querydriven.modelcheck.cql;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table options Cassandra 4.0 removed are left out of the DESCRIBE output of older
 * clusters, and nothing else is.
 */
class RemovedTableOptionsTests {

	/** Read-repair chances go, wherever they stand among the options; the rest stays. */
	@Test
	void removedOptionsAreLeftOutAndTheRestKept() {
		RemovedTableOptions.Stripped stripped = RemovedTableOptions.strip("""
				CREATE TABLE shop.orders (
				    k int PRIMARY KEY,
				    v text
				) WITH bloom_filter_fp_chance = 0.01
				    AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}
				    AND dclocal_read_repair_chance = 0.1
				    AND comment = 'Q1: and; more'
				    AND read_repair_chance = 0.0""");
		assertThat(stripped.removed()).containsExactly("dclocal_read_repair_chance = 0.1", "read_repair_chance = 0.0");
		assertThat(stripped.cql()).isEqualTo("""
				CREATE TABLE shop.orders (
				    k int PRIMARY KEY,
				    v text
				) WITH bloom_filter_fp_chance = 0.01 AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'} \
				AND comment = 'Q1: and; more'""");
	}

	/**
	 * A WITH clause of removed options only disappears; other statements are untouched.
	 */
	@Test
	void aClauseOfRemovedOptionsDisappears() {
		assertThat(RemovedTableOptions.strip("CREATE TABLE t (k int PRIMARY KEY) WITH read_repair_chance = 0.0;").cql())
			.isEqualTo("CREATE TABLE t (k int PRIMARY KEY);");
		String view = "CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL AND k IS NOT NULL "
				+ "PRIMARY KEY (a, k) WITH CLUSTERING ORDER BY (k ASC)";
		assertThat(RemovedTableOptions.strip(view).removed()).isEmpty();
		assertThat(RemovedTableOptions.strip(view).cql()).isEqualTo(view);
		assertThat(RemovedTableOptions.strip("INSERT INTO t (k) VALUES (1)").removed()).isEmpty();
	}

}
