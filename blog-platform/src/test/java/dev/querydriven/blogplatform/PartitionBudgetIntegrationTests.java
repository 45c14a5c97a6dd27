package dev.querydriven.blogplatform;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.blogplatform.category.CategoryProperties;
import dev.querydriven.modelcheck.harness.PartitionBudgets;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.RequestPartitions;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties;
import org.springframework.boot.actuate.endpoint.annotation.DiscoveredEndpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.WebOperationRequestPredicate;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Partitions per request: every route driven to its worst case, counting the distinct
 * partitions the request really read with the statement recorder, held against the
 * catalogue's {@code routeBudgets()}; every route the application serves has a budget;
 * and the README's "Partitions per request" table shows the declarations and these
 * measurements (regenerate it with {@code -Dquerydriven.update-generated=true}). The
 * routes of the service's actuator endpoint ({@code migrations}, on the management port)
 * count as the service's routes too: an operator's request reads partitions like any
 * other.
 *
 * <p>
 * The category page and the migrations endpoint cost the most in the later phases of the
 * posts-by-category migration: the page walks month buckets once reads are cut over, and
 * a migration's status reads the checkpoints of its backfill and verify runs once they
 * exist. One test therefore takes this context's migration through its phases (moving the
 * test clock past the settle time instead of waiting for it), measures those routes where
 * they cost the most, and takes it back to {@code OLD_ONLY}, waiting for every job it
 * started, so that the other tests find the service as they expect it.
 */
@BlogPlatformIntegrationTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionBudgetIntegrationTests {

	private static final PartitionBudgets BUDGETS = PartitionBudgets.of(new BlogPlatformQueryCatalog());

	private static final Duration PATIENCE = Duration.ofSeconds(60);

	/** The route of the migrations endpoint's actions: advance, rollback, resume. */
	private static final String ACTION = "POST /actuator/migrations/{name}/{action}";

	@Autowired
	private WebTestClient client;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CqlSession session;

	@Autowired
	private MigrationEngine migrations;

	@Autowired
	private AgingPhaseTicker ticker;

	@Autowired
	private CategoryProperties categoryProperties;

	@Autowired
	private ApplicationContext context;

	@Autowired
	private WebEndpointsSupplier endpoints;

	@Autowired
	private WebEndpointProperties endpointProperties;

	@Autowired
	private Callers callers;

	@LocalManagementPort
	private int managementPort;

	/**
	 * Publishing with an Idempotency-Key is one lightweight transaction on the key's
	 * claim, one on the new post's partition, and the migration's phase when the engine's
	 * copy of it is too old (the change's intent and its completion are writes).
	 */
	@Test
	void publishReadsTheKeysClaimTheNewPostsPartitionAndAnAgedOutPhase() {
		measureWithThePhaseAgedOut("POST /posts",
				() -> this.client.mutateWith(this.callers.as(UUID.randomUUID()))
					.post()
					.uri("/posts")
					.contentType(MediaType.APPLICATION_JSON)
					.header("Idempotency-Key", UUID.randomUUID().toString())
					.bodyValue(newPost(BlogTables.randomCategory()))
					.exchange()
					.expectStatus()
					.isCreated());
	}

	/** A post is read with its view counter. */
	@Test
	void postReadsItsRowAndItsCounter() {
		UUID postId = publish(BlogTables.randomCategory());
		measure("GET /posts/{postId}",
				() -> this.client.get().uri("/posts/{id}", postId).exchange().expectStatus().isOk());
	}

	/**
	 * An edit that moves the post to another category reads the post, decides its next
	 * version on the same partition, and reads the view counter for the answer; and the
	 * migration's phase when the engine's copy of it is too old.
	 */
	@Test
	void editReadsThePostItsCounterAndAnAgedOutPhase() {
		UUID authorId = UUID.randomUUID();
		UUID postId = publish(authorId, BlogTables.randomCategory());
		measureWithThePhaseAgedOut("PUT /posts/{postId}",
				() -> this.client.mutateWith(this.callers.as(authorId))
					.put()
					.uri("/posts/{id}", postId)
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue("{\"title\": \"Moved\", \"category\": \"%s\"}".formatted(BlogTables.randomCategory()))
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * Deleting a post reads only its own partition (everything else is deleted), and the
	 * migration's phase when the engine's copy of it is too old.
	 */
	@Test
	void deleteReadsThePostAndAnAgedOutPhase() {
		UUID authorId = UUID.randomUUID();
		UUID postId = publish(authorId, BlogTables.randomCategory());
		comment(postId);
		measureWithThePhaseAgedOut("DELETE /posts/{postId}",
				() -> this.client.mutateWith(this.callers.as(authorId))
					.delete()
					.uri("/posts/{id}", postId)
					.exchange()
					.expectStatus()
					.isNoContent());
	}

	/** A view checks the post exists; the increment is a write. */
	@Test
	void viewReadsThePost() {
		UUID postId = publish(BlogTables.randomCategory());
		measure("POST /posts/{postId}/views",
				() -> this.client.post().uri("/posts/{id}/views", postId).exchange().expectStatus().isNoContent());
	}

	/** An author's posts are one partition. */
	@Test
	void authorPostsReadOnePartition() {
		UUID authorId = UUID.randomUUID();
		publish(authorId, BlogTables.randomCategory());
		measure("GET /authors/{authorId}/posts",
				() -> this.client.get().uri("/authors/{id}/posts", authorId).exchange().expectStatus().isOk());
	}

	/**
	 * A keyed comment claims its key, then reads the post and its comment count, which
	 * caps the thread.
	 */
	@Test
	void keyedCommentReadsItsClaimThePostAndItsCount() {
		UUID postId = publish(BlogTables.randomCategory());
		measure("POST /posts/{postId}/comments",
				() -> this.client.mutateWith(this.callers.as(UUID.randomUUID()))
					.post()
					.uri("/posts/{id}/comments", postId)
					.contentType(MediaType.APPLICATION_JSON)
					.header("Idempotency-Key", UUID.randomUUID().toString())
					.bodyValue("{\"text\": \"Nice\"}")
					.exchange()
					.expectStatus()
					.isCreated());
	}

	/** A page of comments reads the post and its thread. */
	@Test
	void commentsReadThePostAndTheThread() {
		UUID postId = publish(BlogTables.randomCategory());
		comment(postId);
		measure("GET /posts/{postId}/comments",
				() -> this.client.get().uri("/posts/{id}/comments", postId).exchange().expectStatus().isOk());
	}

	/**
	 * The migration's phases, in the order that makes each route cost the most: after a
	 * backfill and a verify ran, resuming (verifying again), advancing to the cut-over,
	 * the status, the list and rolling back each read the state and both jobs'
	 * checkpoints; once cut over, a page of a category whose posts all moved away walks
	 * its cap of (empty) months and answers with a cursor to the next, after reading the
	 * migration's phase when the engine's copy of it is too old.
	 */
	@Test
	void migrationRoutesAndTheCategoryPageAtTheirCostliestPhase() {
		String name = this.migrations.names().get(0);
		String category = emptiedCategory();
		WebTestClient admin = admin();
		try {
			assertThat(phase(name)).isEqualTo(MigrationPhase.OLD_ONLY);
			advance(name, MigrationPhase.DUAL_WRITE);
			// The backfill may start once every instance dual-writes: the settle time
			// (the refresh interval plus a margin) on the application's clock.
			this.clock.add(Duration.ofMinutes(1));
			advance(name, MigrationPhase.BACKFILL);
			awaitBackfill(name);
			advance(name, MigrationPhase.VERIFY);
			awaitCleanVerify(name);

			measure(ACTION,
					() -> admin.post()
						.uri("/actuator/migrations/{name}/resume", name)
						.contentType(MediaType.APPLICATION_JSON)
						.exchange()
						.expectStatus()
						.isOk());
			awaitCleanVerify(name);
			measure(ACTION,
					() -> admin.post()
						.uri("/actuator/migrations/{name}/advance?to=CUTOVER", name)
						.contentType(MediaType.APPLICATION_JSON)
						.exchange()
						.expectStatus()
						.isOk());
			measure("GET /actuator/migrations/{name}",
					() -> admin.get().uri("/actuator/migrations/{name}", name).exchange().expectStatus().isOk());
			measure("GET /actuator/migrations",
					() -> admin.get().uri("/actuator/migrations").exchange().expectStatus().isOk());
			measureWithThePhaseAgedOut("GET /categories/{category}/posts",
					() -> this.client.get()
						.uri("/categories/{category}/posts?limit=100", category)
						.exchange()
						.expectStatus()
						.isOk()
						.expectBody()
						.jsonPath("$.items")
						.isEmpty()
						.jsonPath("$.next")
						.isNotEmpty());
			measure(ACTION,
					() -> admin.post()
						.uri("/actuator/migrations/{name}/rollback", name)
						.contentType(MediaType.APPLICATION_JSON)
						.exchange()
						.expectStatus()
						.isOk());
		}
		finally {
			backToOldOnly(name);
		}
	}

	/**
	 * Every route the application serves (its controllers', and its actuator endpoint's
	 * operations) has a partition budget, and every budget names a route it serves.
	 */
	@Test
	void everyRouteHasABudget() {
		Set<String> routes = new TreeSet<>(RequestPartitions.routes(this.context, "dev.querydriven.blogplatform"));
		this.endpoints.getEndpoints()
			.stream()
			.filter((endpoint) -> endpoint instanceof DiscoveredEndpoint<?> discovered && discovered.getEndpointBean()
				.getClass()
				.getPackageName()
				.startsWith("dev.querydriven.blogplatform"))
			.flatMap((endpoint) -> endpoint.getOperations().stream())
			.map((operation) -> operation.getRequestPredicate())
			.forEach((predicate) -> routes.add(route(predicate)));
		assertThat(routes).contains(ACTION);
		BUDGETS.verifyRoutes(routes);
	}

	/**
	 * The README's "Partitions per request" table shows every route's budget, worst case
	 * and what the tests above measured (runs last).
	 */
	@Test
	@Order(Integer.MAX_VALUE)
	void readmeShowsEveryRouteAsMeasured() {
		BUDGETS.verifyReadme(Path.of("README.md"));
	}

	private void measure(String route, Runnable request) {
		BUDGETS.measured(route, RequestPartitions.read(this.recorder, route, request));
	}

	/**
	 * Measures a route that routes on the migration's phase at its worst: the background
	 * refresh has failed for a whole interval, so the request reads the phase itself.
	 */
	private void measureWithThePhaseAgedOut(String route, Runnable request) {
		this.ticker.agingEveryReading(() -> measure(route, request));
	}

	/**
	 * A category whose posts all moved to other categories: its month index still lists
	 * one month more than a page may read (an index row stays when its month empties),
	 * and every month partition is empty.
	 */
	private String emptiedCategory() {
		String category = BlogTables.randomCategory();
		PreparedStatement month = this.session.prepare("INSERT INTO category_months (category, month) VALUES (?, ?)");
		Bucket bucket = Bucket.of(BucketGranularity.MONTH, this.clock.instant());
		for (int i = 0; i <= this.categoryProperties.maxBucketsPerPage(); i++) {
			this.session.execute(month.bind(category, bucket.key()));
			bucket = bucket.previous();
		}
		return category;
	}

	/** A route of the actuator endpoint as the statement recorder names it. */
	private String route(WebOperationRequestPredicate predicate) {
		return predicate.getHttpMethod().name() + " " + this.endpointProperties.getBasePath() + "/"
				+ predicate.getPath();
	}

	/** An operator: a client of the management port with an admin's token. */
	private WebTestClient admin() {
		return ManagementPort.client(this.managementPort).mutateWith(this.callers.as(UUID.randomUUID(), "admin"));
	}

	private void advance(String name, MigrationPhase to) {
		admin().post()
			.uri("/actuator/migrations/{name}/advance?to={to}", name, to)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange()
			.expectStatus()
			.isOk();
	}

	private void awaitBackfill(String name) {
		awaitStatus(name, (status) -> status.backfill() != null && status.backfill().complete());
	}

	private void awaitCleanVerify(String name) {
		awaitStatus(name, (status) -> status.verify() != null && status.verify().complete());
		assertThat(status(name).verify().clean()).as("verify of %s", status(name).verify()).isTrue();
	}

	private void awaitStatus(String name, Predicate<MigrationStatus> done) {
		await().atMost(PATIENCE)
			.pollInterval(Duration.ofMillis(100))
			.until(() -> status(name).worker() == null && done.test(status(name)));
	}

	/**
	 * Rolls the migration back phase by phase, each job a rollback starts run to its end,
	 * so that nothing keeps copying or checking behind the tests that follow.
	 */
	private void backToOldOnly(String name) {
		while (phase(name) != MigrationPhase.OLD_ONLY) {
			awaitStatus(name, (status) -> true);
			if (phase(name) != MigrationPhase.OLD_ONLY && status(name).worker() == null) {
				admin().post()
					.uri("/actuator/migrations/{name}/rollback", name)
					.contentType(MediaType.APPLICATION_JSON)
					.exchange()
					.expectStatus()
					.isOk();
			}
		}
		awaitStatus(name, (status) -> true);
	}

	private MigrationPhase phase(String name) {
		return status(name).phase();
	}

	private MigrationStatus status(String name) {
		return this.migrations.status(name).block(Duration.ofSeconds(10));
	}

	private UUID publish(String category) {
		return publish(UUID.randomUUID(), category);
	}

	private UUID publish(UUID authorId, String category) {
		Map<?, ?> post = this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(newPost(category))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody();
		return UUID.fromString((String) post.get("id"));
	}

	private void comment(UUID postId) {
		this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"Nice\"}")
			.exchange()
			.expectStatus()
			.isCreated();
	}

	private static String newPost(String category) {
		return """
				{"title": "A post", "body": "Its body", "category": "%s"}
				""".formatted(category);
	}

}
