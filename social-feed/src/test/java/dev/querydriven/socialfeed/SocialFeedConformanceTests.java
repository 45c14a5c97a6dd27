package dev.querydriven.socialfeed;

import java.util.UUID;

import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.timeline.TimelineFanOutConfiguration;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.architecture.CqlTemplateException;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.hostile.ValidRequest;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Order;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@SocialFeedIntegrationTest
@Order(Integer.MAX_VALUE)
class SocialFeedConformanceTests extends ServiceConformanceTests {

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private Callers callers;

	@Override
	protected QueryCatalog catalog() {
		return new SocialFeedQueryCatalog();
	}

	/**
	 * Six CQL-template exceptions: the fan-out, a driver-level mechanism, is constructed
	 * on the driver session and checks each statement against the write rules with it;
	 * the home timeline's reads run on the CQL template with row mappers, measured to
	 * cost a fifth less client CPU per request than the entity template; the
	 * table-migration engine and the two backfills it runs work on driver rows and
	 * statements, outside any request.
	 */
	@Override
	protected ServiceArchitectureRules architecture() {
		return ServiceArchitectureRules.forService("social-feed", "dev.querydriven.socialfeed",
				new CqlTemplateException(TimelineFanOutConfiguration.class,
						"constructs the FanOut on the driver session (infrastructure)"),
				CqlTemplateException.named("dev.querydriven.socialfeed.timeline.FanOut",
						"the fan-out mechanism checks each statement against the write rules on the driver session; "
								+ "its statements run through the service's executor"),
				CqlTemplateException.named("dev.querydriven.socialfeed.timeline.TimelineRepository",
						"the home timeline's reads, the service's hottest, on the CQL template: measured faster"),
				CqlTemplateException.named("dev.querydriven.socialfeed.migration.MigrationConfiguration",
						"constructs the table-migration engine and the backfills on the driver session "
								+ "(infrastructure), and reads the rebuild's state before the drop of the old table"),
				CqlTemplateException.named("dev.querydriven.socialfeed.migration.FollowerShardsMigration",
						"the engine hands a backfill driver rows of token-range scans and takes driver statements back"),
				CqlTemplateException.named("dev.querydriven.socialfeed.migration.LikesByUserMigration",
						"the engine hands a backfill driver rows of token-range scans and takes driver statements back"));
	}

	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		UsersByIdRow alice = this.fixtures.user();
		UsersByIdRow bob = this.fixtures.user();
		UsersByIdRow carol = this.fixtures.user();
		UsersByIdRow dave = this.fixtures.user();
		// Erased by its valid request, before the hostile ones: they find no user, or are
		// refused before anything is read.
		UsersByIdRow erin = this.fixtures.user();
		this.fixtures.follow(bob, alice);
		this.fixtures.follow(carol, alice);
		this.fixtures.follow(alice, bob);
		this.fixtures.follow(alice, carol);
		this.fixtures.follow(dave, alice);
		String tag = "hostile" + UUID.randomUUID().toString().substring(0, 8);
		PostsByIdRow first = this.fixtures.post(alice, "first #" + tag);
		this.fixtures.post(alice, "second #" + tag);
		PostsByIdRow doomed = this.fixtures.post(alice, "to be deleted");
		this.fixtures.like(first, bob);
		// Public operations go without a token; the others carry their acting user's.
		return requests.valid("POST /users", () -> {
			// Each registration is a new subject's: a subject registers once.
			String name = Fixtures.uniqueName();
			return signedIn(UUID.randomUUID()).body("{\"username\": \"" + name + "\", \"email\": \"" + name
					+ "@example.com\", \"displayName\": \"Hostile Input\"}");
		})
			.valid("GET /users/{userId}", request().path("userId", alice.userId()))
			.valid("GET /users/{userId}/account", signedIn(alice.userId()).path("userId", alice.userId()))
			.valid("DELETE /users/{userId}", signedIn(erin.userId()).path("userId", erin.userId()))
			.valid("GET /users/by-username/{username}", request().path("username", alice.username()))
			.valid("GET /users/by-email/{email}", signedIn(alice.userId()).path("email", alice.email()))
			.valid("PUT /users/{userId}/following/{targetId}",
					signedIn(carol.userId()).path("userId", carol.userId()).path("targetId", bob.userId()))
			.valid("DELETE /users/{userId}/following/{targetId}",
					signedIn(dave.userId()).path("userId", dave.userId()).path("targetId", alice.userId()))
			.valid("GET /users/{userId}/followers", request().path("userId", alice.userId()))
			.valid("GET /users/{userId}/following", request().path("userId", alice.userId()))
			.valid("POST /users/{userId}/posts",
					signedIn(alice.userId()).path("userId", alice.userId())
						.body("{\"content\": \"Hello #" + tag + "\"}"))
			.valid("GET /users/{userId}/posts", request().path("userId", alice.userId()))
			.valid("GET /posts/{postId}", request().path("postId", first.postId()))
			.valid("DELETE /users/{userId}/posts/{postId}",
					signedIn(alice.userId()).path("userId", alice.userId()).path("postId", doomed.postId()))
			.valid("GET /hashtags/{tag}/posts", request().path("tag", tag))
			.valid("GET /users/{userId}/timeline", signedIn(bob.userId()).path("userId", bob.userId()))
			.valid("POST /posts/{postId}/likes", signedIn(carol.userId()).path("postId", first.postId()))
			.valid("DELETE /posts/{postId}/likes", signedIn(dave.userId()).path("postId", first.postId()))
			.valid("GET /posts/{postId}/likes/{userId}",
					request().path("postId", first.postId()).path("userId", bob.userId()));
	}

	/** A valid request carrying the user's token. */
	private ValidRequest signedIn(UUID userId) {
		return request().header(HttpHeaders.AUTHORIZATION, "Bearer " + this.callers.tokens().forUser(userId));
	}

}
