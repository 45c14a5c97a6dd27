package dev.querydriven.blogplatform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.querydriven.blogplatform.category.CategoryProperties;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.IdempotencyKeysCatalog;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WriteIntentsCatalog;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.tablemigration.MigrationSchema;

import org.springframework.boot.context.properties.bind.Binder;

import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_ONE;
import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_QUORUM;
import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_SERIAL_READ;
import static dev.querydriven.modelcheck.catalog.Consistency.LWT_LOCAL_SERIAL;
import static dev.querydriven.modelcheck.catalog.Consistency.ONE;

/**
 * Every query the blog platform runs, the table serving it, the sizing facts behind each
 * partition key (the first and last steps of the guide's method, written down), and every
 * write. This is the one place each statement's CQL is written: the README's
 * access-pattern tables are generated from it, the model check judges it, and a test
 * checks that the service runs exactly these statements (Spring Data renders its own
 * text, e.g. {@code SELECT *}; the test compares the shapes: table, restrictions,
 * condition, limit). The migration engine's own statements (its state tables and the
 * token-range scans of a backfill) are infrastructure and not listed.
 *
 * <p>
 * The figures assume a sizeable blog platform: 100,000 authors, 50,000 posts a month (6
 * million over ten years), about twenty categories, the busiest taking a third of the
 * posts (~17,000 a month): the {@code hottestKeyShare} of 0.33 declared on the category
 * tables. Row sizes are the bounded fields at typical lengths (titles of ~60 characters,
 * comments of ~250, bodies of ~4,000); counter rows are sized from the counter's on-disk
 * context, checked against the node by the model check's measurement.
 *
 * <p>
 * Each query and write declares the levels it runs at ({@code at(...)}):
 * {@code LOCAL_QUORUM} for the posts, the comments and the copies (whose logged batch
 * sets no level and runs at application.yml's default), {@code LOCAL_ONE} for the public
 * category pages, {@code ONE} for the counters, the transactions on {@code posts_by_id}
 * at {@code LOCAL_SERIAL} committed at {@code LOCAL_QUORUM}, and a {@code LOCAL_SERIAL}
 * read when a creation did not apply. The {@code Idempotency-Key}'s claim sets none and
 * runs at application.yml's defaults.
 */
public class BlogPlatformQueryCatalog implements QueryCatalog {

	static final String POSTS_BY_CATEGORY_V1 = "posts_by_category_v1";

	/** The busiest category's share of the posts (~17,000 of 50,000 a month). */
	static final double BUSIEST_CATEGORY_SHARE = 0.33;

	/**
	 * A counter row's values: the cell holds the counter's context, 34 B for each replica
	 * that led an increment (16-byte counter id, 8-byte clock, 8-byte count and a 2-byte
	 * header entry), up to three with a replication factor of 3.
	 */
	static final long COUNTER_ROW_BYTES = 100;

	/**
	 * The table migrations the service registers with its engine (the category feature's
	 * {@code posts-by-category}): the admin list reads each one's state.
	 */
	static final int TABLE_MIGRATIONS = 1;

	/**
	 * What an admin request reads of one migration: its state row in
	 * {@code table_migrations}, and the checkpoints of its current backfill run and of
	 * its current verify run in {@code table_migration_ranges} (one partition per job).
	 */
	static final int MIGRATION_STATUS_PARTITIONS = 3;

	/**
	 * The most post changes (publications, edits, deletions) begun per second at a peak,
	 * each recorded in {@code write_intents} before it begins: 50,000 posts a month are
	 * 0.02 a second on average; a peak of editors publishing and revising at once is
	 * taken at fifty times that.
	 */
	static final double PEAK_POST_CHANGES_PER_SECOND = 1.0;

	/**
	 * The most keyed creates per second at a peak: the post changes above and the
	 * comments of a viral thread (~1 a second), each claiming its key in
	 * {@code idempotency_keys}.
	 */
	static final double PEAK_KEYED_CREATES_PER_SECOND = 2.0;

	@Override
	public String keyspace() {
		return "blog_platform";
	}

