package dev.querydriven.blogplatform.migration;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.blogplatform.BlogTables;
import dev.querydriven.blogplatform.ManagementPort;
import dev.querydriven.blogplatform.post.NewPost;
import dev.querydriven.blogplatform.post.PostService;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.devrun.DevTokens;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The migration showcase end to end, over HTTP, on the real node: the category query
 * moves from the legacy table to the bucketed one while the service keeps serving (posts
 * published, edited, moved and deleted all along, including during the backfill), each
 * transition driven and guarded through the {@code migrations} actuator endpoint (on the
 * management port, as an admin), and reads following the phase.
 *
 * <p>
 * The migration gets a name of its own in this test application, so its state never mixes
 * with another test's; the backfill and verify scan the whole legacy table, which also
 * holds the rows other tests wrote (they are copied and checked like any other).
 *
 * <p>
 * One of the two test classes with an application context of their own (not
 * {@code @BlogPlatformIntegrationTest}): the phases it moves through decide where every
 * instance writes and reads, so in the shared context they would reroute the other tests'
 * category copies and pages; its guards wait on the wall clock (the settle margin after
 * dual writes began), which the shared context's frozen test clock would hold shut; and
 * it needs a fast phase refresh.
 *
 * <p>
 * It runs after the other classes (only the conformance suite comes later): it ends in
 * {@code NEW_ONLY}, having edited posts in the new table only, so the two category tables
 * disagree from then on, and a migration verified after it (the partition-budget test
 * takes the service's own through its phases) would find those posts different.
 */
@Order(Integer.MAX_VALUE - 1)
@ActiveProfiles("test")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "querydriven.blog-platform.migration.refresh-interval=1s",
				"querydriven.blog-platform.migration.settle-margin=500ms",
				"querydriven.blog-platform.migration.recheck-delay=200ms" })
@AutoConfigureWebTestClient(timeout = "30s")
@CassandraTest
class MigrationIntegrationTests {

	private static final String NAME = "posts-by-category-test-" + UUID.randomUUID().toString().substring(0, 8);

	private static final Duration PATIENCE = Duration.ofSeconds(90);

	@Autowired
	private WebTestClient client;

	@Autowired
	private PostService posts;

	@Autowired
	private CqlSession session;

	@Autowired
	private DevTokens tokens;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final Map<UUID, Post> expected = new ConcurrentHashMap<>();

	@DynamicPropertySource
	static void migrationName(DynamicPropertyRegistry registry) {
		registry.add("querydriven.blog-platform.migration.category-migration.name", () -> NAME);
	}

