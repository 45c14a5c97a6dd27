package dev.querydriven.modelcheck;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.fixture.Fixtures;
import dev.querydriven.modelcheck.fixture.anti.AntiPatternCatalog;
import dev.querydriven.modelcheck.fixture.good.GoodModelCatalog;
import dev.querydriven.modelcheck.report.ReportRenderer;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The checks against the live schema of the real test node: the guide's good designs
 * pass, each of its anti-patterns (and its own {@code orders_by_status}) is caught.
 */
@CassandraTest
class ModelCheckIntegrationTests {

	private static CqlSession good;

	private static CqlSession anti;

	@BeforeAll
	static void loadFixtures() {
		Fixtures.load("guide-good", Fixtures.GOOD);
		Fixtures.load("guide-anti-patterns", Fixtures.ANTI);
		good = SharedCassandra.serviceSession(Fixtures.GOOD);
		anti = SharedCassandra.serviceSession(Fixtures.ANTI);
	}

	@AfterAll
	static void closeSessions() {
		good.close();
		anti.close();
	}

	/**
	 * The guide's users_by_id, bucketed posts_by_user and hourly sensor_data (and the
	 * article's bounded comments_by_post) pass every check, with a test for every query.
	 */
	@Test
	void guideGoodDesignsPassEveryCheck() {
		ModelReport report = ModelCheck.builder(new GoodModelCatalog(), good)
			.evidence(evidence("dev.querydriven.modelcheck.fixture.good"))
			.build()
			.run();
		assertThat(report.findings()).isEmpty();
		assertThat(report.failed()).isFalse();
		assertThat(report.queries()).extracting((query) -> query.pattern().id(), QueryAnalysis::partitions)
			.containsExactly(tuple("Q1", "1"), tuple("Q2", "1"), tuple("Q3", "1"), tuple("Q4", "1"), tuple("Q5", "1"));
		QueryAnalysis posts = report.queries().get(2);
		assertThat(posts.order()).isEqualTo("post_time DESC, post_id DESC");
		assertThat(posts.evidence()).isEqualTo("driver partition-key indices [0, 1]");
		assertThat(posts.tests()).containsExactly("ContentQueriesProof.postsComeNewestFirst");
		assertThat(report.queries().get(0).tests()).containsExactly("UserQueriesProof.userIsFoundByIdAndByEmail");
		assertThat(report.queries().get(0).code()).containsExactly("UserRepositoryFixture.findById");
		assertThat(report.queries().get(4).tests())
			.containsExactly("ContentQueriesProof.readingsAndCommentsComeInOrder");
		TableAnalysis sensorData = table(report, "sensor_data");
		assertThat(sensorData.growth()).isEqualTo("bounded by the time bucket (date, hour)");
		assertThat(sensorData.estimate().values()).isEqualTo(14_400);
		assertThat(sensorData.distribution().nodesOwningData()).isEqualTo(6);
		assertThat(table(report, "comments_by_post").growth())
			.isEqualTo("grows with time (created_at), lifetime declared");
	}

	/**
	 * A query without a test, and a test naming an undeclared query, fail the catalogue.
	 */
	@Test
	void untestedQueriesAndUnknownIdsFail() {
		ModelReport report = ModelCheck.builder(new GoodModelCatalog(), good)
			.evidence(evidence("dev.querydriven.modelcheck.fixture.partial"))
			.build()
			.run();
		assertThat(report.failures()).extracting(Finding::subject, Finding::rule)
			.containsExactlyInAnyOrder(tuple("Q2", "untested-query"), tuple("Q3", "untested-query"),
					tuple("Q4", "untested-query"), tuple("Q5", "untested-query"), tuple("Q9", "unknown-query-id"));
	}