	/**
	 * The service's own queries, then those of the shared modules' tables in its
	 * keyspace: the write intents' (I1, I2) and the keyed creates' claim (K1).
	 */
	@Override
	public List<AccessPattern> accessPatterns() {
		List<AccessPattern> patterns = new ArrayList<>(ownAccessPatterns());
		patterns.addAll(WriteIntentsCatalog.accessPatterns(PEAK_POST_CHANGES_PER_SECOND));
		patterns.addAll(IdempotencyKeysCatalog.accessPatterns(PEAK_KEYED_CREATES_PER_SECOND, LWT_LOCAL_SERIAL));
		return patterns;
	}

	private static List<AccessPattern> ownAccessPatterns() {
		return List.of(
				new AccessPattern("Q1", "a post by its id", "posts_by_id",
						"SELECT post_id, author_id, title, body, category, previous_category, created_at, version, "
								+ "write_time, deleted FROM posts_by_id WHERE post_id = ?",
						"",
						SizingFacts.singleRow(6_000_000, 5_000, 0.01,
								"One row per post, 6 million over ten years; bodies are at most 20,000 characters "
										+ "(~4 KB typical, 80 KB at worst); edits are rare"))
					.at(LOCAL_QUORUM, LOCAL_SERIAL_READ),
				new AccessPattern("Q2", "an author's posts, newest first", "posts_by_author",
						"SELECT author_id, created_at, post_id, title, category FROM posts_by_author "
								+ "WHERE author_id = ? LIMIT ?",
						"created_at DESC, post_id DESC",
						new SizingFacts(100_000, 10_000, 150, 0.001,
								"Unbucketed: the partition grows with the author's lifetime of posts. Assumed at most "
										+ "10,000 (a very prolific human author: ten posts a day for three years); "
										+ "rows hold the title only (at most 200 characters), so 10,000 rows stay "
										+ "near 1.5 MB. Not enforced: automated authors would call for "
										+ "(author_id, year) buckets. Deleting a post deletes its row (about one "
										+ "post in a hundred)")
							.withDeletesPerSecondPerPartition(0.00001))
					.withVariants("SELECT author_id, created_at, post_id, title, category FROM posts_by_author "
							+ "WHERE author_id = ? AND (created_at, post_id) < (?, ?) LIMIT ?")
					.at(LOCAL_QUORUM),
				new AccessPattern("Q3", "a post's comments, oldest first", "comments_by_post",
						"SELECT post_id, created_at, comment_id, author_name, comment_text FROM comments_by_post "
								+ "WHERE post_id = ? LIMIT ?",
						"created_at ASC, comment_id ASC",
						new SizingFacts(6_000_000, 4_000, 300, 1.0,
								"Unbucketed, bounded by the enforced cap of querydriven.blog-platform.comment.max-per-post "
										+ "= 4,000 comments of at most 2,000 characters (checked against the "
										+ "comment_counts counter, so concurrent comments may pass it by a few): "
										+ "~1.2 MB typical, ~8.5 MB if every comment is 2,000 ASCII characters, "
										+ "~33 MB if every character takes 4 bytes in UTF-8 (under the 100 MB "
										+ "limit); a viral thread takes ~1 comment/s"))
					.withVariants("SELECT post_id, created_at, comment_id, author_name, comment_text "
							+ "FROM comments_by_post WHERE post_id = ? AND (created_at, comment_id) > (?, ?) LIMIT ?")
					.at(LOCAL_QUORUM),
				new AccessPattern("Q4",
						"a category's posts, newest first (LEGACY table, until the migration cuts over)",
						POSTS_BY_CATEGORY_V1,
						"SELECT category, created_at, post_id, author_id, title FROM posts_by_category_v1 "
								+ "WHERE category = ? LIMIT ?",
						"created_at DESC, post_id DESC",
						new SizingFacts(20, SizingFacts.UNBOUNDED, 150, 0.0064,
								"The anti-pattern on purpose: ~20 partitions (one per category) that never stop "
										+ "growing; the busiest takes a third of the posts, ~17,000 a month (0.0064 "
										+ "writes/s on average), ~2 million rows after ten years; moves and deletions "
										+ "leave tombstones in it (about one post in a hundred)")
							.withHottestKeyShare(BUSIEST_CATEGORY_SHARE)
							.withDeletesPerSecondPerPartition(0.00006))
					.withVariants("SELECT category, created_at, post_id, author_id, title FROM posts_by_category_v1 "
							+ "WHERE category = ? AND (created_at, post_id) < (?, ?) LIMIT ?")
					.at(LOCAL_ONE),
				new AccessPattern("Q5", "a category's posts, newest first (bucketed: the migration's target)",
						"posts_by_category",
						"SELECT category, month, created_at, post_id, author_id, title FROM posts_by_category "
								+ "WHERE category = ? AND month = ? LIMIT ?",
						"created_at DESC, post_id DESC",
						new SizingFacts(2_400, 17_000, 150, 0.0064,
								"One partition per category and UTC month: 20 categories x 120 months. The busiest "
										+ "category-month holds ~17,000 rows (~2.5 MB); the bucket-size advisor "
										+ "picks MONTH for 0.0064 writes/s of 150-byte rows. A page walks the "
										+ "months listed by Q8, newest first, one partition at a time. Each month, "
										+ "the busiest category's partition takes a third of the table's writes "
										+ "(past months take none). Moves and deletions (about one post in a "
										+ "hundred) leave tombstones in a month partition, which stops growing when "
										+ "its month ends")
							.withHottestKeyShare(BUSIEST_CATEGORY_SHARE)
							.withDeletesPerSecondPerPartition(0.00006))
					.withVariants(
							"SELECT category, month, created_at, post_id, author_id, title FROM posts_by_category "
									+ "WHERE category = ? AND month = ? AND (created_at, post_id) < (?, ?) LIMIT ?")
					.at(LOCAL_ONE),
				new AccessPattern("Q6", "a post's view count", "post_views",
						"SELECT views FROM post_views WHERE post_id = ?", "",
						SizingFacts.singleRow(6_000_000, COUNTER_ROW_BYTES, 50.0,
								"A counter per post; a viral post takes ~50 views/s, which one counter cell absorbs. "
										+ "~100 B: the counter's context, 34 B per replica that led an increment "
										+ "(sized like comment_counts, which the model check measures)"))
					.at(ONE),
				new AccessPattern("Q7", "how many comments a post has (enforces the thread cap)", "comment_counts",
						"SELECT comments FROM comment_counts WHERE post_id = ?", "",
						SizingFacts.singleRow(6_000_000, COUNTER_ROW_BYTES, 1.0,
								"A counter per post, one increment per comment. ~100 B: the counter's context, 34 B "
										+ "per replica that led an increment, up to three (the single test node "
										+ "measures ~86 B per one-row partition, key included)"))
					.at(ONE),
				new AccessPattern("Q8", "the months in which a category has posts, newest first (Q5's bucket index)",
						"category_months", "SELECT month FROM category_months WHERE category = ?", "month DESC",
						new SizingFacts(20, 120, 20, 0.0064,
								"Twelve rows a year per category (120 after ten years, ~2.4 KB); every post "
										+ "upserts its month's row again, so writes follow the category's "
										+ "post rate: the busiest category's partition takes a third of them")
							.withHottestKeyShare(BUSIEST_CATEGORY_SHARE))
					.at(LOCAL_ONE));
	}

