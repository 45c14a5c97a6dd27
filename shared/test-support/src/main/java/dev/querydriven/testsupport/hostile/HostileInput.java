package dev.querydriven.testsupport.hostile;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.testcassandra.SharedCassandra;
import dev.querydriven.testsupport.devrun.DevTokens;
import dev.querydriven.testsupport.devrun.DevTokens.TokenRequest;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The hostile-input suite of one service, generated from the service's own OpenAPI
 * document ({@code /v3/api-docs}). A service's test supplies only what the document
 * cannot: one valid request per operation (with the ids of entities it created first) and
 * the leniencies its README documents.
 *
 * <pre class="code">
 * &#64;TestFactory
 * Stream&lt;DynamicNode&gt; everyOperationRefusesHostileInput() {
 *     return HostileInput.against(this.client)
 *         .keyspace("social_feed")
 *         .valid("GET /users/{userId}", request().path("userId", alice))
 *         ...
 *         .tests();
 * }
 * </pre>
 *
 * The tests run in this order: every valid request (each must succeed; the paged ones
 * also yield a genuine cursor) together with the cases whose value may legitimately be
 * accepted; a snapshot of every table of the keyspace; every hostile case, each of which
 * must be a 4xx {@code application/problem+json} naming what was wrong, with no stack
 * trace; a second snapshot, which must equal the first row for row. Another test fails
 * when an operation of the document has no valid request or no hostile case.
 */
public final class HostileInput {

	private static final Logger logger = LoggerFactory.getLogger(HostileInput.class);

	private static final int MAX_SHOWN = 400;

	/** Reactor Netty's default limit on a request line, in bytes. */
	private static final int HTTP_LINE_LIMIT = 4096;

	/** The HTTP server's limit on a request's headers (Reactor Netty's default). */
	private static final int HTTP_HEADER_LIMIT = 8192;

	private HostileInput() {
	}

	/**
	 * Starts describing the suite of a service.
	 * @param client a client of the running service
	 * @return the builder
	 */
	public static Builder against(WebTestClient client) {
		return new Builder(client);
	}

	/**
	 * What a service supplies.
	 */
	public static final class Builder {

		private final WebTestClient client;

		private final Map<String, Supplier<ValidRequest>> valid = new LinkedHashMap<>();

		private final Map<String, String> leniencies = new LinkedHashMap<>();

		private String keyspace;

		private DevTokens tokens;

		private Duration expiryMargin = Duration.ofHours(1);

		private Builder(WebTestClient client) {
			// An answer may quote a hostile request line at length (without a server in
			// front, a 1 MB path reaches the application): read it whole.
			this.client = client.mutate()
				.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(4 * CaseGenerator.ONE_MB))
				.build();
		}

		/**
		 * The keyspace whose tables must hold, after the hostile requests, exactly what
		 * they held before.
		 * @param keyspace the service's keyspace
		 * @return this builder
		 */
		public Builder keyspace(String keyspace) {
			this.keyspace = keyspace;
			return this;
		}

		/**
		 * The issuer the service trusts: with it, every operation that is not public also
		 * gets the token cases (none, malformed, forged, {@code alg: none}, expired,
		 * another audience, another issuer: 401; another user's: 403). The valid requests
		 * of such operations carry their owner's token
		 * ({@code header("Authorization", "Bearer " + token)}); those of public
		 * operations are sent without one.
		 * @param tokens the issuer
		 * @return this builder
		 */
		public Builder tokens(DevTokens tokens) {
			this.tokens = tokens;
			return this;
		}

		/**
		 * Rows expiring sooner than this are left out of the snapshots (default: an
		 * hour).
		 * @param margin the margin
		 * @return this builder
		 */
		public Builder expiryMargin(Duration margin) {
			this.expiryMargin = margin;
			return this;
		}

		/**
		 * A valid request of an operation.
		 * @param operation the method and path template as the document has them, e.g.
		 * {@code "POST /users/{userId}/posts"}
		 * @param request the request (sent once as it is; every hostile case changes a
		 * copy of it)
		 * @return this builder
		 */
		public Builder valid(String operation, ValidRequest request) {
			return valid(operation, () -> request);
		}