	/**
	 * Inside this repository's build the advice also names the classes here that
	 * implement each pattern; for anyone else's model it names CQL and patterns only.
	 */
	@Test
	void adviceNamesThisRepositorysClassesOnlyInItsOwnBuild() {
		ModelReport outsider = ModelCheck.builder(new AntiPatternCatalog(), anti).build().run();
		ModelReport inside = ModelCheck.builder(new AntiPatternCatalog(), anti)
			.audience(Audience.THIS_REPOSITORY)
			.build()
			.run();
		assertThat(fix(outsider, "users", "secondary-index")).contains("lookup table", "USING TIMESTAMP")
			.doesNotContain("DualWriter");
		assertThat(fix(inside, "users", "secondary-index")).startsWith(fix(outsider, "users", "secondary-index"))
			.endsWith("In this repository: one `DenormalizedWrite` (`DualWriter`, one timestamp).");
		assertThat(fix(inside, "messages", "large-partition")).contains("`BucketSizeAdvisor`: ");
		assertThat(outsider.findings()).allSatisfy((finding) -> assertThat(finding.docs()).isNotNull());
	}

	private static String fix(ModelReport report, String subject, String rule) {
		return report.findings()
			.stream()
			.filter((finding) -> finding.subject().equals(subject) && finding.rule().equals(rule))
			.findFirst()
			.orElseThrow()
			.fix();
	}

	/**
	 * Every anti-pattern of the guide is caught: the secondary index for lookups, the
	 * unbounded partition, the low-cardinality key, the query without the partition key,
	 * the large partition; and the unlogged batch, the list written by index and the SAI
	 * index as well. The largest country's 30% of the users is no hot partition at 50
	 * writes/s: its cost is the partition's size.
	 */
	@Test
	void everyGuideAntiPatternIsCaught() {
		ModelReport report = ModelCheck.builder(new AntiPatternCatalog(), anti).build().run();
		assertThat(report.findings()).extracting(Finding::subject, Finding::rule, Finding::verdict)
			.contains(tuple("users", "secondary-index", Verdict.FAIL),
					tuple("Q1", "partition-key-missing", Verdict.FAIL),
					tuple("Q1", "non-key-restriction", Verdict.FAIL),
					tuple("events", "unbounded-partition", Verdict.FAIL),
					tuple("users_by_country", "low-cardinality", Verdict.WARN),
					tuple("users_by_country", "large-partition", Verdict.FAIL),
					tuple("Q2", "needs-filtering", Verdict.FAIL), tuple("messages", "large-partition", Verdict.FAIL),
					tuple("Q8", "unlogged-batch", Verdict.FAIL), tuple("Q9", "list-read-before-write", Verdict.FAIL),
					tuple("products", "sai-index", Verdict.FAIL));
		assertThat(report.findings()).noneMatch((finding) -> finding.rule().equals("unusable-statement"))
			.noneMatch((finding) -> finding.rule().equals("hot-partition"));
		Finding large = report.findings()
			.stream()
			.filter((finding) -> finding.subject().equals("messages") && finding.rule().equals("large-partition"))
			.findFirst()
			.orElseThrow();
		assertThat(large.problem()).contains("2,000,000 rows", "1.0 GB");
		assertThat(large.why()).contains("Partitions should be < 100MB");
		assertThat(large.fix()).contains("hour").doesNotContain("BucketSizeAdvisor");
		assertThat(large.docs()).isEqualTo(DocLink.TIME_BUCKETS);
		assertThat(table(report, "users").estimate().rows()).isEqualTo(1);
	}

