package dev.querydriven.modelcheck;

/**
 * Why each rule matters, in the words of the reference texts (the guide: the Cassandra
 * data modeling guide; the article: partition keys, clustering columns and
 * denormalization; the five best practices), and how to fix it: in CQL and the pattern's
 * name for anyone's model, and, for this repository's own build only, the classes here
 * that implement the pattern ({@link Audience}).
 */
final class Guidance {

	static final String ONE_PARTITION = "The guide's golden rule: \"One query = one partition lookup\" (\"Include "
			+ "partition key in WHERE clause\"). The article: \"When you read data, Cassandra needs the exact partition "
			+ "key to know where to look — this is why queries without a partition key are either extremely "
			+ "inefficient or outright disallowed by default.\"";

	/**
	 * The fix for a query the model cannot serve from one partition.
	 * @param audience who reads it
	 * @return the fix
	 */
	static String oneTablePerQuery(Audience audience) {
		return "Create a table whose partition key is what this query knows (one table per query: the guide's "
				+ "`users_by_email (email PRIMARY KEY, user_id, username)` answers \"a user by email\"), and write it "
				+ "together with the other copies of the data, every statement idempotent and under one client-side "
				+ "timestamp (`USING TIMESTAMP`)." + inThisRepository(audience, "one `DenormalizedWrite` executed by "
						+ "`DualWriter`, which gives every copy the same timestamp");
	}

	static final String ALLOW_FILTERING = "The article: \"Cassandra lets you bypass some of its query restrictions with "
			+ "ALLOW FILTERING, but doing so usually means a full or wide partition scan, which defeats the purpose of "
			+ "the distributed design. I treat any query that needs ALLOW FILTERING as a signal that my table design "
			+ "needs rethinking.\"";

	static final String NOT_SQL = "The guide's anti-pattern 4, treating Cassandra like SQL: \"SELECT * FROM users "
			+ "WHERE age > 21; -- Error: Requires ALLOW FILTERING (full table scan!)\" — \"Always include partition key\".";

	static final String MULTI_PARTITION = "\"One query = one partition lookup (or very few).\" An IN over partition "
			+ "keys makes one coordinator wait for every listed partition's replicas: the slowest decides the latency, "
			+ "and the guardrail refuses more than 20 keys.";

	static final String MULTI_PARTITION_FIX = "Read each partition with its own query (bounded concurrency, merged in "
			+ "the application), or model a table whose one partition holds what the query needs.";

	static final String PARTITION_BUDGET = "Five best practices: a good model \"minimizes the number of partitions "
			+ "returned by a query\"; the guide: \"Minimize Partition Reads\" (\"one partition lookup (or very "
			+ "few)\"). A client waits for its whole request: a page that walks 31 day buckets runs 31 statements that "
			+ "each read one partition, and costs 31 lookups, one after the other.";

	static final String PARTITION_BUDGET_FIX = "Bound the walk where the code allows more: keep an index of the "
			+ "buckets that hold rows (a `..._days` or `..._months` table listing them) and read only those, cap the "
			+ "range one request may ask for, choose a coarser bucket if the partitions stay well under 10 MB, or "
			+ "keep a table whose one partition answers the request (denormalize, written with one client-side "
			+ "timestamp). Raise the budget only if the design accepts the cost.";

	static final String SORTING = "Five best practices: \"Sorting is a Design Decision: In Cassandra, sorting can be "
			+ "done only on the clustering columns specified in the PRIMARY KEY.\" The guide: \"Use clustering for "
			+ "sort order\".";

	static final String REVERSED = "Cassandra can read a partition backwards, but it then walks the partition's index "
			+ "in reverse, which costs more on wide partitions. The clustering order should be the order the query "
			+ "reads.";

	static final String UNBOUNDED = "The guide's anti-pattern 2, unbounded partition growth: \"Partition grows "
			+ "forever ... After 10 years, partition > 1GB!\" The article: \"If you keep appending rows to the same "
			+ "partition indefinitely — say, all events for a device with no time bucketing — that partition will grow "
			+ "forever and eventually become too large to manage efficiently.\"";

	static final String LARGE = "The guide's anti-pattern 5: \"Partitions should be < 100MB (ideally < 10MB). Signs "
			+ "of large partitions: slow queries on specific keys, timeouts on certain partitions, uneven disk usage "
			+ "across nodes, GC pressure on specific nodes.\"";

	static final String VALUE_LIMIT = "Cassandra stores at most 2 billion cells (values) in one partition; past that "
			+ "writes to it fail. The count is of cells, not rows: Nv = Nr × (Nc − Npk − Ns) + Ns.";

	static final String LOW_CARDINALITY = "The guide's first rule, spread data evenly: \"Choose partition keys with "
			+ "high cardinality (many unique values). Example: user_id ✅ (millions) vs country ❌ (hundreds)\", and "
			+ "anti-pattern 3: \"Only ~200 countries ... USA partition = millions of users on one node!\"";