	/**
	 * The whole journey: OLD_ONLY → DUAL_WRITE → BACKFILL (with live writes) → VERIFY
	 * (clean) → CUTOVER (reads from the buckets, a page cursor continuing across the
	 * switch) → NEW_ONLY; every out-of-order step is refused with a 409 and changes
	 * nothing; after the cut-over every post is in the new table with its latest values.
	 */
	@Test
	@ServesQuery({ "Q4", "Q5", "Q8" })
	void migratesTheCategoryQueryWhileServing() {
		BlogTables tables = new BlogTables(this.session);
		String hot = BlogTables.randomCategory();
		String quiet = BlogTables.randomCategory();
		seed(hot, 40, Duration.ofDays(4));
		seed(quiet, 8, Duration.ofDays(20));

		// OLD_ONLY: the legacy table only.
		Map<String, Object> status = status();
		assertThat(status).containsEntry("phase", "OLD_ONLY")
			.containsEntry("writesTo", List.of("posts_by_category_v1"))
			.containsEntry("readsFrom", "posts_by_category_v1");
		assertThat(list()).extracting((migration) -> migration.get("name")).containsExactly(NAME);
		assertThat(readCategory(hot, 7)).isEqualTo(expectedPage(hot));
		assertThat(tables.categoryMonths(hot)).isEmpty();

		// Out of order: refused, nothing changes.
		refused("BACKFILL", "one phase at a time");
		assertThat(status()).containsEntry("phase", "OLD_ONLY").containsEntry("revision", status.get("revision"));

		// DUAL_WRITE: every write goes to both tables; reads stay on the legacy one.
		assertThat(advance(null)).containsEntry("phase", "DUAL_WRITE")
			.containsEntry("writesTo", List.of("posts_by_category_v1", "posts_by_category"))
			.containsEntry("readsFrom", "posts_by_category_v1");
		refused(null, "every instance dual-writes");
		UUID dualWritten = publishOverHttp(hot, "Written in both");
		assertThat(tables.legacyCategoryPosts(hot))
			.anySatisfy((row) -> assertThat(row.getUuid("post_id")).isEqualTo(dualWritten));
		assertThat(tables.bucketedCategoryPosts(hot, this.expected.get(dualWritten).createdAt()))
			.anySatisfy((row) -> assertThat(row.getUuid("post_id")).isEqualTo(dualWritten));

		// BACKFILL, with posts published, edited, moved and deleted while it copies.
		Traffic traffic = new Traffic(List.of(hot, quiet)).start();
		await().atMost(PATIENCE).pollInterval(Duration.ofMillis(200)).until(() -> tryAdvance("BACKFILL"));
		long advancedAt = System.nanoTime();
		await().atMost(PATIENCE)
			.pollInterval(Duration.ofMillis(100))
			.until(() -> backfill().get("complete").equals(true));
		long completedAt = System.nanoTime();
		long writes = traffic.stop();
		assertThat(writes).isPositive();
		assertThat(traffic.writesBetween(advancedAt, completedAt)).as("writes while the backfill ran").isPositive();
		assertThat(backfill()).containsEntry("percentDone", 100.0);
		// Posts published after the scan passed their token range are not copied: the
		// dual writes put them in the new table already.
		assertThat(((Number) backfill().get("rowsCopied")).longValue()).isPositive();

		// VERIFY: both tables compared, row by row, both ways; the cut-over waits for it.
		refused("CUTOVER", "one phase at a time");
		assertThat(advance("VERIFY")).containsEntry("phase", "VERIFY");
		await().atMost(PATIENCE)
			.pollInterval(Duration.ofMillis(200))
			.until(() -> verify() != null && verify().get("complete").equals(true));
		assertThat(verify()).containsEntry("clean", true)
			.containsEntry("missingInNew", 0)
			.containsEntry("differentInNew", 0)
			.containsEntry("extraInNew", 0);
		Map<String, Object> firstPage = page(hot, 5, null);

		// CUTOVER: reads come from the month buckets; a reader's cursor carries over.
		assertThat(advance("CUTOVER")).containsEntry("readsFrom", "posts_by_category");
		List<UUID> acrossTheSwitch = new ArrayList<>(ids(firstPage));
		acrossTheSwitch.addAll(readCategory(hot, 7, (String) firstPage.get("next")));
		assertThat(acrossTheSwitch).isEqualTo(expectedPage(hot));
		assertThat(readCategory(hot, 7)).isEqualTo(expectedPage(hot));
		assertThat(readCategory(quiet, 3)).isEqualTo(expectedPage(quiet));
		assertEveryPostInTheNewTableWithItsLatestValues(tables, hot);
		assertEveryPostInTheNewTableWithItsLatestValues(tables, quiet);

		// NEW_ONLY: the legacy table no longer receives writes; there is no way back.
		assertThat(advance("NEW_ONLY")).containsEntry("writesTo", List.of("posts_by_category"))
			.containsEntry("next", null);
		UUID edited = this.expected.values()
			.stream()
			.filter((post) -> post.category().equals(hot) && !post.deleted())
			.findFirst()
			.orElseThrow()
			.id();
		String before = this.expected.get(edited).title();
		edit(edited, Map.of("title", "Edited after the migration"));
		assertThat(readCategory(hot, 100)).contains(edited);
		assertThat(titleIn(tables.legacyCategoryPosts(hot), edited)).isEqualTo(before);
		assertThat(titleIn(tables.bucketedCategoryPosts(hot, this.expected.get(edited).createdAt()), edited))
			.isEqualTo("Edited after the migration");
		refused(null, "complete");
		admin().post()
			.uri("/actuator/migrations/{name}/rollback", NAME)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat((List<?>) status().get("history")).map(String::valueOf)
			.filteredOn((line) -> line.contains(" → "))
			.hasSize(5)
			.last()
			.asString()
			.contains("CUTOVER → NEW_ONLY");
	}