	/**
	 * The guide's own {@code orders_by_status (status, order_time)}: five values on six
	 * nodes, one unbounded partition per status, deletes on the partition read
	 * oldest-first, and orders of the same millisecond overwriting each other. Its
	 * 'delivered' status takes 60% of the orders, but at 200 writes/s that partition is
	 * no bottleneck.
	 */
	@Test
	void guideOrdersByStatusIsCaught() {
		ModelReport report = ModelCheck.builder(new AntiPatternCatalog(), anti).build().run();
		assertThat(report.findingsAbout("orders_by_status")).extracting(Finding::rule, Finding::verdict)
			.containsExactlyInAnyOrder(tuple("unbounded-partition", Verdict.FAIL),
					tuple("low-cardinality", Verdict.FAIL), tuple("tombstones", Verdict.WARN),
					tuple("timestamp-collision", Verdict.WARN));
		Finding tombstones = report.findingsAbout("orders_by_status")
			.stream()
			.filter((finding) -> finding.rule().equals("tombstones"))
			.findFirst()
			.orElseThrow();
		assertThat(tombstones.problem()).contains("Q7 deletes rows", "Q6, oldest first", "150/s");
		QueryAnalysis pending = report.queries().get(5);
		assertThat(pending.evidence()).isEqualTo("parsed structure (constants in the key)");
		assertThat(pending.order()).isEqualTo("order_time ASC");
		assertThat(table(report, "orders_by_status").distribution().nodesOwningData()).isLessThanOrEqualTo(5);
	}

	/**
	 * Query shapes: an IN over three partitions and a bound IN warn, a token scan and an
	 * order the clustering cannot serve fail, reading against the clustering order warns,
	 * ALLOW FILTERING is refused; a TTL leaves tombstones among the rows read unless the
	 * table is bucketed by time.
	 */
	@Test
	void queryShapesAreJudgedByThePartitionsTheyTouch() {
		List<AccessPattern> extra = List.of(
				new AccessPattern("Q6", "three users", "users_by_id",
						"SELECT * FROM users_by_id WHERE user_id IN (" + UUID.randomUUID() + ", " + UUID.randomUUID()
								+ ", " + UUID.randomUUID() + ")",
						"", null),
				new AccessPattern("Q7", "some users", "users_by_id", "SELECT * FROM users_by_id WHERE user_id IN ?", "",
						null),
				new AccessPattern("Q8", "a token range", "users_by_id",
						"SELECT * FROM users_by_id WHERE token(user_id) > ?", "", null),
				new AccessPattern("Q9", "posts oldest first", "posts_by_user",
						"SELECT * FROM posts_by_user WHERE user_id = ? AND month = ?", "post_time ASC", null),
				new AccessPattern("Q10", "posts oldest first, reversed", "posts_by_user",
						"SELECT * FROM posts_by_user WHERE user_id = ? AND month = ? ORDER BY post_time ASC, post_id ASC",
						"post_time ASC, post_id ASC", null),
				new AccessPattern("Q11", "a user, filtered", "users_by_id",
						"SELECT * FROM users_by_id WHERE user_id = ? AND username = ? ALLOW FILTERING", "", null),
				new AccessPattern("Q12", "a reading that expires", "sensor_data",
						"INSERT INTO sensor_data (sensor_id, date, hour, reading_time, temperature) "
								+ "VALUES (?, ?, ?, ?, ?) USING TTL 604800",
						"", null),
				new AccessPattern("Q13", "a comment that expires", "comments_by_post",
						"INSERT INTO comments_by_post (post_id, created_at, comment_id, comment_text) "
								+ "VALUES (?, ?, ?, ?) USING TTL 604800",
						"", null));
		ModelReport report = ModelCheck.builder(catalog(new GoodModelCatalog(), extra), good).build().run();
		assertThat(report.findings()).extracting(Finding::subject, Finding::rule, Finding::verdict)
			.containsExactlyInAnyOrder(tuple("Q6", "multi-partition-in", Verdict.WARN),
					tuple("Q7", "multi-partition-in", Verdict.WARN), tuple("Q8", "token-range-scan", Verdict.FAIL),
					tuple("Q9", "order-not-served", Verdict.FAIL), tuple("Q10", "reversed-order", Verdict.WARN),
					tuple("Q11", "allow-filtering", Verdict.FAIL),
					tuple("comments_by_post", "tombstones", Verdict.WARN));
		assertThat(report.queries()).extracting((query) -> query.pattern().id(), QueryAnalysis::partitions)
			.contains(tuple("Q6", "3 (IN)"), tuple("Q7", "several (IN ?)"), tuple("Q8", "every partition"),
					tuple("Q11", "every partition (refused)"));
	}

