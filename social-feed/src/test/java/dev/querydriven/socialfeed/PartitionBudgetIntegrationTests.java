package dev.querydriven.socialfeed;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.modelcheck.harness.PartitionBudgets;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.socialfeed.post.PostProperties;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.timeline.TimelineProperties;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.RequestPartitions;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Partitions per request: every route driven to its worst case, counting the distinct
 * partitions the request really read with the statement recorder, held against the
 * catalogue's {@code routeBudgets()}; every route the application serves has a budget;
 * and the README's "Partitions per request" table shows the declarations and these
 * measurements (regenerate it with {@code -Dquerydriven.update-generated=true}).
 *
 * <p>
 * The walks are driven over empty buckets, so that none fills the page: a user registered
 * two years ago who never posted, a tag whose days' posts are gone, a user whose follower
 * shards are all empty, a timeline with no entries whose reader pulls the most
 * high-fanout authors the model sizes, read the day after February so that the retention
 * spans three months of each author's posts. Rows the service would need months or
 * thousands of requests to write are written directly, as the service writes them.
 */
@SocialFeedIntegrationTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionBudgetIntegrationTests {

	private static final PartitionBudgets BUDGETS = PartitionBudgets.of(new SocialFeedQueryCatalog());

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CqlSession session;

	@Autowired
	private PostProperties postProperties;

	@Autowired
	private TimelineProperties timelineProperties;

	@Autowired
	private MeterRegistry registry;

	@Autowired
	private ApplicationContext context;

	private Instant start;

	@BeforeEach
	void rememberTheClock() {
		this.start = this.clock.instant();
	}

	/**
	 * The timeline's test sets the clock to a past March; the clock is the whole
	 * context's, so it goes back to where it stood.
	 */
	@AfterEach
	void restoreTheClock() {
		this.clock.setInstant(this.start);
	}

	/**
	 * A keyed registration reads the profile its user may have already, then claims its
	 * key, the username and the email (three lightweight transactions) and reads the
	 * profile again, which a repeat racing it may have written.
	 */
	@Test
	void registrationClaimsTheUsernameAndTheEmail() {
		String name = Fixtures.uniqueName();
		measure("POST /users",
				() -> as(UUID.randomUUID()).post()
					.uri("/users")
					.header("Idempotency-Key", name)
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue("""
							{"username": "%s", "email": "%s@example.com", "displayName": "A user"}
							""".formatted(name, name))
					.exchange()
					.expectStatus()
					.isCreated());
	}

	/** A profile is one partition. */
	@Test
	void profileReadsOnePartition() {
		UsersByIdRow user = this.fixtures.user();
		measure("GET /users/{userId}",
				() -> this.client.get().uri("/users/{id}", user.userId()).exchange().expectStatus().isOk());
	}

	/** The account is the profile, read once. */
	@Test
	void accountReadsOnePartition() {
		UsersByIdRow user = this.fixtures.user();
		measure("GET /users/{userId}/account",
				() -> as(user.userId()).get()
					.uri("/users/{id}/account", user.userId())
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * The erasure of a user registered this month with one like, one post (tagged, and
	 * delivered to their one follower), one follow each way and one entry in their
	 * timeline reads the user, their likes and the liked post's likers, their month of
	 * posts, the post and its deliveries, both follow lists and the follows' claims, the
	 * days of their timeline, their high-fanout mode and their two claims.
	 */
	@Test
	void erasureReadsEveryPartitionOfTheUser() {
		UsersByIdRow user = this.fixtures.user();
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.fixtures.follow(user, author);
		this.fixtures.follow(follower, user);
		this.fixtures.post(author, "Read by the erased user");
		this.fixtures.like(this.fixtures.post(this.fixtures.user(), "Liked"), user);
		this.fixtures.post(user, "Erased #budgets");
		this.fixtures.tick();
		measure("DELETE /users/{userId}",
				() -> as(user.userId()).delete()
					.uri("/users/{id}", user.userId())
					.exchange()
					.expectStatus()
					.isNoContent());
	}

	/** A lookup by username reads the claim, then the profile it names. */
	@Test
	void lookupByUsernameReadsTheClaimThenTheUser() {
		UsersByIdRow user = this.fixtures.user();
		measure("GET /users/by-username/{username}",
				() -> this.client.get()
					.uri("/users/by-username/{name}", user.username())
					.exchange()
					.expectStatus()
					.isOk());
	}

	/** A lookup by email reads the claim, then the profile it names. */
	@Test
	void lookupByEmailReadsTheClaimThenTheUser() {
		UsersByIdRow user = this.fixtures.user();
		measure("GET /users/by-email/{email}",
				() -> as(user.userId()).get()
					.uri("/users/by-email/{email}", user.email())
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * The follow that brings an author to the fan-out threshold reads both users, the
	 * follow row, the author's counts and mode, and, promoting the author, its follower
	 * shards to migrate every follower to pulling.
	 */
	@Test
	void followReachingTheThresholdPromotesAndMigratesTheAuthor() {
		UsersByIdRow author = this.fixtures.user();
		// The tests' threshold is 3 followers (application-test.yml).
		this.fixtures.follow(this.fixtures.user(), author);
		this.fixtures.follow(this.fixtures.user(), author);
		UsersByIdRow third = this.fixtures.user();
		this.fixtures.tick();
		measure("PUT /users/{userId}/following/{targetId}",
				() -> as(third.userId()).put()
					.uri("/users/{id}/following/{target}", third.userId(), author.userId())
					.exchange()
					.expectStatus()
					.isNoContent());
		assertThatTheAuthorWasPromoted(author);
	}

	/**
	 * An unfollow without its follow row (a ghost follower's, or no follow at all) reads
	 * both users, the missing row, the author's counts (to delete from every shard) and
	 * the claim it releases.
	 */
	@Test
	void unfollowReadsBothUsersAndTheFollow() {
		UsersByIdRow author = this.fixtures.user();
		UsersByIdRow follower = this.fixtures.user();
		this.fixtures.tick();
		measure("DELETE /users/{userId}/following/{targetId}",
				() -> as(follower.userId()).delete()
					.uri("/users/{id}/following/{target}", follower.userId(), author.userId())
					.exchange()
					.expectStatus()
					.isNoContent());
	}

	/**
	 * A page of followers over shards that unfollows emptied reads as many shards as a
	 * page may, then answers with a cursor to the next shard.
	 */
	@Test
	void followersPageStopsAtItsShardCap() {
		UsersByIdRow user = this.fixtures.user();
		// Forty follows received and left again, counted as the service counts them:
		// shards 0 to 10 at the tests' 4 a shard, all empty.
		this.session.execute("UPDATE follower_counts SET followers = followers + 40, "
				+ "follows_received = follows_received + 40 WHERE user_id = " + user.userId());
		this.session.execute("UPDATE follower_counts SET followers = followers - 40 WHERE user_id = " + user.userId());
		measure("GET /users/{userId}/followers",
				() -> this.client.get()
					.uri("/users/{id}/followers?limit=100", user.userId())
					.exchange()
					.expectStatus()
					.isOk()
					.expectBody()
					.jsonPath("$.items")
					.isEmpty()
					.jsonPath("$.next")
					.isNotEmpty());
	}

	/** The users a user follows are one partition, after the user. */
	@Test
	void followingReadsOnePartition() {
		UsersByIdRow user = this.fixtures.user();
		this.fixtures.follow(user, this.fixtures.user());
		measure("GET /users/{userId}/following",
				() -> this.client.get().uri("/users/{id}/following", user.userId()).exchange().expectStatus().isOk());
	}

	/**
	 * A keyed publication claims its key, reads the author, the post (a repeat finds it)
	 * and the author's fan-out mode, then, fanning out, their counts and their one
	 * follower shard.
	 */
	@Test
	void publishReadsTheAuthorAndTheFollowersToFanOutTo() {
		UsersByIdRow author = this.fixtures.user();
		this.fixtures.follow(this.fixtures.user(), author);
		this.fixtures.tick();
		measure("POST /users/{userId}/posts",
				() -> as(author.userId()).post()
					.uri("/users/{id}/posts", author.userId())
					.header("Idempotency-Key", UUID.randomUUID().toString())
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue("{\"content\": \"Hello #budgets\"}")
					.exchange()
					.expectStatus()
					.isCreated());
	}

	/**
	 * The posts of a user registered two years ago who never posted: the page reads its
	 * cap of months and answers with a cursor to the next one.
	 */
	@Test
	void userPostsPageStopsAtItsMonthCap() {
		UsersByIdRow user = this.fixtures.user(this.start.minus(Duration.ofDays(730)));
		measure("GET /users/{userId}/posts",
				() -> this.client.get()
					.uri("/users/{id}/posts?limit=100", user.userId())
					.exchange()
					.expectStatus()
					.isOk()
					.expectBody()
					.jsonPath("$.items")
					.isEmpty()
					.jsonPath("$.next")
					.isNotEmpty());
	}

	/**
	 * A tag used on more days than a page may read, whose posts are gone: the page reads
	 * the tag's days, then its cap of days, and answers with a cursor to the next one.
	 */
	@Test
	void hashtagPageStopsAtItsDayCap() {
		String tag = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		PreparedStatement day = this.session.prepare("INSERT INTO hashtag_days (hashtag, day) VALUES (?, ?)");
		LocalDate today = LocalDate.ofInstant(this.start, ZoneOffset.UTC);
		for (int i = 0; i <= this.postProperties.maxBucketsPerPage(); i++) {
			this.session.execute(day.bind(tag, today.minusDays(i)));
		}
		measure("GET /hashtags/{tag}/posts",
				() -> this.client.get()
					.uri("/hashtags/{tag}/posts?limit=100", tag)
					.exchange()
					.expectStatus()
					.isOk()
					.expectBody()
					.jsonPath("$.items")
					.isEmpty()
					.jsonPath("$.next")
					.isNotEmpty());
	}

	/** A post is read with its like counter. */
	@Test
	void postReadsItsRowAndItsCounter() {
		PostsByIdRow post = this.fixtures.post(this.fixtures.user(), "A post");
		measure("GET /posts/{postId}",
				() -> this.client.get().uri("/posts/{id}", post.postId()).exchange().expectStatus().isOk());
	}

	/** A like reads the post, the user, and its lightweight transaction's partition. */
	@Test
	void likeReadsThePostTheUserAndTheLikers() {
		PostsByIdRow post = this.fixtures.post(this.fixtures.user(), "A post");
		UsersByIdRow liker = this.fixtures.user();
		measure("POST /posts/{postId}/likes",
				() -> as(liker.userId()).post()
					.uri("/posts/{id}/likes", post.postId())
					.exchange()
					.expectStatus()
					.isNoContent());
	}

	/** A user's like of a post reads the post, then the like. */
	@Test
	void likeLookupReadsThePostAndTheLike() {
		PostsByIdRow post = this.fixtures.post(this.fixtures.user(), "A post");
		UsersByIdRow liker = this.fixtures.user();
		this.fixtures.like(post, liker);
		measure("GET /posts/{postId}/likes/{userId}",
				() -> this.client.get()
					.uri("/posts/{id}/likes/{user}", post.postId(), liker.userId())
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * An unlike reads the user's like (then takes it back, in the same partition) and the
	 * post, whose counter it decrements.
	 */
	@Test
	void unlikeReadsTheLikeAndThePost() {
		PostsByIdRow post = this.fixtures.post(this.fixtures.user(), "A post");
		UsersByIdRow liker = this.fixtures.user();
		this.fixtures.like(post, liker);
		measure("DELETE /posts/{postId}/likes",
				() -> as(liker.userId()).delete()
					.uri("/posts/{id}/likes", post.postId())
					.exchange()
					.expectStatus()
					.isNoContent());
	}

	/**
	 * Deleting a post reads it, the timelines it was delivered to, and its likers (whose
	 * copies in {@code likes_by_user} go with it).
	 */
	@Test
	void deleteReadsThePostItsDeliveriesAndItsLikers() {
		UsersByIdRow author = this.fixtures.user();
		this.fixtures.follow(this.fixtures.user(), author);
		PostsByIdRow post = this.fixtures.post(author, "A post");
		this.fixtures.tick();
		measure("DELETE /users/{userId}/posts/{postId}",
				() -> as(author.userId()).delete()
					.uri("/users/{id}/posts/{post}", author.userId(), post.postId())
					.exchange()
					.expectStatus()
					.isNoContent());
	}

	/**
	 * An empty timeline, read a moment after the end of a February, whose reader follows
	 * one high-fanout author more than a page may merge: the page reads every day of the
	 * retention and, for each of the authors up to the cap, the three months the
	 * retention spans; the one beyond the cap costs nothing, and the page counts as
	 * capped.
	 */
	@Test
	void timelineWalksEveryDayAndThePulledAuthorsMonthsUpToTheCap() {
		UsersByIdRow reader = this.fixtures.user();
		PreparedStatement pull = this.session
			.prepare("INSERT INTO high_fanout_following_by_user (user_id, author_id, since) VALUES (?, ?, ?)");
		Instant longAgo = Instant.parse("2020-01-01T00:00:00Z");
		BatchStatementBuilder rows = BatchStatement.builder(DefaultBatchType.UNLOGGED);
		for (int i = 0; i < this.timelineProperties.maxPulledAuthors() + 1; i++) {
			rows.addStatement(pull.bind(reader.userId(), UUID.randomUUID(), longAgo));
			if (rows.getStatementsCount() == 50) {
				this.session.execute(rows.build());
				rows.clearStatements();
			}
		}
		if (rows.getStatementsCount() > 0) {
			this.session.execute(rows.build());
		}
		double cappedBefore = this.registry.counter("querydriven.socialfeed.timeline.capped-pages").count();
		// 30 days before 2025-03-01 is 2025-01-30: January, February and March.
		this.clock.setInstant(Instant.parse("2025-03-01T00:00:00.500Z"));
		measure("GET /users/{userId}/timeline",
				() -> as(reader.userId()).get()
					.uri("/users/{id}/timeline?limit=100", reader.userId())
					.exchange()
					.expectStatus()
					.isOk()
					.expectBody()
					.jsonPath("$.items")
					.isEmpty());
		assertThat(this.registry.counter("querydriven.socialfeed.timeline.capped-pages").count())
			.isEqualTo(cappedBefore + 1);
	}

	/**
	 * Every route the application serves has a partition budget, and every budget names a
	 * route it serves.
	 */
	@Test
	void everyRouteHasABudget() {
		BUDGETS.verifyRoutes(RequestPartitions.routes(this.context, "dev.querydriven.socialfeed"));
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

	/** Requests with the user's token, for the routes that act as a user. */
	private WebTestClient as(UUID userId) {
		return this.client.mutateWith(this.callers.as(userId));
	}

	private void measure(String route, Runnable request) {
		BUDGETS.measured(route, RequestPartitions.read(this.recorder, route, request));
	}

	private void assertThatTheAuthorWasPromoted(UsersByIdRow author) {
		assertThat(this.fixtures.rows("SELECT followers_migrated FROM high_fanout_authors WHERE author_id = ?",
				author.userId()))
			.singleElement()
			.satisfies((row) -> assertThat(row.getBoolean(0)).isTrue());
	}

}
