package dev.querydriven.blogplatform;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may act, over HTTP with real signed tokens: writes need a token and act as its
 * subject, a post is edited and deleted by its author alone, comments are named from the
 * token, and the migrations endpoint lives on the management port, for admins only.
 */
@BlogPlatformIntegrationTest
class AccessIntegrationTests {

	/** The category migration of this application context (its default name). */
	private static final String MIGRATION = "posts-by-category";

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@LocalManagementPort
	private int managementPort;

	@LocalServerPort
	private int port;

	/**
	 * Publishing, editing, deleting and commenting without a token are 401 problems with
	 * the bearer challenge, and write nothing.
	 */
	@Test
	void writesWithoutATokenAreUnauthorized() {
		UUID authorId = UUID.randomUUID();
		UUID postId = publish(authorId, "Guarded");

		unauthorized(this.client.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Anonymous", "body", "b", "category", BlogTables.randomCategory()))
			.exchange());
		unauthorized(this.client.put()
			.uri("/posts/{id}", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Defaced"))
			.exchange());
		unauthorized(this.client.delete().uri("/posts/{id}", postId).exchange());
		unauthorized(this.client.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("text", "Anonymous"))
			.exchange());

		this.client.get()
			.uri("/posts/{id}", postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Guarded");
		this.client.get().uri("/posts/{id}/comments", postId).exchange().expectBody().jsonPath("$.items").isEmpty();
	}

	/**
	 * A post is its caller's: the answer names the caller as its author, and a body that
	 * names an author is refused (400 naming the member).
	 */
	@Test
	void aPostIsPublishedAsTheCaller() {
		UUID authorId = UUID.randomUUID();
		this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Mine", "body", "b", "category", BlogTables.randomCategory()))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.authorId")
			.isEqualTo(authorId.toString());

		UUID someoneElse = UUID.randomUUID();
		this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("authorId", someoneElse, "title", "As someone else", "body", "b", "category",
					BlogTables.randomCategory()))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("authorId");
		this.client.get().uri("/authors/{id}/posts", someoneElse).exchange().expectBody().jsonPath("$.items").isEmpty();
	}

	/**
	 * Another user, whatever their roles, may neither edit nor delete a post: a 403
	 * problem with the bearer challenge, decided on the post's row before anything is
	 * written (the requests only read). Its author may do both.
	 */
	@Test
	void onlyTheAuthorEditsOrDeletes() {
		UUID authorId = UUID.randomUUID();
		UUID postId = publish(authorId, "Only mine");

		for (WebTestClient stranger : new WebTestClient[] { this.client.mutateWith(this.callers.as(UUID.randomUUID())),
				this.client.mutateWith(this.callers.as(UUID.randomUUID(), "admin", "staff")) }) {
			assertOnlyReads(() -> forbidden(stranger.put()
				.uri("/posts/{id}", postId)
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(Map.of("title", "Defaced", "category", BlogTables.randomCategory()))
				.exchange()));
			assertOnlyReads(() -> forbidden(stranger.delete().uri("/posts/{id}", postId).exchange()));
		}
		this.client.get()
			.uri("/posts/{id}", postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Only mine");

		WebTestClient author = this.client.mutateWith(this.callers.as(authorId));
		author.put()
			.uri("/posts/{id}", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", "Still mine"))
			.exchange()
			.expectStatus()
			.isOk();
		author.delete().uri("/posts/{id}", postId).exchange().expectStatus().isNoContent();
	}

	/**
	 * A comment shows the name its token gives: without a {@code name} or
	 * {@code preferred_username} claim (the dev tokens carry neither), the subject. A
	 * body that names the author is refused.
	 */
	@Test
	void aCommentIsNamedFromTheToken() {
		UUID postId = publish(UUID.randomUUID(), "Commented");
		UUID readerId = UUID.randomUUID();
		WebTestClient reader = this.client.mutateWith(this.callers.as(readerId));

		reader.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("text", "Signed"))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.authorName")
			.isEqualTo(readerId.toString());
		reader.post()
			.uri("/posts/{id}/comments", postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("authorName", "The author", "text", "Impersonated"))
			.exchange()
			.expectStatus()
			.isBadRequest();

		this.client.get()
			.uri("/posts/{id}/comments", postId)
			.exchange()
			.expectBody()
			.jsonPath("$.items.length()")
			.isEqualTo(1)
			.jsonPath("$.items[0].authorName")
			.isEqualTo(readerId.toString());
	}

	/**
	 * Nothing is left under {@code /admin} on the application's port: the old migration
	 * routes are 404s, even for an admin.
	 */
	@Test
	void adminRoutesAreGoneFromTheApplicationPort() {
		WebTestClient admin = this.client.mutateWith(this.callers.as(UUID.randomUUID(), "admin"));
		admin.get().uri("/admin/migrations").exchange().expectStatus().isNotFound();
		admin.get().uri("/admin/migrations/{name}", MIGRATION).exchange().expectStatus().isNotFound();
		admin.post().uri("/admin/migrations/{name}/advance", MIGRATION).exchange().expectStatus().isNotFound();
		this.client.mutateWith(this.callers.as(UUID.randomUUID()))
			.get()
			.uri("/actuator/migrations")
			.exchange()
			.expectStatus()
			.isNotFound();
	}

	/**
	 * The migrations endpoint on the management port: 401 without a token, 403 for a
	 * user, 200 for an admin, for every operation.
	 */
	@Test
	void theMigrationsEndpointIsForAdminsOnTheManagementPort() {
		WebTestClient management = ManagementPort.client(this.managementPort);
		WebTestClient user = management.mutateWith(this.callers.as(UUID.randomUUID()));
		WebTestClient admin = management.mutateWith(this.callers.as(UUID.randomUUID(), "admin"));

		unauthorized(management.get().uri("/actuator/migrations").exchange());
		unauthorized(management.get().uri("/actuator/migrations/{name}", MIGRATION).exchange());
		unauthorized(management.post().uri("/actuator/migrations/{name}/advance", MIGRATION).exchange());
		forbidden(user.get().uri("/actuator/migrations").exchange());
		forbidden(user.get().uri("/actuator/migrations/{name}", MIGRATION).exchange());
		forbidden(user.post().uri("/actuator/migrations/{name}/rollback", MIGRATION).exchange());

		admin.get()
			.uri("/actuator/migrations")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$[0].name")
			.isEqualTo(MIGRATION);
		admin.get()
			.uri("/actuator/migrations/{name}", MIGRATION)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.phase")
			.isEqualTo("OLD_ONLY")
			.jsonPath("$.readsFrom")
			.isEqualTo("posts_by_category_v1");
		// Metrics are an operator's too.
		unauthorized(management.get().uri("/actuator/metrics").exchange());
		forbidden(user.get().uri("/actuator/metrics").exchange());
		admin.get().uri("/actuator/metrics").exchange().expectStatus().isOk();
	}

	/**
	 * Each action reaches the engine's guards through the endpoint (here, at
	 * {@code OLD_ONLY}, each is refused with a 409 problem saying why, and changes
	 * nothing); an unknown migration is a 404, an unknown action, a malformed name or a
	 * target that is no phase a 400 naming the parameter, a body that is not JSON a 415:
	 * never a 5xx.
	 */
	@Test
	void theMigrationsEndpointAnswersEveryActionWithoutA5xx() {
		WebTestClient admin = ManagementPort.client(this.managementPort)
			.mutateWith(this.callers.as(UUID.randomUUID(), "admin"));

		problem(admin.post()
			.uri("/actuator/migrations/{name}/advance?to=OLD_ONLY", MIGRATION)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange(), 409).jsonPath("$.detail").value((String detail) -> assertThat(detail).contains(MIGRATION));
		problem(admin.post()
			.uri("/actuator/migrations/{name}/rollback", MIGRATION)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange(), 409);
		// A write operation of actuator takes JSON: the target may be a member of
		// the body as well, and a request that is not JSON is a 415.
		problem(admin.post()
			.uri("/actuator/migrations/{name}/advance", MIGRATION)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("to", "OLD_ONLY"))
			.exchange(), 409);
		admin.post()
			.uri("/actuator/migrations/{name}/advance", MIGRATION)
			.contentType(MediaType.TEXT_PLAIN)
			.bodyValue("to=OLD_ONLY")
			.exchange()
			.expectStatus()
			.isEqualTo(415);
		problem(admin.post()
			.uri("/actuator/migrations/{name}/resume", MIGRATION)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange(), 409);
		problem(admin.get().uri("/actuator/migrations/no-such-migration").exchange(), 404);
		problem(admin.post()
			.uri("/actuator/migrations/no-such-migration/advance")
			.contentType(MediaType.APPLICATION_JSON)
			.exchange(), 404);
		problem(admin.post()
			.uri("/actuator/migrations/{name}/delete", MIGRATION)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange(), 400).jsonPath("$.errors[0].field").isEqualTo("action");
		problem(admin.post()
			.uri("/actuator/migrations/{name}/advance?to=SOMEWHERE", MIGRATION)
			.contentType(MediaType.APPLICATION_JSON)
			.exchange(), 400).jsonPath("$.errors[0].field").isEqualTo("to");
		problem(admin.get().uri("/actuator/migrations/Not_A_Name").exchange(), 400).jsonPath("$.errors[0].field")
			.isEqualTo("name");
		admin.get()
			.uri("/actuator/migrations/{name}", MIGRATION)
			.exchange()
			.expectBody()
			.jsonPath("$.phase")
			.isEqualTo("OLD_ONLY");
	}

	/**
	 * A path the security filter's firewall would refuse before any route saw it (an
	 * encoded slash, a semicolon, an encoded NUL in a segment) reaches the route, whose
	 * answer is the 400 problem naming its parameter; what the firewall still refuses (an
	 * empty segment, a segment that decodes to {@code ..}) is a 400 problem as well.
	 */
	@Test
	void oddPathsAreProblemsNamingWhatIsWrong() {
		for (String postId : new String[] { "a%2Fb", "a%3Bb", "a%00b" }) {
			problem(this.client.get().uri(path("/posts/" + postId)).exchange(), 400).jsonPath("$.errors[0].field")
				.isEqualTo("postId");
		}
		problem(this.client.get().uri(path("/posts//comments")).exchange(), 400);
		problem(this.client.get().uri(path("/posts/..%2F..%2Fetc/comments")).exchange(), 400);
	}

	/** A path sent as written, its escapes left as they are. */
	private URI path(String encodedPath) {
		return URI.create("http://localhost:" + this.port + encodedPath);
	}

	private UUID publish(UUID authorId, String title) {
		return UUID.fromString(this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("title", title, "body", "Model the queries.", "category", BlogTables.randomCategory()))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(Map.class)
			.returnResult()
			.getResponseBody()
			.get("id")
			.toString());
	}

	/**
	 * Runs a request and fails unless every statement it executed was a read (the
	 * service's background work, the sweeper's and the reconciler's, belongs to no
	 * request).
	 */
	private void assertOnlyReads(Runnable request) {
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).as("earlier statements finished").isTrue();
		List<RecordedStatement> statements = this.recorder.record(request)
			.requests()
			.stream()
			.flatMap((recorded) -> recorded.statements().stream())
			.toList();
		assertThat(statements).as("the statements of a refused request").isNotEmpty().allMatch(RecordedStatement::read);
	}

	private static void unauthorized(WebTestClient.ResponseSpec response) {
		challenged(response, 401);
	}

	private static void forbidden(WebTestClient.ResponseSpec response) {
		challenged(response, 403);
	}

	private static void challenged(WebTestClient.ResponseSpec response, int status) {
		response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	private static WebTestClient.BodyContentSpec problem(WebTestClient.ResponseSpec response, int status) {
		return response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody();
	}

}
