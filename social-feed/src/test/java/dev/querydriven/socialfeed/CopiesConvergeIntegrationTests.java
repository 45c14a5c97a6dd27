package dev.querydriven.socialfeed;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.RetryAdvice;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.awaitility.core.ThrowingRunnable;
import org.threeten.extra.MutableClock;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every copy converges, whatever the client or the database does: each follow and
 * unfollow is recorded in {@code write_intents} before its first write, a repeated
 * request rewrites what an earlier attempt left out, a caller that goes away does not
 * stop the change, and the sweeper finishes what failed for good.
 *
 * <p>
 * A copy is lost here by making its write fail ({@link StatementFailures}), never by
 * deleting it directly: a DELETE run by the test would carry a later timestamp than the
 * source, and at equal or later timestamps a delete wins, so a rewrite with the source's
 * own timestamp rightly does not bring such a row back.
 */
@SocialFeedIntegrationTest
class CopiesConvergeIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private FollowService follows;

	@Autowired
	private PostService posts;

	@Autowired
	private UserService users;

	@Autowired
	private WriteIntents intents;

	@Autowired
	private IntentSweeper sweeper;

	@Autowired
	private Clock clock;

	@BeforeEach
	@AfterEach
	void databaseAnswers() {
		this.failures.reset();
	}

	/**
	 * A follow whose follower row was refused (not retried, not queued) is a failure; the
	 * same request again finds the follow in {@code following_by_user} and rewrites both
	 * rows with its {@code followed_at} timestamp: the follower row is back, and the
	 * follow is counted once.
	 */
	@Test
	void followRetryRewritesAMissingFollowerRow() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.failures.failWrites("followers_by_user_shard", 1, Failure.INVALID_QUERY);
		follow(follower, author).expectStatus().is5xxServerError();
		assertThat(followerRows(author, follower)).as("the lost copy").isEmpty();

		this.fixtures.tick();
		follow(follower, author).expectStatus().isNoContent();
		this.fixtures.assertFollowCopiesAgree(follower, author);
		assertThat(followers(author)).isEqualTo(1);
	}

	/**
	 * An unfollow removes a ghost follower (a follower row whose
	 * {@code following_by_user} row is gone, who would still be fed posts): with no row
	 * to name its shards, it deletes the follower's row in every shard of the author.
	 */
	@Test
	void unfollowRemovesAGhostFollower() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.failures.failWrites("following_by_user", 1, Failure.INVALID_QUERY);
		follow(follower, author).expectStatus().is5xxServerError();
		assertThat(followerRows(author, follower)).as("the ghost").hasSize(1);
		assertThat(this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ? AND followed_id = ?",
				follower.userId(), author.userId()))
			.isEmpty();

		this.fixtures.tick();
		this.client.mutateWith(this.callers.as(follower.userId()))
			.delete()
			.uri("/users/{id}/following/{target}", follower.userId(), author.userId())
			.exchange()
			.expectStatus()
			.isNoContent();
		assertThat(followerRows(author, follower)).as("the ghost is gone").isEmpty();
	}

	/**
	 * Fifty identical follows at once raise the follower count by exactly one: only the
	 * follow whose claim applied (a lightweight transaction) counts.
	 */
	@Test
	@ServesQuery({ "Q12", "Q20" })
	void concurrentIdenticalFollowsCountOnce() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		Flux.range(0, 50)
			.flatMap((attempt) -> this.follows.follow(follower.userId(), author.userId(), this.fixtures.now())
				.onErrorResume((failure) -> Mono.empty()), 50)
			.blockLast(Duration.ofSeconds(60));
		assertThat(followers(author)).isEqualTo(1);
		assertThat(
				this.fixtures.rows("SELECT follows_received FROM follower_counts WHERE user_id = ?", author.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getLong("follows_received")).isEqualTo(1));
		this.fixtures.assertFollowCopiesAgree(follower, author);
	}

	/**
	 * A caller that goes away once the follow began (a client disconnecting) does not
	 * stop it: the rows, the count and the copies are all written.
	 */
	@Test
	void aCancelledFollowStillConverges() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		Disposable caller = this.follows.follow(follower.userId(), author.userId(), this.fixtures.tick()).subscribe();
		await().atMost(Duration.ofSeconds(10)).until(() -> !followerRows(author, follower).isEmpty());
		caller.dispose();
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			this.fixtures.assertFollowCopiesAgree(follower, author);
			assertThat(followers(author)).isEqualTo(1);
		});
	}

	/**
	 * A follow whose count failed for good (its claim timing out on every attempt) leaves
	 * its intent unfinished; once the deadline passed, the sweeper replays it: the claim
	 * applies, the count is right, and the recount from the shards agrees.
	 */
	@Test
	@ServesQuery({ "I1", "I2" })
	void theSweeperFinishesAFollowCutShort() {
		this.fixtures.catchUpWithTheDatabase();
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.failures.failWrites("follow_claims", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		follow(follower, author).expectStatus().isEqualTo(503);
		assertThat(followers(author)).isZero();

		sweepPastTheDeadline(() -> {
			assertThat(followers(author)).isEqualTo(1);
			this.fixtures.assertFollowCopiesAgree(follower, author);
		});
	}

	/**
	 * A post whose hashtag copy was refused (not retried, not queued) is left half-done:
	 * its source and the author's list are written, the tag's list is not. The sweeper
	 * replays it from {@code posts_by_id} with the post's own timestamp: every copy, the
	 * follower's timeline included, agrees with the source.
	 */
	@Test
	void theSweeperFinishesAPostCutShort() {
		this.fixtures.catchUpWithTheDatabase();
		UsersByIdRow author = this.fixtures.user();
		this.fixtures.follow(this.fixtures.user(), author);
		UUID postId = UUID.randomUUID();
		this.failures.failWrites("posts_by_hashtag", 1, Failure.INVALID_QUERY);
		assertThat(this.posts.publish(postId, author.userId(), "Half #done", this.fixtures.tick())
			.map((post) -> "published")
			.onErrorResume((failure) -> Mono.just("failed"))
			.block()).isEqualTo("failed");
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_hashtag WHERE hashtag = 'done' AND day = ? "
				+ "AND post_time = ? AND post_id = ?", day(), this.fixtures.now(), postId))
			.isEmpty();

		sweepPastTheDeadline(() -> this.fixtures.assertPostCopiesAgree(postId));
	}

	/**
	 * A deletion whose hashtag copy could not be deleted leaves the post undeleted (the
	 * source goes last); the sweeper finishes it from the keys its intent names: every
	 * row of the post is gone.
	 */
	@Test
	void theSweeperFinishesADeletionCutShort() {
		this.fixtures.catchUpWithTheDatabase();
		UsersByIdRow author = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "Doomed #" + Fixtures.uniqueName());
		this.failures.failWrites("posts_by_hashtag", 1, Failure.INVALID_QUERY);
		this.client.mutateWith(this.callers.as(author.userId()))
			.delete()
			.uri("/users/{id}/posts/{post}", author.userId(), post.postId())
			.exchange()
			.expectStatus()
			.is5xxServerError();

		sweepPastTheDeadline(() -> {
			assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_id WHERE post_id = ?", post.postId()))
				.isEmpty();
			for (String tag : post.hashtags()) {
				assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_hashtag WHERE hashtag = ? AND day = ?", tag,
						post.createdAt().atZone(ZoneOffset.UTC).toLocalDate()))
					.isEmpty();
			}
			assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_user WHERE user_id = ? AND month = ?",
					author.userId(), Fixtures.month(post.createdAt())))
				.isEmpty();
		});
	}

	/**
	 * A like whose count was refused (its lightweight transaction applied) leaves its
	 * intent unfinished; the sweeper's replay recounts the post's likers and moves the
	 * counter by the difference: one like, counted once.
	 */
	@Test
	void theSweeperRecountsALikeCutShort() {
		this.fixtures.catchUpWithTheDatabase();
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow liker = this.fixtures.user();
		PostsByIdRow post = this.fixtures.post(author, "Liked once");
		this.failures.failWrites("post_like_counts", 1, Failure.INVALID_QUERY);
		this.client.mutateWith(this.callers.as(liker.userId()))
			.post()
			.uri("/posts/{id}/likes", post.postId())
			.exchange()
			.expectStatus()
			.is5xxServerError();

		sweepPastTheDeadline(() -> assertThat(
				this.fixtures.rows("SELECT likes FROM post_like_counts WHERE post_id = ?", post.postId())
					.stream()
					.mapToLong((row) -> row.getLong("likes"))
					.sum())
			.isEqualTo(1));
	}

	/**
	 * A source write the database does not answer is a 503 whose wording depends on the
	 * operation: a follow (PUT, idempotent) is safe to retry; a post (POST without an
	 * Idempotency-Key) may have been made, so the client checks first.
	 */
	@Test
	void theWordingOfA503SaysWhetherARetryIsSafe() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.failures.failWrites("following_by_user", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		follow(follower, author).expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).endsWith(RetryAdvice.SAFE.sentence()));

		this.failures.failWrites("posts_by_id", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		this.client.mutateWith(this.callers.as(author.userId()))
			.post()
			.uri("/users/{id}/posts", author.userId())
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"Unknown outcome\"}")
			.exchange()
			.expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).contains(RetryAdvice.CHECK_FIRST.sentence()));
	}

	/**
	 * Closing the service with a change in flight loses none: the drain waits for it (the
	 * graceful shutdown's step after the web server stopped taking requests).
	 */
	@Test
	void drainingWaitsForTheChangesInFlight() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.follows.follow(follower.userId(), author.userId(), this.fixtures.tick()).subscribe();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.intents.inFlight() > 0 || followers(author) == 1);
		try {
			assertThat(this.intents.drain(Duration.ofSeconds(10))).isTrue();
			this.fixtures.assertFollowCopiesAgree(follower, author);
			assertThat(followers(author)).isEqualTo(1);
		}
		finally {
			this.intents.resume();
		}
	}

	/**
	 * A registration cut short between its claims and its profile (a process killed
	 * there) holds the username and the email with no user; the same registration sent
	 * again by its user completes it, while another user asking for those names gets a
	 * 409 and no profile.
	 */
	@Test
	void anIdenticalRegistrationCompletesAHalfDoneOne() {
		String name = Fixtures.uniqueName();
		UUID userId = UUID.randomUUID();
		this.fixtures.rows("INSERT INTO users_by_username (username, user_id) VALUES (?, ?) IF NOT EXISTS", name,
				userId);
		this.fixtures.rows("INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS",
				name + "@example.com", userId);
		UUID stranger = UUID.randomUUID();
		register(stranger, name, "Not mine", null).expectStatus().isEqualTo(409);
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id IN (?, ?)", userId, stranger))
			.isEmpty();

		register(userId, name, "Half done", null).expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(userId.toString());
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", userId)).hasSize(1);
	}

	/**
	 * A user registers once: the same registration again answers the same profile (a
	 * retry after a lost answer), while one asking for another username or email is a 409
	 * that claims neither, so both stay free for others.
	 */
	@Test
	void aUserRegistersOnce() {
		UUID userId = UUID.randomUUID();
		String name = Fixtures.uniqueName();
		String first = new String(register(userId, name, "Once", null).expectStatus()
			.isCreated()
			.expectBody()
			.returnResult()
			.getResponseBody(), StandardCharsets.UTF_8);
		register(userId, name, "Once", null).expectStatus().isCreated().expectBody().json(first);

		String other = Fixtures.uniqueName();
		register(userId, other, "Twice", null).expectStatus()
			.isEqualTo(409)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).contains("already registered"));
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_username WHERE username = ?", other)).isEmpty();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_email WHERE email = ?", other + "@example.com"))
			.isEmpty();
		this.client.get()
			.uri("/users/{id}", userId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.username")
			.isEqualTo(name);
	}

	/**
	 * The replay of a second registration of a user, cut short after it claimed other
	 * names than its profile's, releases those claims and leaves the profile's own.
	 */
	@Test
	void theReplayOfASecondRegistrationReleasesTheClaimsItsProfileDoesNotName() {
		UsersByIdRow user = this.fixtures.user();
		String other = Fixtures.uniqueName();
		this.fixtures.rows("INSERT INTO users_by_username (username, user_id, display_name, created_at) "
				+ "VALUES (?, ?, ?, ?) IF NOT EXISTS", other, user.userId(), "Second", this.fixtures.now());
		WriteIntent secondRegistration = new WriteIntent(this.fixtures.now(), 0, UUID.randomUUID(), "user-registered",
				Map.of("user_id", user.userId().toString()),
				List.of(Map.of("username", other), Map.of("email", user.email())), 0, null);
		StepVerifier.create(this.users.replay(secondRegistration)).verifyComplete();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_username WHERE username = ?", other)).isEmpty();
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_username WHERE username = ?", user.username()))
			.isEqualTo(user.userId());
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_email WHERE email = ?", user.email()))
			.isEqualTo(user.userId());
	}

	/**
	 * The replay of a registration cut short after both its claims (what the sweeper runs
	 * once its deadline passed) gives the claims their profile: the user exists as the
	 * registration meant, with the display name its username claim carries.
	 */
	@Test
	void theReplayOfARegistrationCutShortAfterItsClaimsWritesItsProfile() {
		String name = Fixtures.uniqueName();
		UUID userId = UUID.randomUUID();
		this.fixtures.rows("INSERT INTO users_by_username (username, user_id, display_name, created_at) "
				+ "VALUES (?, ?, ?, ?) IF NOT EXISTS", name, userId, "Cut short", this.fixtures.now());
		this.fixtures.rows("INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS",
				name + "@example.com", userId);
		StepVerifier.create(this.users.replay(registration(userId, name))).verifyComplete();
		this.client.get()
			.uri("/users/by-username/{username}", name)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(userId.toString())
			.jsonPath("$.displayName")
			.isEqualTo("Cut short");
	}

	/**
	 * The replay of a registration cut short between its two claims releases the one it
	 * holds: the username is free again for the next registration.
	 */
	@Test
	void theReplayOfARegistrationCutShortBetweenItsClaimsReleasesTheOneItHolds() {
		String name = Fixtures.uniqueName();
		UUID userId = UUID.randomUUID();
		this.fixtures.rows("INSERT INTO users_by_username (username, user_id, display_name, created_at) "
				+ "VALUES (?, ?, ?, ?) IF NOT EXISTS", name, userId, "Cut short", this.fixtures.now());
		StepVerifier.create(this.users.replay(registration(userId, name))).verifyComplete();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_username WHERE username = ?", name)).isEmpty();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", userId)).isEmpty();
	}

	private WriteIntent registration(UUID userId, String name) {
		return new WriteIntent(this.fixtures.now(), 0, UUID.randomUUID(), "user-registered",
				Map.of("user_id", userId.toString()),
				List.of(Map.of("username", name), Map.of("email", name + "@example.com")), 0, null);
	}

	/**
	 * A keyed create sent again with the same key gets the same status and body (the same
	 * id: the create runs again on it and writes the same cells); the same key with
	 * another body is a 422 naming the header.
	 */
	@Test
	@ServesQuery("K1")
	void aKeyedCreateRepliesTheSameAndRefusesAnotherBody() {
		UUID authorId = UUID.randomUUID();
		String name = Fixtures.uniqueName();
		// Keys are scoped to the user, not to the operation: each create takes its own.
		String key = UUID.randomUUID().toString();
		String first = new String(register(authorId, name, "Keyed", key).expectStatus()
			.isCreated()
			.expectBody()
			.returnResult()
			.getResponseBody(), StandardCharsets.UTF_8);
		register(authorId, name, "Keyed", key).expectStatus().isCreated().expectBody().json(first);
		register(authorId, name, "Another", key).expectStatus()
			.isEqualTo(422)
			.expectBody()
			.jsonPath("$")
			.value((Object problem) -> assertThat(problem.toString()).contains("Idempotency-Key"));

		String postKey = UUID.randomUUID().toString();
		String post = new String(publish(authorId, "Once #keyed", postKey).expectStatus()
			.isCreated()
			.expectBody()
			.returnResult()
			.getResponseBody(), StandardCharsets.UTF_8);
		this.fixtures.tick();
		publish(authorId, "Once #keyed", postKey).expectStatus().isCreated().expectBody().json(post);
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_user WHERE user_id = ? AND month = ?", authorId,
				Fixtures.month(this.fixtures.now())))
			.hasSize(1);
		publish(authorId, "Twice #keyed", postKey).expectStatus().isEqualTo(422);
	}

	private WebTestClient.ResponseSpec register(UUID userId, String name, String displayName, String key) {
		return this.client.mutateWith(this.callers.as(userId)).post().uri("/users").headers((headers) -> {
			if (key != null) {
				headers.set("Idempotency-Key", key);
			}
		})
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"username\": \"%s\", \"email\": \"%s@example.com\", \"displayName\": \"%s\"}".formatted(name,
					name, displayName))
			.exchange();
	}

	private WebTestClient.ResponseSpec publish(UUID authorId, String content, String key) {
		return this.client.mutateWith(this.callers.as(authorId))
			.post()
			.uri("/users/{id}/posts", authorId)
			.header("Idempotency-Key", key)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"" + content + "\"}")
			.exchange();
	}

	/**
	 * Moves the application's clock past the changes' deadline and past the minute's end
	 * (so that the sweeper also moves its watermark past the minute), then sweeps until
	 * the change cut short is finished (the scheduled sweeper may get there first).
	 */
	private void sweepPastTheDeadline(ThrowingRunnable finished) {
		this.failures.reset();
		((MutableClock) this.clock).add(this.intents.settings().deadline().plusSeconds(61));
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			this.sweeper.sweep().block(Duration.ofSeconds(10));
			finished.run();
		});
	}

	private LocalDate day() {
		return this.fixtures.now().atZone(ZoneOffset.UTC).toLocalDate();
	}

	private WebTestClient.ResponseSpec follow(UsersByIdRow follower, UsersByIdRow author) {
		return this.client.mutateWith(this.callers.as(follower.userId()))
			.put()
			.uri("/users/{id}/following/{target}", follower.userId(), author.userId())
			.exchange();
	}

	private List<UUID> followerRows(UsersByIdRow author, UsersByIdRow follower) {
		return this.fixtures.uuids(
				"SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? AND shard = 0 AND follower_id = ?",
				author.userId(), follower.userId());
	}

	private long followers(UsersByIdRow author) {
		return this.fixtures.rows("SELECT followers FROM follower_counts WHERE user_id = ?", author.userId())
			.stream()
			.mapToLong((row) -> row.getLong("followers"))
			.sum();
	}

}