	/**
	 * The fix for a key with few values.
	 * @param key the partition key's columns, e.g. {@code status}
	 * @param clustering the clustering columns
	 * @return the fix
	 */
	static String lowCardinalityFix(String key, String clustering) {
		String rest = clustering.isEmpty() ? "" : ", " + clustering;
		return "Partition by a key with many values (an id), or add one to the partition key: a time bucket "
				+ "(`PRIMARY KEY ((" + key + ", day)" + rest
				+ ")`) or a shard number the application computes on write " + "and reads in parallel (`PRIMARY KEY (("
				+ key + ", shard)" + rest + ")`).";
	}

	static final String EVEN = "Five best practices: a good model \"distributes data evenly across the nodes in the "
			+ "cluster\". Every node owns an equal token range; a few key values can only land on a few of them.";

	static final String HOT_PARTITION = "The article: \"If you pick a partition key that results in a few values "
			+ "holding a disproportionate amount of data, you get what's called a 'hot partition' — a single node (or "
			+ "small group of nodes) that ends up doing far more work than the rest of the cluster.\" All writes to one "
			+ "partition go to the same replicas, whatever the cluster's size.";

	/**
	 * The fix for a partition taking too much of the load.
	 * @param key the partition key's columns
	 * @return the fix
	 */
	static String hotPartitionFix(String key) {
		return "Spread the partition's writes over more partitions: add a time bucket or a shard number to the "
				+ "partition key (`((" + key + ", shard))`, the shard computed from the row's id), and read the shards "
				+ "in parallel.";
	}

	static final String SECONDARY_INDEX = "The guide's anti-pattern 1: \"Secondary indexes query ALL nodes!\" The "
			+ "article: \"they don't scale well for high-cardinality fields because the query still has to touch "
			+ "every node in the cluster.\"";

	static final String SAI = "A storage-attached index is cheaper to maintain than the legacy index, but a query by "
			+ "the indexed column without the partition key still asks every token range, every node: the guide's "
			+ "golden rule is one query = one partition.";

	/**
	 * The fix for an index.
	 * @param table the indexed table
	 * @param column the indexed column
	 * @param key the table's partition key columns
	 * @return the fix
	 */
	static String indexFix(String table, String column, String key, Audience audience) {
		return "Drop the index and create a lookup table keyed by the indexed column, e.g. `" + table + "_by_" + column
				+ "` with `PRIMARY KEY (" + column + ", " + key + ")`, written with `" + table
				+ "` under one client-side timestamp (`USING TIMESTAMP`)."
				+ inThisRepository(audience, "one `DenormalizedWrite` (`DualWriter`, one timestamp)");
	}

	static final String MATERIALIZED_VIEW = "The article: materialized views \"have historically had operational "
			+ "quirks and consistency edge cases that make many experienced Cassandra users prefer to manage "
			+ "denormalized tables manually instead.\" Cassandra 5.0 ships them as an experimental feature, off by "
			+ "default.";

	static String materializedViewFix(Audience audience) {
		return "Replace the view by a table of your own with the view's primary key, written with the base table by "
				+ "the application: idempotent statements under one client-side timestamp (`USING TIMESTAMP`)."
				+ inThisRepository(audience, "`DualWriter`");
	}

	static final String UNLOGGED_BATCH = "An unlogged batch across partitions is not atomic (a coordinator failure "
			+ "can apply part of it) and is not faster either: one coordinator must reach every partition's replicas "
			+ "and hold the whole batch meanwhile. Batches are for atomicity, not for speed.";

	static String unloggedBatchFix(Audience audience) {
		return "When every copy must apply, use a logged batch (`BEGIN BATCH ... APPLY BATCH`); otherwise send the "
				+ "statements separately, in parallel, under one client-side timestamp (`USING TIMESTAMP`)."
				+ inThisRepository(audience,
						"`DualWriter` with `WriteStrategy.LOGGED_BATCH` or `WriteStrategy.PARALLEL`");
	}

	static final String LIST_READ_BEFORE_WRITE = "Setting or removing a list element by index, or removing elements "
			+ "by value, makes Cassandra read the whole list inside the write: a read per write, racing with "
			+ "concurrent writers. The guardrail `read_before_write_list_operations` refuses it.";

	static final String LIST_READ_BEFORE_WRITE_FIX = "Use a set or a map (keyed by position or id), a frozen list "
			+ "rewritten whole, or one row per element in a clustering table.";

	static final String TOMBSTONES = "The article: \"When you delete data in Cassandra, it doesn't disappear "
			+ "immediately — it's marked with a tombstone and cleaned up later during compaction. If your workload "
			+ "deletes a lot of data (or uses TTLs heavily) within actively-read partitions, tombstones can accumulate "
			+ "and degrade read performance significantly.\" A slice read scans every tombstone in its range (warning "
			+ "at 1,000, failure at 100,000).";