	/**
	 * The catalogue matches the schema: a query on a missing table, a CQL naming another
	 * table than declared, and tables serving no query all fail.
	 */
	@Test
	void catalogueMustMatchTheSchema() {
		QueryCatalog catalog = catalog(Fixtures.ANTI, List.of(
				new AccessPattern("Q1", "a product", "products", "SELECT * FROM products WHERE product_id = ?", "",
						null),
				new AccessPattern("Q2", "a user", "users_by_id", "SELECT * FROM users WHERE user_id = ?", "", null),
				new AccessPattern("Q3", "a missing table", "nope", "SELECT * FROM nope WHERE k = ?", "", null)));
		ModelReport report = ModelCheck.builder(catalog, anti).build().run();
		assertThat(report.failures()).extracting(Finding::subject, Finding::rule)
			.contains(tuple("Q2", "missing-table"), tuple("Q2", "table-mismatch"), tuple("Q3", "missing-table"),
					tuple("Q3", "unusable-statement"), tuple("events", "unserved-table"),
					tuple("messages", "unserved-table"), tuple("orders_by_status", "unserved-table"),
					tuple("users_by_country", "unserved-table"));
		assertThat(report.failures()).filteredOn((finding) -> finding.rule().equals("unserved-table"))
			.extracting(Finding::subject)
			.doesNotContain("products", "users");
	}

	/**
	 * A lightweight transaction's condition is a read: Paxos reads the row on the
	 * replicas to decide it, and a write that does not apply answers the row it found. A
	 * table written only by lightweight transactions ({@code IF NOT EXISTS},
	 * {@code IF column = ...}, {@code IF EXISTS}) is read, and the report says by what; a
	 * table written only by plain writes is still an {@code unread-table}.
	 */
	@Test
	void lightweightTransactionsReadTheTablesTheyWrite() {
		QueryCatalog catalog = catalog(Fixtures.ANTI, List.of(new AccessPattern("Q1", "record an event once", "events",
				"INSERT INTO events (user_id, event_time, event_type) VALUES (?, ?, ?) IF NOT EXISTS", "", null),
				new AccessPattern("Q2", "rename a user of a country, if unchanged", "users_by_country",
						"UPDATE users_by_country SET name = ? WHERE country = ? AND user_id = ? IF name = ?", "", null),
				new AccessPattern("Q3", "an order leaves 'pending', if it is there", "orders_by_status",
						"DELETE FROM orders_by_status WHERE status = ? AND order_time = ? IF EXISTS", "", null),
				new AccessPattern("Q4", "post a message", "messages",
						"INSERT INTO messages (thread_id, message_time, sender, content) VALUES (?, ?, ?, ?)", "",
						null),
				new AccessPattern("Q5", "a product by id", "products",
						"SELECT name, category FROM products WHERE product_id = ?", "", null),
				new AccessPattern("Q6", "rename a product", "products",
						"UPDATE products SET name = ? WHERE product_id = ?", "", null)));
		ModelReport report = ModelCheck.builder(catalog, anti).build().run();
		assertThat(report.findings()).filteredOn((finding) -> finding.rule().equals("unread-table"))
			.extracting(Finding::subject)
			.containsExactly("messages");
		assertThat(report.findings()).filteredOn((finding) -> finding.check() == Check.CATALOGUE)
			.extracting(Finding::subject)
			.doesNotContain("events", "users_by_country", "orders_by_status", "products");
		assertThat(table(report, "events").queries()).containsExactly("Q1");
		assertThat(table(report, "events").conditionReads()).containsExactly("Q1");
		assertThat(table(report, "products").queries()).containsExactly("Q5");
		assertThat(table(report, "products").conditionReads()).isEmpty();
		assertThat(table(report, "messages").queries()).isEmpty();
		assertThat(ReportRenderer.markdown(report, ReportRenderer.Part.COMMITTED)).contains(
				"| Serves | Q1 (read by the LWT's condition) |", "| Serves | Q2 (read by the LWT's condition) |",
				"| Serves | Q3 (read by the LWT's condition) |", "| Serves | Q5 |", "| Serves | no query |",
				"Table `messages` is written by the catalogue's statements but read by none of them");
	}