	@Override
	public List<WritePattern> writePatterns() {
		List<WritePattern> patterns = new ArrayList<>(ownWritePatterns());
		patterns.addAll(WriteIntentsCatalog.writePatterns());
		return patterns;
	}

	private static List<WritePattern> ownWritePatterns() {
		return List.of(new WritePattern("W1",
				"Publish a post: a lightweight transaction, so a replay of the same post id changes nothing",
				"posts_by_id",
				"INSERT INTO posts_by_id (post_id, author_id, title, body, category, previous_category, created_at, "
						+ "version, write_time, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS")
			.at(LWT_LOCAL_SERIAL),
				new WritePattern("W2",
						"Decide a post's next version (an edit, or the deletion mark): a lightweight transaction on "
								+ "the version read, so of two concurrent edits exactly one applies",
						"posts_by_id",
						"UPDATE posts_by_id SET title = ?, body = ?, category = ?, previous_category = ?, version = ?, "
								+ "write_time = ?, deleted = ? WHERE post_id = ? IF version = ?")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W3",
						"Remove a deleted post's row once its copies are gone, unless it changed meanwhile",
						"posts_by_id", "DELETE FROM posts_by_id WHERE post_id = ? IF version = ?")
					.at(LWT_LOCAL_SERIAL),
				new WritePattern("W4", "Copy a post version into its author's list (every version overwrites the row)",
						"posts_by_author",
						"INSERT INTO posts_by_author (author_id, created_at, post_id, title, category) "
								+ "VALUES (?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W5", "Remove a deleted post from its author's list", "posts_by_author",
						"DELETE FROM posts_by_author WHERE author_id = ? AND created_at = ? AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W6", "Count a view (a counter increment: not idempotent, never retried)",
						"post_views", "UPDATE post_views SET views = views + ? WHERE post_id = ?")
					.at(ONE),
				new WritePattern("W7", "Remove a deleted post's view count", "post_views",
						"DELETE FROM post_views WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W8", "Add a comment (its own key: a retry writes the same row)", "comments_by_post",
						"INSERT INTO comments_by_post (post_id, created_at, comment_id, author_name, comment_text) "
								+ "VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W9", "Remove a deleted post's thread: one partition tombstone", "comments_by_post",
						"DELETE FROM comments_by_post WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W10", "Count a comment (a counter increment: not idempotent, never retried)",
						"comment_counts", "UPDATE comment_counts SET comments = comments + ? WHERE post_id = ?")
					.at(ONE),
				new WritePattern("W11", "Remove a deleted post's comment count", "comment_counts",
						"DELETE FROM comment_counts WHERE post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W12", "Copy a post version under its category (legacy table)", POSTS_BY_CATEGORY_V1,
						"INSERT INTO posts_by_category_v1 (category, created_at, post_id, author_id, title) "
								+ "VALUES (?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W13", "Remove a post from a category (it moved, or was deleted; legacy table)",
						POSTS_BY_CATEGORY_V1,
						"DELETE FROM posts_by_category_v1 WHERE category = ? AND created_at = ? AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W14", "Copy a post version under its category, in its month", "posts_by_category",
						"INSERT INTO posts_by_category (category, month, created_at, post_id, author_id, title) "
								+ "VALUES (?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W15", "Remove a post from a category's month (it moved, or was deleted)",
						"posts_by_category",
						"DELETE FROM posts_by_category WHERE category = ? AND month = ? AND created_at = ? "
								+ "AND post_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W16",
						"Record a month in which a category has posts (the same cell again: idempotent)",
						"category_months", "INSERT INTO category_months (category, month) VALUES (?, ?)")
					.at(LOCAL_QUORUM));
	}

	/**
	 * Every route's partition budget, computed from the service's default settings, bound
	 * here exactly as the application binds them (the category pages' month cap). A
	 * lightweight transaction's partition counts as read (Paxos reads it to evaluate the
	 * condition); a counter increment is a write, and is not counted. Reads that depend
	 * on the posts-by-category migration's phase are stated for the phase that reads the
	 * most (the category pages once reads come from the month buckets; the migrations
	 * endpoint once a backfill and a verify ran). The engine's reads of its own state
	 * count like any other: they run in the request.
	 */
	@Override
	public List<RouteBudget> routeBudgets() {
		CategoryProperties categories = new Binder().bindOrCreate("querydriven.blog-platform.category",
				CategoryProperties.class);
		int categoryPage = 1 + categories.maxBucketsPerPage();
		String status = "the migration's state, and the checkpoints of its backfill run and of its verify run (once "
				+ "both ran)";
		String job = "; a backfill or verify it starts runs in the background, as a job outside the request (its "
				+ "token-range scans read whole tables, and show their progress in the status)";
		int migrationStatus = MIGRATION_STATUS_PARTITIONS;
		// Routes that route on the migration's phase: the engine answers from memory,
		// refreshed in the background; only when that refresh has failed for a whole
		// refresh interval does the request read the phase itself. That read is their
		// worst case (the tests reach it with a ticker that ages the phase out); the
		// steady state reads one partition fewer.
		String phase = "; and the migration's phase, read by the request itself when the engine's copy is older "
				+ "than the refresh interval (its background refresh failed): one fewer in the steady state";
		// A change of a post is recorded in write_intents before it begins, and marked
		// completed once its copies are written: two more writes per publication, edit or
		// deletion, and no read (the sweeper's reads run outside the requests). A keyed
		// create claims its key with a lightweight transaction, which reads the claim's
		// partition: one more read, and the worst case of the creates.
		String claim = "; with an Idempotency-Key, the key's claim in idempotency_keys (a lightweight transaction)";
		return List.of(
				new RouteBudget("POST /posts", 3, 3,
						"the new post's row: its lightweight transaction (a replay reads it again); the copies, the "
								+ "change's intent and its completion are writes" + claim + phase),
				new RouteBudget("GET /posts/{postId}", 2, 2, "the post and its view counter"),
				new RouteBudget("PUT /posts/{postId}", 3, 3,
						"the post (read, then its version's lightweight transaction) and its view counter; the "
								+ "copies, the change's intent and its completion are writes" + phase),
				new RouteBudget("DELETE /posts/{postId}", 2, 2,
						"the post: read, then the deletion mark's and the row removal's lightweight transactions; "
								+ "the copies, counters and thread are deleted, and the change's intent and its "
								+ "completion written (writes)" + phase),
				new RouteBudget("POST /posts/{postId}/views", 1, 1,
						"the post (it must exist); the counter increment is a write"),
				new RouteBudget("GET /categories/{category}/posts", categoryPage + 1, categoryPage + 1,
						"once reads come from the month buckets: the category's month index, then month after month "
								+ "until the page is full: at most " + categories.maxBucketsPerPage()
								+ " (querydriven.blog-platform.category.max-buckets-per-page), then the page ends with a "
								+ "cursor to the next month. Before the cut-over: the legacy table's one partition"
								+ phase),
				new RouteBudget("GET /authors/{authorId}/posts", 1, 1, "the author's list: one partition"),
				new RouteBudget("POST /posts/{postId}/comments", 3, 3,
						"the post and its comment count (the thread's cap); the comment and the increment are "
								+ "writes" + claim),
				new RouteBudget("GET /posts/{postId}/comments", 2, 2, "the post and its thread: one partition each"),
				new RouteBudget("GET /actuator/migrations", TABLE_MIGRATIONS * migrationStatus,
						TABLE_MIGRATIONS * migrationStatus,
						"per registered migration (" + TABLE_MIGRATIONS + "): " + status),
				new RouteBudget("GET /actuator/migrations/{name}", migrationStatus, migrationStatus, status),
				new RouteBudget("POST /actuator/migrations/{name}/{action}", migrationStatus, migrationStatus,
						"advance, rollback or resume: the state, read and changed (or, to resume, leased) by a "
								+ "lightweight transaction, then the status: " + status + job));
	}

	@Override
	public Map<String, String> infrastructureTables() {
		Map<String, String> tables = new LinkedHashMap<>(QueryCatalog.super.infrastructureTables());
		tables.putAll(MigrationSchema.INFRASTRUCTURE_TABLES);
		// The shared modules' own schema histories: each set of schema files (the write
		// intents', the keyed creates') is applied by the service's migrations with a
		// history and a lock of its own.
		for (String module : List.of("write_intents", "idempotency_keys")) {
			tables.put(module + "__schema_migration",
					"applied schema versions of the shared " + module + " tables (cassandra-migration)");
			tables.put(module + "__schema_migration_leader",
					"the migration lock of the shared " + module + " tables (cassandra-migration)");
		}
		return tables;
	}

	@Override
	public List<CatalogExemption> exemptions() {
		String reason = "Deliberate anti-pattern of the migration showcase (the guide's Anti-Patterns 2 and 3: an "
				+ "unbounded partition per low-cardinality category, whose moves and deletions leave tombstones in "
				+ "the partitions every page reads). The service starts on it so that a workshop can watch the "
				+ "posts-by-category migration move Q4 to the bucketed posts_by_category (Q5) while the service "
				+ "keeps serving; after the cut-over nothing reads it and a later schema step drops it.";
		return List.of(new CatalogExemption(POSTS_BY_CATEGORY_V1, "partition-size", reason),
				new CatalogExemption(POSTS_BY_CATEGORY_V1, "distribution", reason),
				new CatalogExemption(POSTS_BY_CATEGORY_V1, "tombstones", reason),
				new CatalogExemption("category_months", "low-cardinality",
						"A bucket index, not a data table: one partition per category holding twelve tiny rows a "
								+ "year (~2.4 KB after ten years), written at the category's post rate (0.0064/s). "
								+ "Few partitions cost nothing at that size and rate; it is read once per category "
								+ "page (at LOCAL_ONE, so by any replica), and a service with very hot categories "
								+ "would cache the list, which changes once a month."));
	}

}