	static final String TOMBSTONES_FIX = "Keep deletes out of the partitions that are read: bucket by time so that "
			+ "deleted or expired rows sit in partitions no longer read, delete whole partitions rather than rows, "
			+ "expire time series with a TTL and TimeWindowCompactionStrategy, and never read a queue-like partition "
			+ "from its deleted end.";

	static final String TIMESTAMP_COLLISION = "Cassandra writes are upserts: a row whose primary key already exists "
			+ "replaces it, without an error. The guide's own `posts_by_user (user_id, post_time)` loses a post when "
			+ "two arrive in the same millisecond.";

	static final String TIMESTAMP_COLLISION_FIX = "End the clustering key with the row's id (`PRIMARY KEY ((user_id, "
			+ "month), post_time, post_id)`, ordered `post_time DESC, post_id DESC`), or make the time column a "
			+ "`timeuuid`.";

	static final String FACTS = "The guide's step 2 asks, for each query, \"How much data? (partition size)\" and "
			+ "\"How often? (read/write ratio)\": without these facts the partition size and the distribution cannot "
			+ "be judged.";

	/**
	 * The fix for a table without sizing facts.
	 * @param table the table
	 * @param audience who reads it
	 * @return the fix
	 */
	static String factsFix(String table, Audience audience) {
		if (audience == Audience.THIS_REPOSITORY) {
			return "Declare `SizingFacts` on the query that reads the table (distinct partition keys, rows per "
					+ "partition, average row bytes, writes per second per partition).";
		}
		return "Declare the table's sizing facts in the facts file: `" + table + ".partitions` (distinct "
				+ "partition keys), `" + table + ".rows` (rows per partition), `" + table + ".row-bytes` (average "
				+ "bytes of a row) and `" + table + ".writes-per-second` (peak, into one partition).";
	}

	/**
	 * The fix for a table that no query reads.
	 * @param audience who reads it
	 * @return the fix
	 */
	static String unservedFix(Audience audience) {
		if (audience == Audience.THIS_REPOSITORY) {
			return "Catalogue the query it serves, declare it in `infrastructureTables()` with the reason, or drop it.";
		}
		return "Add the query that reads it to the queries file, or drop the table if nothing reads it.";
	}

	/**
	 * Adds the classes of this repository that implement a fix, for its own build only.
	 * @param audience who reads the fix
	 * @param classes the classes, e.g. "`DualWriter`"
	 * @return " In this repository: ..." or nothing
	 */
	static String inThisRepository(Audience audience, String classes) {
		return (audience == Audience.THIS_REPOSITORY) ? " In this repository: " + classes + "." : "";
	}

	static final String CATALOGUE = "The guide's step 1: \"List EVERY query your application needs.\" A table that "
			+ "serves no query is dead weight (or an undeclared query); a query without a test may not do what the "
			+ "catalogue says.";

	static final String MEASURED = "The guide: \"Test with production data volume\" and \"Monitor partition sizes\". "
			+ "The node's own figures, after a flush, check the declared row size.";

	private Guidance() {
	}

	/**
	 * The finding with the documentation of its fix's pattern: a table of one's own
	 * written with one timestamp for what an index, a view, a batch or filtering stood in
	 * for; time buckets for what grows or concentrates; the check's own section for the
	 * rest.
	 * @param finding a finding
	 * @param audience who reads it (the catalogue's rules are documented per front end)
	 * @return the finding, with its documentation
	 */
	static Finding withDocs(Finding finding, Audience audience) {
		if (finding.docs() != null) {
			return finding;
		}
		DocLink docs = switch (finding.check()) {
			case CATALOGUE -> (audience == Audience.THIS_REPOSITORY) ? DocLink.SERVICE : DocLink.STANDALONE;
			case ONE_PARTITION -> switch (finding.rule()) {
				case "needs-filtering", "allow-filtering", "token-range-scan", "non-key-restriction",
						"partition-key-missing" ->
					DocLink.DUAL_WRITES;
				default -> DocLink.ONE_PARTITION;
			};
			case PARTITION_SIZE -> switch (finding.rule()) {
				case "facts-missing" -> (audience == Audience.THIS_REPOSITORY) ? DocLink.SERVICE : DocLink.STANDALONE;
				case "row-size-understated" -> DocLink.PARTITION_SIZE;
				default -> DocLink.TIME_BUCKETS;
			};
			case DISTRIBUTION -> finding.rule().equals("low-cardinality") ? DocLink.TIME_BUCKETS : DocLink.DISTRIBUTION;
			case ANTI_PATTERN -> switch (finding.rule()) {
				case "tombstones", "timestamp-collision" -> DocLink.TIME_BUCKETS;
				case "list-read-before-write" -> DocLink.CHECKS;
				default -> DocLink.DUAL_WRITES;
			};
			case PARTITION_BUDGET -> DocLink.PARTITION_BUDGET;
			case MEASURED -> DocLink.PARTITION_SIZE;
		};
		return new Finding(finding.verdict(), finding.check(), finding.rule(), finding.subject(), finding.table(),
				finding.problem(), finding.why(), finding.fix(), docs);
	}

}