	/**
	 * A key taking more than a node's share of the load is a hot partition only when its
	 * partition also writes faster than one partition sustains: a third of the posts of
	 * {@code (user_id, month)} on one key passes at 0.0012 writes/s (the skew is left out
	 * of the simulation, and the report says so), fails at 2,000/s (hot and unevenly
	 * spread), and 2,000/s without the skew only warns.
	 */
	@Test
	void skewedKeyIsAHotPartitionOnlyAboveTheSustainableWriteRate() {
		SizingFacts posts = new GoodModelCatalog().accessPatterns()
			.stream()
			.filter((pattern) -> pattern.table().equals("posts_by_user"))
			.findFirst()
			.orElseThrow()
			.facts();
		ModelReport slow = ModelCheck.builder(withPostsFacts(posts.withHottestKeyShare(0.33)), good).build().run();
		assertThat(slow.findings()).isEmpty();
		assertThat(table(slow, "posts_by_user").distribution().imbalance()).isLessThan(1.25);
		assertThat(ReportRenderer.markdown(slow, ReportRenderer.Part.COMMITTED))
			.contains("the busiest key's declared 33.0% is not simulated: its writes (0.00120/s)");

		SizingFacts busy = new SizingFacts(240_000_000, 3_100, 300, 2_000, "a bot posting 2,000 times a second");
		ModelReport hot = ModelCheck.builder(withPostsFacts(busy.withHottestKeyShare(0.33)), good).build().run();
		assertThat(hot.findingsAbout("posts_by_user")).extracting(Finding::rule, Finding::verdict)
			.containsExactlyInAnyOrder(tuple("hot-partition", Verdict.FAIL),
					tuple("uneven-distribution", Verdict.FAIL));
		assertThat(hot.findingsAbout("posts_by_user")).filteredOn((finding) -> finding.rule().equals("hot-partition"))
			.singleElement()
			.satisfies((finding) -> assertThat(finding.problem()).contains("2,000/s", "33.0%",
					"no number of nodes can spread it"));

		ModelReport even = ModelCheck.builder(withPostsFacts(busy), good).build().run();
		assertThat(even.findingsAbout("posts_by_user")).extracting(Finding::rule, Finding::verdict)
			.containsExactly(tuple("hot-partition", Verdict.WARN));
	}

	/**
	 * Reviewed exemptions move findings out of the failures; an exemption covering
	 * nothing warns.
	 */
	@Test
	void exemptionsAreReportedNotFailed() {
		QueryCatalog exempted = new AntiPatternCatalog() {
			@Override
			public List<CatalogExemption> exemptions() {
				return List.of(new CatalogExemption("users_by_country", "distribution", "reviewed: a reporting table"),
						new CatalogExemption("users_by_country", "large-partition", "reviewed: archived yearly"),
						new CatalogExemption("products", "partition-size", "nothing to exempt"));
			}
		};
		ModelReport report = ModelCheck.builder(exempted, anti).build().run();
		assertThat(report.exempted())
			.extracting((finding) -> finding.finding().rule(), (finding) -> finding.exemption().reason())
			.containsExactlyInAnyOrder(tuple("low-cardinality", "reviewed: a reporting table"),
					tuple("large-partition", "reviewed: archived yearly"));
		assertThat(report.findingsAbout("users_by_country")).isEmpty();
		assertThat(report.findings()).extracting(Finding::subject, Finding::rule, Finding::verdict)
			.contains(tuple("products", "stale-exemption", Verdict.WARN));
		String markdown = ReportRenderer.markdown(report, ReportRenderer.Part.COMMITTED);
		assertThat(markdown).contains("## Exempted (reviewed)", "reviewed: archived yearly");
	}

