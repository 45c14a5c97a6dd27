package dev.querydriven.socialfeed;

import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.querydriven.modelcheck.harness.PartitionBudgets;
import dev.querydriven.socialfeed.timeline.TimelineProperties;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The query inspector, as a learner meets it in the dev run: after a request, what it did
 * to Cassandra is at {@code /inspector/requests}, statement by statement, with the
 * partitions it read held against its route's budget.
 */
@SocialFeedIntegrationTest
class QueryInspectorIntegrationTests {

	private static final String TIMELINE = "GET /users/{userId}/timeline";

	private static final String PROFILE = "GET /users/{userId}";

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private CqlSession session;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private TimelineProperties timeline;

	@LocalServerPort
	private int port;

	/**
	 * A new user's timeline: the inspector gives the route's declared budget and the
	 * partitions the budget's own model counts for a reader who follows nobody (the user,
	 * the authors they hid, the popular authors they follow, then each day of the
	 * retention), each statement with its catalogue id, latency, coordinator, the token
	 * Cassandra computes for its partition and the replicas that token has on the
	 * simulated six-node ring; and the answer matches the committed JSON Schema.
	 */
	@Test
	void aTimelineReadShowsItsStatementsAndPartitionsAgainstTheBudget() {
		UUID user = register();
		this.client.mutateWith(this.callers.as(user))
			.get()
			.uri("/users/{id}/timeline", user)
			.exchange()
			.expectStatus()
			.isOk();
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).isTrue();

		JsonNode request = latest(TIMELINE, 1).get(0);
		assertThat(request.get("path").asString()).isEqualTo("/users/" + user + "/timeline");
		assertThat(request.get("status").asInt()).isEqualTo(200);
		assertThat(request.get("budget").asInt())
			.isEqualTo(PartitionBudgets.of(new SocialFeedQueryCatalog()).declared(TIMELINE).budget());
		assertThat(request.get("partitions").asInt())
			.isEqualTo(3 + SocialFeedQueryCatalog.daysSpanned(this.timeline.retention()));
		assertThat(request.get("flags")).isEmpty();