	/** An unknown migration is a 404 problem for every operation of the endpoint. */
	@Test
	void unknownMigrationIsNotFound() {
		admin().get().uri("/actuator/migrations/no-such-migration").exchange().expectStatus().isNotFound();
		admin().post()
			.uri("/actuator/migrations/no-such-migration/advance")
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	private void assertEveryPostInTheNewTableWithItsLatestValues(BlogTables tables, String category) {
		List<String> months = tables.categoryMonths(category);
		for (Post post : this.expected.values()) {
			List<Row> bucket = tables.bucketedCategoryPosts(category, post.createdAt());
			if (post.category().equals(category) && !post.deleted()) {
				assertThat(titleIn(bucket, post.id())).as("post %s", post.id()).isEqualTo(post.title());
				assertThat(months).contains(BlogTables.month(post.createdAt()));
			}
			else {
				assertThat(bucket).noneSatisfy((row) -> assertThat(row.getUuid("post_id")).isEqualTo(post.id()));
			}
		}
	}

	private void seed(String category, int count, Duration spacing) {
		Instant start = Instant.now().minus(spacing.multipliedBy(count));
		for (int i = 0; i < count; i++) {
			NewPost post = new NewPost(UUID.randomUUID(), UUID.randomUUID(), category + " #" + i, "body", category,
					start.plus(spacing.multipliedBy(i)));
			this.posts.publish(post).block();
			this.expected.put(post.postId(),
					new Post(post.postId(), post.authorId(), category, post.title(), post.createdAt(), false));
		}
	}

	private UUID publishOverHttp(String category, String title) {
		UUID authorId = UUID.randomUUID();
		Map<String, Object> created = this.client.mutateWith(Callers.bearer(this.tokens.forUser(authorId)))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", title, "body", "b", "category", category))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
		UUID id = UUID.fromString((String) created.get("id"));
		this.expected.put(id,
				new Post(id, authorId, category, title, Instant.parse((String) created.get("createdAt")), false));
		return id;
	}

	private void edit(UUID postId, Map<String, String> changes) {
		Post post = this.expected.get(postId);
		this.client.mutateWith(Callers.bearer(this.tokens.forUser(post.authorId())))
			.put()
			.uri("/posts/{id}", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(changes)
			.exchange()
			.expectStatus()
			.isOk();
		this.expected.put(postId, new Post(postId, post.authorId(), changes.getOrDefault("category", post.category()),
				changes.getOrDefault("title", post.title()), post.createdAt(), false));
	}

	/** The live posts of a category, newest first (the list's order). */
	private List<UUID> expectedPage(String category) {
		return this.expected.values()
			.stream()
			.filter((post) -> post.category().equals(category) && !post.deleted())
			.sorted(Comparator.comparing(Post::createdAt).reversed())
			.map(Post::id)
			.toList();
	}

	private List<UUID> readCategory(String category, int limit) {
		return readCategory(category, limit, null);
	}

	private List<UUID> readCategory(String category, int limit, String cursor) {
		List<UUID> read = new ArrayList<>();
		String next = cursor;
		do {
			Map<String, Object> page = page(category, limit, next);
			read.addAll(ids(page));
			next = (String) page.get("next");
		}
		while (next != null);
		return read;
	}

	private Map<String, Object> page(String category, int limit, String cursor) {
		return this.client.get()
			.uri((uri) -> uri.path("/categories/{category}/posts")
				.queryParam("limit", limit)
				.queryParamIfPresent("cursor", java.util.Optional.ofNullable(cursor))
				.build(category))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
	}

	@SuppressWarnings("unchecked")
	private static List<UUID> ids(Map<String, Object> page) {
		return ((List<Map<String, Object>>) page.get("items")).stream()
			.map((item) -> UUID.fromString((String) item.get("id")))
			.toList();
	}

	private static String titleIn(List<Row> rows, UUID postId) {
		return rows.stream()
			.filter((row) -> row.getUuid("post_id").equals(postId))
			.map((row) -> row.getString("title"))
			.findFirst()
			.orElse(null);
	}

	/** An operator: a client of the management port with an admin's token. */
	private WebTestClient admin() {
		return ManagementPort.client(this.managementPort)
			.mutateWith(Callers.bearer(this.tokens.forUser(UUID.randomUUID(), "admin")));
	}

	private Map<String, Object> status() {
		return admin().get()
			.uri("/actuator/migrations/{name}", NAME)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
	}

	private List<Map<String, Object>> list() {
		return admin().get()
			.uri("/actuator/migrations")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<List<Map<String, Object>>>() {
			})
			.returnResult()
			.getResponseBody();
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> backfill() {
		return (Map<String, Object>) status().get("backfill");
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> verify() {
		return (Map<String, Object>) status().get("verify");
	}

	private Map<String, Object> advance(String to) {
		return admin().post()
			.uri((uri) -> uri.path("/actuator/migrations/{name}/advance")
				.queryParamIfPresent("to", java.util.Optional.ofNullable(to))
				.build(NAME))
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
	}

	private boolean tryAdvance(String to) {
		return admin().post()
			.uri("/actuator/migrations/{name}/advance?to={to}", NAME, to)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.returnResult(String.class)
			.getStatus()
			.is2xxSuccessful();
	}

	private void refused(String to, String reason) {
		admin().post()
			.uri((uri) -> uri.path("/actuator/migrations/{name}/advance")
				.queryParamIfPresent("to", java.util.Optional.ofNullable(to))
				.build(NAME))
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).contains(reason));
	}

	/**
	 * What a post should look like in the category tables.
	 */
	private record Post(UUID id, UUID authorId, String category, String title, Instant createdAt, boolean deleted) {

	}

	/**
	 * The service under load while it migrates: one HTTP write after another (so the
	 * expected state of every post is known), each a title edit, a move to the other
	 * category, a deletion or a new post.
	 */
	private final class Traffic {

		private final List<String> categories;

		private final WebClient web = WebClient.create("http://localhost:" + MigrationIntegrationTests.this.port);

		private final Random random = new Random(42);

		private final AtomicBoolean stopping = new AtomicBoolean();

		private final List<long[]> spans = new java.util.concurrent.CopyOnWriteArrayList<>();

		private final AtomicLong writes = new AtomicLong();

		private CompletableFuture<Void> running;

		Traffic(List<String> categories) {
			this.categories = categories;
		}

		Traffic start() {
			this.running = Mono.defer(this::write).repeat(() -> !this.stopping.get()).then().toFuture();
			return this;
		}

		long stop() {
			this.stopping.set(true);
			this.running.join();
			return this.writes.get();
		}

		long writesBetween(long fromNanos, long toNanos) {
			return this.spans.stream().filter((span) -> span[0] >= fromNanos && span[1] <= toNanos).count();
		}

		private Mono<Void> write() {
			long started = System.nanoTime();
			List<Post> live = MigrationIntegrationTests.this.expected.values()
				.stream()
				.filter((post) -> !post.deleted())
				.sorted(Comparator.comparing(Post::id))
				.toList();
			Post target = live.get(this.random.nextInt(live.size()));
			int dice = this.random.nextInt(100);
			Mono<Post> change;
			if (dice < 45) {
				String title = "Edited " + this.writes.get();
				change = this.web.put()
					.uri("/posts/{id}", target.id())
					.header(HttpHeaders.AUTHORIZATION, bearer(target.authorId()))
					.bodyValue(Map.of("title", title))
					.retrieve()
					.toBodilessEntity()
					.thenReturn(new Post(target.id(), target.authorId(), target.category(), title, target.createdAt(),
							false));
			}
			else if (dice < 65) {
				String category = this.categories.get(target.category().equals(this.categories.get(0)) ? 1 : 0);
				change = this.web.put()
					.uri("/posts/{id}", target.id())
					.header(HttpHeaders.AUTHORIZATION, bearer(target.authorId()))
					.bodyValue(Map.of("category", category))
					.retrieve()
					.toBodilessEntity()
					.thenReturn(new Post(target.id(), target.authorId(), category, target.title(), target.createdAt(),
							false));
			}
			else if (dice < 75 && live.size() > 20) {
				change = this.web.delete()
					.uri("/posts/{id}", target.id())
					.header(HttpHeaders.AUTHORIZATION, bearer(target.authorId()))
					.retrieve()
					.toBodilessEntity()
					.thenReturn(new Post(target.id(), target.authorId(), target.category(), target.title(),
							target.createdAt(), true));
			}
			else {
				String category = this.categories.get(this.random.nextInt(this.categories.size()));
				String title = "Published " + this.writes.get();
				UUID authorId = UUID.randomUUID();
				change = this.web.post()
					.uri("/posts")
					.header(HttpHeaders.AUTHORIZATION, bearer(authorId))
					.bodyValue(Map.of("title", title, "body", "b", "category", category))
					.retrieve()
					.bodyToMono(new ParameterizedTypeReference<Map<String, Object>>() {
					})
					.map((created) -> new Post(UUID.fromString((String) created.get("id")), authorId, category, title,
							Instant.parse((String) created.get("createdAt")), false));
			}
			return change.doOnNext((post) -> {
				MigrationIntegrationTests.this.expected.put(post.id(), post);
				this.writes.incrementAndGet();
				this.spans.add(new long[] { started, System.nanoTime() });
			}).then();
		}

		/** The header of a request acting as a post's author. */
		private String bearer(UUID authorId) {
			return "Bearer " + MigrationIntegrationTests.this.tokens.forUser(authorId);
		}

	}

}