	/**
	 * The simulation hashes keys with the driver's Murmur3 exactly as the node does, for
	 * a single and a composite partition key.
	 */
	@Test
	void simulatedTokensAreTheNodesTokens() {
		UUID user = UUID.randomUUID();
		good.execute(good.prepare("INSERT INTO users_by_id (user_id, username) VALUES (?, ?)").bind(user, "ann"));
		long nodeToken = good
			.execute(good.prepare("SELECT token(user_id) FROM users_by_id WHERE user_id = ?").bind(user))
			.one()
			.getLong(0);
		ByteBuffer uuid = ByteBuffer.allocate(16)
			.putLong(user.getMostSignificantBits())
			.putLong(user.getLeastSignificantBits())
			.flip();
		assertThat(RingSimulation.murmur3(uuid)).isEqualTo(nodeToken);
		String sensor = "sensor-" + UUID.randomUUID();
		good.execute(good
			.prepare(
					"INSERT INTO sensor_data (sensor_id, date, hour, reading_time, temperature) VALUES (?, ?, ?, ?, ?)")
			.bind(sensor, "2026-05-01", 14, Instant.parse("2026-05-01T14:00:00Z"), 21.5));
		long compositeToken = good.execute(good
			.prepare("SELECT token(sensor_id, date, hour) FROM sensor_data WHERE sensor_id = ? AND date = ? "
					+ "AND hour = ? LIMIT 1")
			.bind(sensor, "2026-05-01", 14)).one().getLong(0);
		assertThat(RingSimulation.murmur3(ByteBuffer.wrap(sensor.getBytes(StandardCharsets.UTF_8)),
				ByteBuffer.wrap("2026-05-01".getBytes(StandardCharsets.UTF_8)),
				ByteBuffer.allocate(4).putInt(14).flip()))
			.isEqualTo(compositeToken);
	}

	/**
	 * After loading comments and flushing, the node's own partition figures agree with
	 * the estimate's bytes per row; the committed report leaves them out.
	 */
	@Test
	void measuredPartitionsAgreeWithTheEstimate() throws Exception {
		PreparedStatement insert = good.prepare("INSERT INTO comments_by_post (post_id, created_at, comment_id, "
				+ "author_name, comment_text) VALUES (?, ?, ?, ?, ?)");
		List<CompletableFuture<AsyncResultSet>> writes = new ArrayList<>();
		Instant start = Instant.parse("2026-05-01T00:00:00Z");
		String text = "x".repeat(100);
		for (int post = 0; post < 20; post++) {
			UUID postId = UUID.randomUUID();
			for (int comment = 0; comment < 200; comment++) {
				CompletionStage<AsyncResultSet> write = good.executeAsync(
						insert.bind(postId, start.plusSeconds(comment), UUID.randomUUID(), "author-" + comment, text));
				writes.add(write.toCompletableFuture());
				if (writes.size() == 64) {
					CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
					writes.clear();
				}
			}
		}
		CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
		ModelReport report;
		try (JmxTableMetrics metrics = JmxTableMetrics.connect(SharedCassandra.backend().jmxAddress().orElseThrow())) {
			report = ModelCheck.builder(new GoodModelCatalog(), good).metrics(metrics).build().run();
		}
		MeasuredTable comments = report.measured()
			.stream()
			.filter((table) -> table.table().equals("comments_by_post"))
			.findFirst()
			.orElseThrow();
		assertThat(comments.rows()).isGreaterThanOrEqualTo(20 * 200);
		assertThat(comments.partitions()).isGreaterThanOrEqualTo(20);
		assertThat(comments.maxPartitionBytes()).isGreaterThanOrEqualTo(comments.meanPartitionBytes());
		// The estimate (declared 134 B of values + 8 B per cell) is within a factor of
		// the node's serialized rows: the declared facts describe this data.
		assertThat(comments.measuredBytesPerRow()).isBetween(comments.estimatedBytesPerRow() / 2,
				comments.estimatedBytesPerRow() * 3 / 2);
		assertThat(report.measuredFindings()).isEmpty();
		assertThat(ReportRenderer.markdown(report, ReportRenderer.Part.FULL)).contains("## Measured (this run only)",
				"`comments_by_post`");
		assertThat(ReportRenderer.markdown(report, ReportRenderer.Part.COMMITTED)).doesNotContain("Measured");
	}