		List<JsonNode> statements = new ArrayList<>();
		request.get("statements").forEach(statements::add);
		assertThat(statements).hasSize(request.get("partitions").asInt());
		for (JsonNode statement : statements) {
			assertThat(statement.get("queryId").asString()).isIn("Q1", "Q6", "Q14", "Q15");
			assertThat(statement.get("latencyMicros").asLong()).isPositive();
			assertThat(statement.get("coordinator").asString()).isNotBlank();
			assertThat(statement.get("consistency").asString()).isNotBlank();
			assertThat(statement.get("partitionKey").get("user_id").asString()).isEqualTo(user.toString());
			long token = Long.parseLong(statement.get("token").asString());
			assertThat(statement.get("replicas")).hasSize(1);
			assertThat(statement.get("simulatedReplicas").values().stream().map(JsonNode::asString))
				.containsExactlyElementsOf(simulatedReplicas(token));
		}
		JsonNode profile = statements.stream()
			.filter((statement) -> statement.get("queryId").asString().equals("Q1"))
			.findFirst()
			.orElseThrow();
		assertThat(profile.get("rows").asLong()).isOne();
		JsonNode partition = JsonMapper.builder()
			.build()
			.readTree(this.client.get()
				.uri(local(profile.get("partitionView").asString()))
				.accept(MediaType.APPLICATION_JSON)
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody(String.class)
				.returnResult()
				.getResponseBody());
		assertThat(partition.get("table").asString()).isEqualTo("social_feed.users_by_id");
		assertThat(partition.get("token").asString()).isEqualTo(profile.get("token").asString());
		assertThat(partition.get("rows").values()).singleElement()
			.satisfies((row) -> assertThat(row.get("user_id").asString()).isEqualTo(user.toString()));
		assertThat(profile.get("token").asString()).isEqualTo(String.valueOf(
				Objects
					.requireNonNull(this.session
						.execute("SELECT token(user_id) FROM social_feed.users_by_id WHERE user_id = ?", user)
						.one())
					.getLong(0)));
	}

	/**
	 * Tracing on demand: of the next two requests only the first is traced, its trace's
	 * events shown once Cassandra has written them, and it ran the very statements the
	 * untraced one ran (a trace never runs a statement twice).
	 */
	@Test
	void onlyTheNextRequestIsTracedAndItRunsTheSameStatements() {
		UUID user = register();
		this.client.post().uri("/inspector/trace?next=1").exchange().expectStatus().isOk();
		this.client.get().uri("/users/{id}", user).exchange().expectStatus().isOk();
		this.client.get().uri("/users/{id}", user).exchange().expectStatus().isOk();
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).isTrue();

		JsonNode requests = await().atMost(Duration.ofSeconds(20))
			.until(() -> latest(PROFILE, 2), (latest) -> latest.get(1).get("statements").get(0).get("trace").isArray());
		JsonNode traced = requests.get(1);
		JsonNode untraced = requests.get(0);
		assertThat(traced.get("path").asString()).isEqualTo(untraced.get("path").asString())
			.isEqualTo("/users/" + user);
		for (JsonNode statement : traced.get("statements")) {
			assertThat(statement.get("traceId").isString()).isTrue();
			assertThat(statement.get("trace").values()).isNotEmpty()
				.allSatisfy((event) -> assertThat(event.get("activity").asString()).isNotBlank());
		}
		for (JsonNode statement : untraced.get("statements")) {
			assertThat(statement.get("traceId").isNull()).isTrue();
			assertThat(statement.get("trace").isNull()).isTrue();
		}
		assertThat(cql(traced)).isNotEmpty().isEqualTo(cql(untraced));
	}

	/** A number of requests to trace out of bounds is a 400 problem naming it. */
	@Test
	void aBadNumberToTraceIsAProblemNamingIt() {
		this.client.post()
			.uri("/inspector/trace?next=21")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("next");
	}

	/**
	 * The partition view reads the one partition its key names (a page of a timeline day,
	 * clustered newest first), as HTML for a browser, and only ever as a single-partition
	 * {@code SELECT}.
	 */
	@Test
	void thePartitionViewReadsOnePartitionOnly() {
		UUID user = register();
		StatementRecorder.Recording recording = this.recorder.record(() -> this.client.get()
			.uri("/inspector/partitions/social_feed.user_timeline?user_id={user}&day={day}", user, "2026-12-07")
			.accept(MediaType.TEXT_HTML)
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.TEXT_HTML)
			.expectBody(String.class)
			.value((html) -> assertThat(html).contains("social_feed.user_timeline", "token(", user.toString())));
		// The view reads on the driver's own session, outside the application's (whose
		// registration may still be marking its write intent done meanwhile).
		assertThat(recording.statements().stream().filter((statement) -> !statement.application())).isNotEmpty()
			.allSatisfy((statement) -> assertThat(statement.read()).isTrue())
			.allSatisfy((statement) -> assertThat(statement.partitions()).hasSize(1));
	}

	/**
	 * A missing, unknown or unparsable key column is a 400 problem naming it; a table
	 * that is not the service's, a 404 problem.
	 */
	@Test
	void aBadPartitionKeyIsAProblemNamingIt() {
		String table = "/inspector/partitions/social_feed.user_timeline";
		badKey(table + "?user_id=" + UUID.randomUUID(), "day");
		badKey(table + "?user_id=" + UUID.randomUUID() + "&day=2026-12-07&author_id=1", "author_id");
		badKey(table + "?user_id=not-a-uuid&day=2026-12-07", "user_id");
		badKey(table + "?user_id=" + UUID.randomUUID() + "&day=yesterday", "day");
		for (String unknown : List.of("social_feed.no_such_table", "system_auth.roles", "users_by_id")) {
			this.client.get()
				.uri("/inspector/partitions/" + unknown + "?user_id=" + UUID.randomUUID())
				.exchange()
				.expectStatus()
				.isNotFound()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
	}

	/**
	 * A registration whose username is taken: the claim's lightweight transaction did not
	 * apply, and the inspector says so.
	 */
	@Test
	void aClaimThatDidNotApplyIsFlagged() {
		String name = Fixtures.uniqueName();
		register(name).expectStatus().isCreated();
		register(name).expectStatus().isEqualTo(409);
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).isTrue();
		assertThat(latest("POST /users", 1).get(0)
			.get("flags")
			.values()
			.stream()
			.map((flag) -> flag.get("kind").asString())).contains("lwt-not-applied");
	}

	/**
	 * A follow taken back leaves a tombstone in the follower's list: a traced read of the
	 * list shows the node reading it, and the inspector flags it.
	 */
	@Test
	void aTracedReadThroughTombstonesIsFlagged() {
		UUID reader = this.fixtures.user().userId();
		UUID author = this.fixtures.user().userId();
		WebTestClient asReader = this.client.mutateWith(this.callers.as(reader));
		asReader.put().uri("/users/{id}/following/{target}", reader, author).exchange().expectStatus().isNoContent();
		asReader.delete().uri("/users/{id}/following/{target}", reader, author).exchange().expectStatus().isNoContent();
		this.client.post().uri("/inspector/trace?next=1").exchange().expectStatus().isOk();
		this.client.get().uri("/users/{id}/following", reader).exchange().expectStatus().isOk();
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).isTrue();
		JsonNode request = await().atMost(Duration.ofSeconds(20))
			.until(() -> latest("GET /users/{userId}/following", 1).get(0),
					(latest) -> latest.get("statements").get(0).get("trace").isArray());
		assertThat(request.get("flags").values().stream().map((flag) -> flag.get("kind").asString()))
			.contains("tombstones");
	}

	/** The inspector's own calls are not among the requests it lists. */
	@Test
	void theInspectorsOwnRoutesAreNotRecorded() {
		this.client.get().uri("/inspector/requests.schema.json").exchange().expectStatus().isOk();
		String body = this.client.get()
			// Had the inspector listed its own calls, the one above would be the newest.
			.uri("/inspector/requests?limit=5")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		JsonNode requests = JsonMapper.builder().build().readTree(body).get("requests");
		assertThat(requests.values().stream().map((request) -> request.get("path").asString()))
			.noneMatch((path) -> path.startsWith("/inspector"));
	}

	/** A link the inspector gave, already encoded, on this server. */
	private URI local(String link) {
		return URI.create("http://localhost:" + this.port + link);
	}

	private void badKey(String uri, String field) {
		this.client.get()
			.uri(local(uri))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field);
	}

	private JsonNode latest(String route, int limit) {
		return latest(this.client, route, limit);
	}

	/**
	 * The latest requests of a route, as the inspector lists them, held to the committed
	 * JSON Schema.
	 */
	static JsonNode latest(WebTestClient client, String route, int limit) {
		String body = client.get()
			.uri((uri) -> uri.path("/inspector/requests")
				.queryParam("route", "{route}")
				.queryParam("limit", limit)
				.build(route))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		assertThat(schema().validate(body, InputFormat.JSON)).isEmpty();
		return JsonMapper.builder().build().readTree(body).get("requests");
	}

	private static List<String> cql(JsonNode request) {
		return request.get("statements").values().stream().map((statement) -> statement.get("cql").asString()).toList();
	}

	private WebTestClient.ResponseSpec register(String name) {
		return this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"%s\", \"email\": \"%s@example.com\", \"displayName\": \"Inspected\"}"
				.formatted(name, name))
			.exchange();
	}

	private UUID register() {
		Map<?, ?> created = register(Fixtures.uniqueName()).expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody();
		assertThat(created).isNotNull();
		return UUID.fromString((String) created.get("id"));
	}

	private static Schema schema() {
		return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
			.getSchema(Objects.requireNonNull(QueryInspectorIntegrationTests.class.getClassLoader()
				.getResourceAsStream("dev/querydriven/testsupport/inspector/requests.schema.json")));
	}

	/**
	 * Six evenly spaced nodes, replication factor 3: the primary is the first node whose
	 * token is at or after the partition's, then the next two clockwise.
	 */
	private static List<String> simulatedReplicas(long token) {
		BigInteger span = BigInteger.ONE.shiftLeft(64);
		int primary = 0;
		while (primary < 6 && BigInteger.valueOf(Long.MIN_VALUE)
			.add(span.multiply(BigInteger.valueOf(primary)).divide(BigInteger.valueOf(6)))
			.compareTo(BigInteger.valueOf(token)) < 0) {
			primary++;
		}
		List<String> replicas = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			replicas.add("node-" + ((primary + i) % 6 + 1));
		}
		return replicas;
	}

}