		/**
		 * A valid request of an operation, made afresh for every case: for an operation
		 * whose valid request can succeed only once (a registration of a unique name).
		 * @param operation the method and path template
		 * @param request makes the request
		 * @return this builder
		 */
		public Builder valid(String operation, Supplier<ValidRequest> request) {
			this.valid.put(operation, request);
			return this;
		}

		/**
		 * A documented leniency: the service deliberately accepts this case (its README
		 * says why). It then runs with the valid requests and must succeed.
		 * @param operation the operation
		 * @param target the parameter, body pointer (e.g. {@code #/items/0/unitPrice}) or
		 * {@code body}
		 * @param mutation the mutation (see {@link Mutations})
		 * @param reason why the service accepts it, as its README says
		 * @return this builder
		 */
		public Builder lenient(String operation, String target, String mutation, String reason) {
			this.leniencies.put(operation + " | " + target + " | " + mutation, reason);
			return this;
		}

		/**
		 * The dynamic tests, in the order they must run.
		 * @return the tests
		 */
		public Stream<DynamicNode> tests() {
			if (this.keyspace == null) {
				throw new IllegalStateException("keyspace(...) names the tables the suite checks");
			}
			if (this.tokens == null) {
				throw new IllegalStateException("tokens(...) gives the issuer of the callers' tokens");
			}
			return new Run(this).tests();
		}

	}

	/**
	 * One run of the suite.
	 */
	private static final class Run {

		private final Builder spec;

		private final JsonMapper json = JsonMapper.builder().build();

		private final RunState state = new RunState();

		private final AtomicReference<TableSnapshot> before = new AtomicReference<>();

		/** One superuser session for both snapshots (opening one takes seconds). */
		private final AtomicReference<CqlSession> admin = new AtomicReference<>();

		private final List<ApiOperation> operations;

		private final Map<String, List<HostileCase>> cases = new LinkedHashMap<>();

		private long started;

		Run(Builder spec) {
			this.spec = spec;
			byte[] document = spec.client.get()
				.uri("/v3/api-docs")
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody()
				.returnResult()
				.getResponseBody();
			ApiDocument api = new ApiDocument(this.json.readTree(document));
			this.operations = api.operations();
			CaseGenerator generator = new CaseGenerator(api);
			for (ApiOperation operation : this.operations) {
				Supplier<ValidRequest> valid = spec.valid.get(operation.key());
				List<HostileCase> generated = new ArrayList<>();
				if (valid != null) {
					for (HostileCase hostile : generator.cases(operation, valid)) {
						String reason = spec.leniencies
							.get(operation.key() + " | " + hostile.target() + " | " + hostile.mutation());
						generated.add((reason != null) ? new HostileCase(hostile.operation(), hostile.target(),
								hostile.mutation() + " (lenient: " + reason + ")", Expectation.accepted(),
								hostile.request()) : hostile);
					}
					if (operation.access() != null && !operation.isPublic()) {
						generated.addAll(tokenCases(operation, valid, spec.tokens));
					}
				}
				this.cases.put(operation.key(), generated);
			}
		}

		/**
		 * What a caller without the right token gets: every kind of bad token is a 401,
		 * another user's good token a 403 (unless any signed-in caller may call it).
		 */
		private static List<HostileCase> tokenCases(ApiOperation operation, Supplier<ValidRequest> valid,
				DevTokens tokens) {
			TokenRequest stranger = new TokenRequest(UUID.randomUUID().toString(), null, null, null, null);
			Map<String, Supplier<String>> invalid = new LinkedHashMap<>();
			invalid.put("no token", () -> null);
			invalid.put("a malformed token", () -> "Bearer not.a-token");
			invalid.put("a forged signature", () -> "Bearer " + DevTokens.inMemory("unused")
				.mint(new TokenRequest(stranger.sub(), null, null, List.of(tokens.audience()), null)));
			invalid.put("alg: none", () -> "Bearer " + unsigned(tokens.mint(stranger)));
			invalid.put("an expired token",
					() -> "Bearer " + tokens.mint(stranger, Instant.now().minus(Duration.ofHours(2))));
			invalid.put("another audience", () -> "Bearer "
					+ tokens.mint(new TokenRequest(stranger.sub(), null, null, List.of("another-service"), null)));
			invalid.put("another issuer",
					() -> "Bearer " + tokens.mintClaimingIssuer("https://elsewhere.example", stranger));
			List<HostileCase> cases = new ArrayList<>();
			invalid.forEach((mutation, authorization) -> cases
				.add(tokenCase(operation, valid, mutation, Expectation.refused(401), authorization)));
			if (!"signed-in".equals(operation.access())) {
				cases.add(tokenCase(operation, valid, "another user's token (" + operation.access() + ")",
						Expectation.refused(403), () -> "Bearer " + tokens.mint(stranger)));
			}
			return cases;
		}

		private static HostileCase tokenCase(ApiOperation operation, Supplier<ValidRequest> valid, String mutation,
				Expectation expectation, Supplier<String> authorization) {
			return new HostileCase(operation.key(), HttpHeaders.AUTHORIZATION, mutation, expectation, (state) -> {
				CaseGenerator.Draft draft = CaseGenerator.Draft.of(operation, valid.get());
				draft.headers.keySet().removeIf(HttpHeaders.AUTHORIZATION::equalsIgnoreCase);
				String value = authorization.get();
				if (value != null) {
					draft.headers.put(HttpHeaders.AUTHORIZATION, value);
				}
				return draft.build();
			});
		}

		/** The token's own header and claims, with {@code alg: none} and no signature. */
		private static String unsigned(String token) {
			String claims = token.split("\\.")[1];
			String header = Base64.getUrlEncoder()
				.withoutPadding()
				.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8));
			return header + "." + claims + ".";
		}

		Stream<DynamicNode> tests() {
			List<DynamicNode> nodes = new ArrayList<>();
			nodes.add(DynamicTest.dynamicTest("every operation of the document has a valid request and hostile cases",
					this::checkCoverage));
			List<DynamicNode> accepted = new ArrayList<>();
			for (ApiOperation operation : this.operations) {
				if (!this.spec.valid.containsKey(operation.key())) {
					continue;
				}
				List<DynamicTest> tests = new ArrayList<>();
				tests.add(DynamicTest.dynamicTest("the valid request succeeds", () -> sendValid(operation)));
				for (HostileCase hostile : this.cases.get(operation.key())) {
					if (hostile.expectation().phase() != Expectation.Phase.REFUSED) {
						tests.add(DynamicTest.dynamicTest(hostile.displayName(), () -> run(hostile)));
					}
				}
				accepted.add(DynamicContainer.dynamicContainer(operation.key(), tests));
			}
			nodes.add(DynamicContainer.dynamicContainer("valid requests, and values that may be accepted", accepted));
			nodes.add(DynamicTest.dynamicTest("snapshot of every table of " + this.spec.keyspace, () -> {
				this.admin.set(SharedCassandra.adminSession());
				TableSnapshot snapshot = TableSnapshot.take(this.admin.get(), this.spec.keyspace,
						this.spec.expiryMargin);
				this.before.set(snapshot);
				this.started = System.nanoTime();
				logger.info("Hostile input: {} tables, {} rows before the hostile requests", snapshot.tables(),
						snapshot.rows());
			}));
			List<DynamicNode> refused = new ArrayList<>();
			for (ApiOperation operation : this.operations) {
				List<DynamicTest> tests = new ArrayList<>();
				for (HostileCase hostile : this.cases.get(operation.key())) {
					if (hostile.expectation().phase() == Expectation.Phase.REFUSED) {
						tests.add(DynamicTest.dynamicTest(hostile.displayName(), () -> run(hostile)));
					}
				}
				if (!tests.isEmpty()) {
					refused.add(DynamicContainer.dynamicContainer(operation.key(), tests));
				}
			}
			nodes.add(DynamicContainer.dynamicContainer("hostile requests are refused", refused));
			nodes.add(DynamicTest.dynamicTest("the tables hold exactly what the valid requests wrote", () -> {
				TableSnapshot first = this.before.get();
				assertThat(first).as("the first snapshot").isNotNull();
				long hostileMillis = (System.nanoTime() - this.started) / 1_000_000;
				TableSnapshot after;
				try (CqlSession session = this.admin.getAndSet(null)) {
					after = TableSnapshot.take(session, this.spec.keyspace, this.spec.expiryMargin);
				}
				long total = this.cases.values().stream().mapToLong(List::size).sum();
				logger.info("Hostile input: {} cases on {} operations; the refused ones took {} ms", total,
						this.operations.size(), hostileMillis);
				assertThat(first.differences(after, 20)).as("rows written or deleted by hostile requests").isEmpty();
			}));
			return nodes.stream();
		}

		private void checkCoverage() {
			Set<String> documented = new TreeSet<>();
			this.operations.forEach((operation) -> documented.add(operation.key()));
			assertThat(new TreeSet<>(this.spec.valid.keySet())).as("operations given a valid request")
				.isSubsetOf(documented);
			List<String> missing = new ArrayList<>();
			List<String> uncovered = new ArrayList<>();
			for (ApiOperation operation : this.operations) {
				if (!this.spec.valid.containsKey(operation.key())) {
					missing.add(operation.key());
				}
				else if (this.cases.get(operation.key())
					.stream()
					.noneMatch((hostile) -> hostile.expectation().phase() == Expectation.Phase.REFUSED)) {
					uncovered.add(operation.key());
				}
			}
			assertThat(missing).as("operations of the OpenAPI document without a valid request").isEmpty();
			assertThat(
					this.operations.stream().filter((operation) -> operation.access() == null).map(ApiOperation::key))
				.as("operations of the OpenAPI document without x-access (a rule in the service's AccessRules)")
				.isEmpty();
			assertThat(uncovered).as("operations without a hostile case").isEmpty();
			Set<String> unused = new TreeSet<>(this.spec.leniencies.keySet());
			this.cases.values()
				.forEach((list) -> list.forEach((hostile) -> unused.remove(
						hostile.operation() + " | " + hostile.target() + " | " + baseMutation(hostile.mutation()))));
			assertThat(unused).as("leniencies that match no case").isEmpty();
		}

		private static String baseMutation(String mutation) {
			int lenient = mutation.indexOf(" (lenient: ");
			return (lenient >= 0) ? mutation.substring(0, lenient) : mutation;
		}

		private void sendValid(ApiOperation operation) {
			ValidRequest valid = this.spec.valid.get(operation.key()).get();
			RawRequest request = CaseGenerator.Draft.of(operation, withoutTokenIfPublic(operation, valid)).build();
			EntityExchangeResult<byte[]> result = send(request);
			int status = result.getStatus().value();
			if (valid.expectedStatus != 0) {
				assertThat(status).as(describe(request, result)).isEqualTo(valid.expectedStatus);
			}
			else {
				assertThat(status).as(describe(request, result)).isBetween(200, 299);
			}
			if (operation.parameter("cursor") != null) {
				ValidRequest firstPage = this.spec.valid.get(operation.key()).get();
				if (operation.parameter("limit") != null) {
					firstPage.query("limit", "1");
				}
				firstPage.query.remove("cursor");
				RawRequest pageRequest = CaseGenerator.Draft.of(operation, withoutTokenIfPublic(operation, firstPage))
					.build();
				EntityExchangeResult<byte[]> page = send(pageRequest);
				assertThat(page.getStatus().value()).as(describe(pageRequest, page)).isEqualTo(200);
				JsonNode next = this.json.readTree(page.getResponseBody()).path("next");
				assertThat(next.isString())
					.as("a next page of " + operation.key()
							+ " (its valid request must list at least two items, for genuine cursors to tamper with): "
							+ describe(pageRequest, page))
					.isTrue();
				this.state.cursor(operation.key(), next.asString());
			}
		}

		/** A public operation's valid request shows that it needs no token. */
		private static ValidRequest withoutTokenIfPublic(ApiOperation operation, ValidRequest valid) {
			if (operation.isPublic()) {
				valid.headers.keySet().removeIf(HttpHeaders.AUTHORIZATION::equalsIgnoreCase);
			}
			return valid;
		}

		private void run(HostileCase hostile) {
			RawRequest request = hostile.request().apply(this.state);
			Expectation expectation = hostile.expectation();
			EntityExchangeResult<byte[]> result;
			try {
				result = send(request);
			}
			catch (RuntimeException ex) {
				if (expectation.framingLimit() && (request.uri().length() > HTTP_LINE_LIMIT || request.headers()
					.values()
					.stream()
					.anyMatch((value) -> value.length() > HTTP_HEADER_LIMIT))) {
					// The HTTP server answered 414 to the request line (431 to a header)
					// and closed the connection while the client was still sending:
					// refused before the application, as documented.
					return;
				}
				throw new AssertionError("No answer to " + describe(request, null) + ": " + ex, ex);
			}
			int status = result.getStatus().value();
			String described = describe(request, result);
			switch (expectation.phase()) {
				case ACCEPTED -> assertThat(status).as(described).isBetween(200, 299);
				case MAY_BE_ACCEPTED -> {
					if (status < 200 || status > 299) {
						assertThat(status).as(described).isBetween(400, 499);
						checkProblem(result, described);
					}
				}
				case REFUSED -> {
					if (expectation.framingLimit() && (status == 414 || status == 431)) {
						// Refused by the HTTP server itself, before the application: see
						// the service-support README.
						return;
					}
					assertThat(expectation.statuses()).as(described).contains(status);
					JsonNode problem = checkProblem(result, described);
					if (status == 401 || status == 403) {
						assertThat(result.getResponseHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE))
							.as("the bearer challenge of " + described)
							.startsWith("Bearer");
					}
					if (!expectation.names().isEmpty()) {
						JsonNode named = null;
						for (JsonNode error : problem.path("errors")) {
							if (expectation.names().contains(error.path("field").asString(""))
									|| expectation.names().contains(error.path("pointer").asString(""))) {
								named = error;
								break;
							}
						}
						if (named == null) {
							fail("The problem does not name " + String.join(" or ", expectation.names()) + ": "
									+ described);
						}
						if (expectation.lineAndColumn()) {
							assertThat(named.path("line").isInt() && named.path("column").isInt())
								.as("line and column of the parse error: " + described)
								.isTrue();
						}
					}
				}
			}
		}

		private JsonNode checkProblem(EntityExchangeResult<byte[]> result, String described) {
			MediaType contentType = result.getResponseHeaders().getContentType();
			assertThat(contentType).as("Content-Type of " + described).isNotNull();
			assertThat(contentType.isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
				.as("Content-Type of " + described)
				.isTrue();
			String text = new String(result.getResponseBody(), StandardCharsets.UTF_8);
			assertThat(text).as("no stack trace or exception in " + described)
				.doesNotContain("Exception")
				.doesNotContain("\tat ")
				.doesNotContain("at java.")
				.doesNotContain("at dev.querydriven");
			JsonNode problem = this.json.readTree(text);
			assertThat(problem.path("status").asInt()).as("status in " + described)
				.isEqualTo(result.getStatus().value());
			assertThat(problem.path("title").isString()).as("title in " + described).isTrue();
			assertThat(problem.has("timestamp") || problem.has("trace") || problem.has("exception"))
				.as("the legacy error shape in " + described)
				.isFalse();
			return problem;
		}

		private EntityExchangeResult<byte[]> send(RawRequest request) {
			// The URI is sent exactly as encoded here, after the client's base URL (a
			// template would be encoded once more).
			WebTestClient.RequestBodySpec spec = this.spec.client.method(HttpMethod.valueOf(request.method()))
				.uri((builder) -> URI.create(builder.build().toString() + request.uri()));
			request.headers().forEach(spec::header);
			WebTestClient.RequestHeadersSpec<?> ready = (request.body() != null) ? spec.bodyValue(request.body())
					: spec;
			return ready.exchange().expectBody().returnResult();
		}

		private static String describe(RawRequest request, EntityExchangeResult<byte[]> result) {
			StringBuilder text = new StringBuilder(request.method()).append(' ').append(abbreviate(request.uri()));
			if (request.body() != null) {
				text.append(" with ")
					.append(request.headers().get("Content-Type"))
					.append(' ')
					.append(abbreviate(new String(request.body(), StandardCharsets.UTF_8)));
			}
			if (result != null) {
				text.append(" → ").append(result.getStatus().value());
				if (result.getResponseBody() != null) {
					text.append(' ').append(abbreviate(new String(result.getResponseBody(), StandardCharsets.UTF_8)));
				}
			}
			return text.toString();
		}

		private static String abbreviate(String text) {
			return (text.length() > MAX_SHOWN) ? text.substring(0, MAX_SHOWN) + "… (" + text.length() + " chars)"
					: text;
		}

	}

}