	/**
	 * A table holding more tombstones than the node's warning threshold is measured
	 * without a driver warning: the count scan's warning is a measurement, quoted in the
	 * measured notes (this test's Cassandra-warnings extension fails on a logged one).
	 */
	@Test
	void tombstonesMetByTheCountScanAreReportedNotLogged() throws Exception {
		PreparedStatement delete = good
			.prepare("DELETE FROM comments_by_post WHERE post_id = ? AND created_at = ? AND comment_id = ?");
		List<CompletableFuture<AsyncResultSet>> deletes = new ArrayList<>();
		UUID postId = UUID.randomUUID();
		Instant start = Instant.parse("2026-05-01T00:00:00Z");
		for (int comment = 0; comment < 1_100; comment++) {
			deletes.add(good.executeAsync(delete.bind(postId, start.plusSeconds(comment), UUID.randomUUID()))
				.toCompletableFuture());
			if (deletes.size() == 64) {
				CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)).join();
				deletes.clear();
			}
		}
		CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)).join();
		ModelReport report;
		try (JmxTableMetrics metrics = JmxTableMetrics.connect(SharedCassandra.backend().jmxAddress().orElseThrow())) {
			report = ModelCheck.builder(new GoodModelCatalog(), good).metrics(metrics).build().run();
		}
		assertThat(report.measuredNotes()).anySatisfy(
				(note) -> assertThat(note).startsWith("`comments_by_post`: the node warned").contains("tombstone"));
		assertThat(ReportRenderer.markdown(report, ReportRenderer.Part.COMMITTED)).doesNotContain("tombstone cells");
	}

	/** A keyspace that does not exist fails at once. */
	@Test
	void missingKeyspaceFails() {
		ModelReport report = ModelCheck.builder(catalog("model_check_absent", List.of()), good).build().run();
		assertThat(report.failures()).extracting(Finding::rule).containsExactly("missing-keyspace");
	}

	private static QueryEvidence evidence(String basePackage) {
		Path classes = Path.of("target/test-classes");
		return QueryEvidence.scan(ModelCheckIntegrationTests.class.getClassLoader(), basePackage, classes, classes);
	}

	private static TableAnalysis table(ModelReport report, String name) {
		return report.tables().stream().filter((table) -> table.name().equals(name)).findFirst().orElseThrow();
	}

	/** The good designs with other facts for {@code posts_by_user}. */
	private static QueryCatalog withPostsFacts(SizingFacts facts) {
		List<AccessPattern> patterns = new ArrayList<>();
		for (AccessPattern pattern : new GoodModelCatalog().accessPatterns()) {
			patterns.add(pattern.table().equals("posts_by_user") ? new AccessPattern(pattern.id(),
					pattern.description(), pattern.table(), pattern.cql(), pattern.order(), facts) : pattern);
		}
		return catalog(Fixtures.GOOD, patterns);
	}

	private static QueryCatalog catalog(QueryCatalog base, List<AccessPattern> extra) {
		List<AccessPattern> patterns = new ArrayList<>(base.accessPatterns());
		patterns.addAll(extra);
		return catalog(base.keyspace(), patterns);
	}

	private static QueryCatalog catalog(String keyspace, List<AccessPattern> patterns) {
		return new QueryCatalog() {
			@Override
			public String keyspace() {
				return keyspace;
			}

			@Override
			public List<AccessPattern> accessPatterns() {
				return patterns;
			}
		};
	}

}
