package dev.querydriven.socialfeed.erasure;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import dev.querydriven.modeling.dualwrite.StatementExecutor;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.socialfeed.Fixtures;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.LikeService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.timeline.TimelineErasure;
import dev.querydriven.socialfeed.user.NewUser;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testcassandra.SharedCassandra;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.testsupport.TableSnapshot;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A user's erasure, checked on every table of the keyspace: a snapshot of the whole
 * keyspace, read as the superuser, holds none of the erased user's markers (id, names,
 * email, post ids and content) but in the tables whose rows expire on their own and that
 * the README names ({@code write_intents}); the other users' rows are all still there,
 * but for the counters the erasure decremented, once.
 */
@SocialFeedIntegrationTest
class ErasureIntegrationTests {

	/**
	 * The rows an erasure cannot reach, and leaves to expire (a day): the intents of the
	 * user's own changes, which name their ids, and of the erasure itself, which must
	 * name the user to be finished by the sweeper.
	 */
	private static final Set<String> EXPIRING = Set.of("write_intents");

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private UserService users;

	@Autowired
	private ErasureService erasure;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private WriteIntents intents;

	@Autowired
	private IntentSweeper sweeper;

	@Autowired
	private Clock clock;

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementExecutor executor;

	@Autowired
	private TimeSource time;

	@Autowired
	private LikeService likes;

	@Autowired
	private PostService posts;

	@Autowired
	private FollowService follows;

	@Autowired
	private TimelineErasure timelines;

	private CqlSession admin;

	@BeforeEach
	void openTheAdminSession() {
		this.failures.reset();
		this.admin = SharedCassandra.adminSession();
	}

	@AfterEach
	void closeTheAdminSession() {
		this.failures.reset();
		this.admin.close();
	}

	/**
	 * A user with a profile, both claims, follows both ways (one of them promoting the
	 * user to high-fanout, one of the followed authors high-fanout too), posts fanned out
	 * to a follower's timeline and tagged, a like, a like of their post by another user,
	 * entries in their own timeline and a hidden author: after the 204, no table holds a
	 * marker of theirs, the other users' rows are untouched, and the counters the user
	 * counted in went down by one.
	 */
	@Test
	void anErasureLeavesNoMarkerInAnyTable() {
		World world = World.build(this);
		TableSnapshot before = snapshot();
		assertThat(markersLeft(before, world.markers()).stream().map((row) -> row.substring(0, row.indexOf(':'))))
			.as("the tables the erased user was copied to")
			.containsAll(List.of("users_by_id", "users_by_username", "users_by_email", "following_by_user",
					"followers_by_user_shard", "follower_counts", "follow_claims", "posts_by_id", "posts_by_user",
					"posts_by_hashtag", "user_timeline", "timeline_deliveries_by_post", "high_fanout_authors",
					"high_fanout_following_by_user", "timeline_hidden_authors", "post_likers", "post_like_counts",
					"likes_by_user"));
		List<String> othersBefore = rowsOf(before, world.others());

		erase(world.erased().userId(), world.erased().userId()).expectStatus().isNoContent();

		TableSnapshot after = snapshot();
		assertThat(markersLeft(after, world.markers())).isEmpty();
		world.assertCountersWentDownOnce(this);
		List<String> othersAfter = rowsOf(after, world.others());
		List<String> lost = new ArrayList<>(othersBefore);
		lost.removeAll(othersAfter);
		// A row of another user that also named the erased user (a follow of theirs) is
		// rightly gone; a counter row changed its value.
		lost.removeIf((row) -> world.markers().stream().anyMatch(row::contains));
		assertThat(lost).as("rows of the other users lost or changed by the erasure")
			.allSatisfy((row) -> assertThat(row).satisfiesAnyOf(
					(changed) -> assertThat(changed).startsWith("follower_counts: "),
					(changed) -> assertThat(changed).startsWith("post_like_counts: ")));
		this.client.get().uri("/users/{id}", world.erased().userId()).exchange().expectStatus().isNotFound();
	}

	/**
	 * Erasing twice is safe: the second request is a 404 (an erased user leaves no trace
	 * to tell them from one who never registered), and a replay of the finished erasure
	 * (a sweeper that never saw it marked completed) changes nothing, counters included.
	 */
	@Test
	void aRepeatedErasureChangesNothing() {
		World world = World.build(this);
		erase(world.erased().userId(), world.erased().userId()).expectStatus().isNoContent();
		List<String> everyone = Stream.concat(world.markers().stream(), world.others().stream()).toList();
		List<String> erased = rowsOf(snapshot(), everyone);

		erase(world.erased().userId(), world.erased().userId()).expectStatus().isNotFound();
		StepVerifier.create(this.erasure.replay(intentFor(world.erased(), this.fixtures.now()))).verifyComplete();

		assertThat(rowsOf(snapshot(), everyone)).containsExactlyInAnyOrderElementsOf(erased);
		world.assertCountersWentDownOnce(this);
	}

	/**
	 * An erasure cut short (its step before the claims refused by the database, every
	 * attempt) answers 202: the likes, posts and follows are gone, the profile is still
	 * there. A second request, still refused, changes no counter again; once the database
	 * answers, the sweeper finishes the erasure from its intent: no marker is left
	 * anywhere.
	 */
	@Test
	void anErasureCutShortIsFinishedByTheSweeper() {
		World world = World.build(this);
		UUID erasedId = world.erased().userId();
		// The erasure's last step before the claims: forgetting the user's high-fanout
		// mode.
		this.failures.failWrites("high_fanout_authors", Integer.MAX_VALUE, Failure.INVALID_QUERY);

		erase(erasedId, erasedId).expectStatus().isAccepted();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", erasedId)).hasSize(1);
		assertThat(this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ?", erasedId))
			.isEmpty();
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_id WHERE post_id = ?", world.posts().get(0)))
			.isEmpty();
		erase(erasedId, erasedId).expectStatus().isAccepted();
		world.assertCountersWentDownOnce(this);

		this.failures.reset();
		((MutableClock) this.clock).add(this.intents.settings().deadline().plusSeconds(61));
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			this.sweeper.sweep().block(Duration.ofSeconds(20));
			assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", erasedId)).isEmpty();
		});
		assertThat(markersLeft(snapshot(), world.markers())).isEmpty();
		world.assertCountersWentDownOnce(this);
	}

	/**
	 * An erasure stopped between its two parts, as a process killed there would leave it
	 * (the fault hook of the process tests, {@code querydriven.testing.delay-copies},
	 * here holding the second part back for a day): the likes, posts and follows are
	 * gone, the timeline, the names and the profile are not. The sweeper replays it from
	 * its intent once its deadline passed: no marker is left anywhere, and every counter
	 * went down once.
	 */
	@Test
	void anErasureStoppedHalfWayIsFinishedByTheSweeper() {
		World world = World.build(this);
		UUID erasedId = world.erased().userId();
		WriteIntents stopping = new WriteIntents(this.session, this.executor, this.time, this.intents.settings(),
				new WriteIntents.Hooks(Set.of(), Duration.ofDays(1)));
		new ErasureService(this.users, this.likes, this.posts, this.follows, this.timelines, stopping, this.time)
			.erase(erasedId)
			.subscribe();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.fixtures
				.rows("SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? " + "AND shard = 0", erasedId)
				.isEmpty()
					&& this.fixtures.rows("SELECT followed_id FROM following_by_user WHERE user_id = ?", erasedId)
						.isEmpty());
		assertThat(this.fixtures.rows("SELECT post_id FROM posts_by_user WHERE user_id = ? AND month = ?", erasedId,
				Fixtures.month(this.fixtures.now())))
			.isEmpty();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", erasedId)).hasSize(1);
		assertThat(markersLeft(snapshot(), world.markers())).as("the rows left for the second part").isNotEmpty();

		((MutableClock) this.clock).add(this.intents.settings().deadline().plusSeconds(61));
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			this.sweeper.sweep().block(Duration.ofSeconds(20));
			assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", erasedId)).isEmpty();
		});
		assertThat(markersLeft(snapshot(), world.markers())).isEmpty();
		world.assertCountersWentDownOnce(this);
	}

	/**
	 * The user erases themselves, and an admin may erase anyone; another user's token is
	 * a 403 that erases nothing, and a user with no profile is a 404.
	 */
	@Test
	void theUserOrAnAdminErases() {
		UsersByIdRow user = this.fixtures.user();
		UsersByIdRow other = this.fixtures.user();
		erase(other.userId(), user.userId()).expectStatus().isForbidden();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", user.userId())).hasSize(1);

		this.client.mutateWith(this.callers.as(UUID.randomUUID(), "admin"))
			.delete()
			.uri("/users/{id}", user.userId())
			.exchange()
			.expectStatus()
			.isNoContent();
		assertThat(this.fixtures.rows("SELECT user_id FROM users_by_id WHERE user_id = ?", user.userId())).isEmpty();
		UUID nobody = UUID.randomUUID();
		erase(nobody, nobody).expectStatus().isNotFound();
	}

	/**
	 * The username and the email of an erased user are free again: another user registers
	 * with them.
	 */
	@Test
	void theErasedNamesAreFreeAgain() {
		UsersByIdRow user = this.fixtures.user();
		erase(user.userId(), user.userId()).expectStatus().isNoContent();
		StepVerifier
			.create(this.users.register(UUID.randomUUID(), new NewUser(user.username(), user.email(), "Someone else"),
					this.fixtures.tick()))
			.assertNext((registered) -> assertThat(registered.username()).isEqualTo(user.username()))
			.verifyComplete();
	}

	private WebTestClient.ResponseSpec erase(UUID caller, UUID userId) {
		return this.client.mutateWith(this.callers.as(caller)).delete().uri("/users/{id}", userId).exchange();
	}

	private TableSnapshot snapshot() {
		return TableSnapshot.of(this.admin, "social_feed");
	}

	/** Every row holding a marker, but in the tables left to expire. */
	private static List<String> markersLeft(TableSnapshot snapshot, List<String> markers) {
		List<String> left = new ArrayList<>();
		for (String marker : markers) {
			left.addAll(without(snapshot.rowsContaining(marker), EXPIRING));
		}
		return left;
	}

	/**
	 * The rows naming any of the given users or posts, but in the tables left to expire.
	 */
	private static List<String> rowsOf(TableSnapshot snapshot, List<String> ids) {
		Set<String> rows = new HashSet<>();
		for (String id : ids) {
			rows.addAll(without(snapshot.rowsContaining(id), EXPIRING));
		}
		return new ArrayList<>(rows);
	}

	private static List<String> without(List<String> rows, Set<String> tables) {
		return rows.stream().filter((row) -> !tables.contains(row.substring(0, row.indexOf(':')))).toList();
	}

	private static WriteIntent intentFor(UsersByIdRow user, Instant now) {
		return new WriteIntent(now.truncatedTo(ChronoUnit.MINUTES), 0, Uuids.startOf(now.toEpochMilli()),
				ErasureService.ERASED, Map.of("user_id", user.userId().toString()), List.of(), 0, null);
	}

	long followers(UUID userId) {
		return this.fixtures.rows("SELECT followers FROM follower_counts WHERE user_id = ?", userId)
			.stream()
			.mapToLong((row) -> row.getLong("followers"))
			.sum();
	}

	long likes(UUID postId) {
		return this.fixtures.rows("SELECT likes FROM post_like_counts WHERE post_id = ?", postId)
			.stream()
			.mapToLong((row) -> row.getLong("likes"))
			.sum();
	}

	/**
	 * The erased user and the users around them. The erased user follows a high-fanout
	 * author (three followers, the tests' threshold) and an ordinary one, whose later
	 * post lands in the erased user's timeline; three users follow the erased user, so
	 * the erased user's first post is fanned out and the next are pulled (one of them
	 * liked by a follower); one of the followers had hidden the erased user once (an
	 * unfollow, then a follow again), and the erased user hid a user they unfollowed.
	 *
	 * @param erased the user to erase
	 * @param popular a high-fanout author the erased user follows
	 * @param ordinary an ordinary author the erased user follows
	 * @param unfollowed a user the erased user followed, then unfollowed (hiding them)
	 * @param followers the erased user's followers
	 * @param posts the erased user's posts
	 * @param liked the other users' post the erased user and a follower liked
	 * @param marker the word in the erased user's posts
	 */
	record World(UsersByIdRow erased, UsersByIdRow popular, UsersByIdRow ordinary, UsersByIdRow unfollowed,
			List<UsersByIdRow> followers, List<UUID> posts, PostsByIdRow liked, String marker) {

		static World build(ErasureIntegrationTests test) {
			Fixtures fixtures = test.fixtures;
			String name = Fixtures.uniqueName();
			String marker = "m" + Fixtures.uniqueName();
			UsersByIdRow erased = test.users
				.register(UUID.randomUUID(), new NewUser(name, name + "@erased.example", "Display " + name),
						fixtures.tick())
				.block();
			UsersByIdRow popular = fixtures.user();
			UsersByIdRow ordinary = fixtures.user();
			fixtures.follow(erased, popular);
			fixtures.follow(fixtures.user(), popular);
			fixtures.follow(fixtures.user(), popular);
			fixtures.follow(erased, ordinary);
			List<UsersByIdRow> followers = List.of(fixtures.user(), fixtures.user(), fixtures.user());
			fixtures.follow(followers.get(0), erased);
			fixtures.unfollow(followers.get(0), erased);
			fixtures.follow(followers.get(0), erased);
			List<UUID> posts = new ArrayList<>();
			posts.add(fixtures.post(erased, marker + " first #erasure").postId());
			fixtures.follow(followers.get(1), erased);
			fixtures.follow(followers.get(2), erased);
			posts.add(fixtures.post(erased, marker + " second #erasure").postId());
			PostsByIdRow liked = fixtures.post(ordinary, "Ordinary #erasure");
			fixtures.like(liked, erased);
			fixtures.like(liked, followers.get(1));
			fixtures.post(popular, "Popular #erasure");
			PostsByIdRow likedByAFollower = fixtures.post(erased, marker + " liked by a follower");
			posts.add(likedByAFollower.postId());
			fixtures.like(likedByAFollower, followers.get(2));
			UsersByIdRow unfollowed = fixtures.user();
			fixtures.follow(erased, unfollowed);
			fixtures.unfollow(erased, unfollowed);
			// The likes and claims above are lightweight transactions, timestamped by the
			// node's clock; the erasure's deletes carry the application's, which
			// the tests hold still: it catches up first, as both clocks agree in
			// production.
			fixtures.catchUpWithTheDatabase();
			return new World(erased, popular, ordinary, unfollowed, followers, posts, liked, marker);
		}

		List<String> markers() {
			List<String> markers = new ArrayList<>(List.of(this.erased.userId().toString(), this.erased.username(),
					this.erased.email(), this.erased.displayName(), this.marker));
			this.posts.forEach((post) -> markers.add(post.toString()));
			return markers;
		}

		List<String> others() {
			return Stream.concat(Stream.of(this.popular, this.ordinary, this.unfollowed), this.followers.stream())
				.map((user) -> user.userId().toString())
				.toList();
		}

		void assertCountersWentDownOnce(ErasureIntegrationTests test) {
			assertThat(test.followers(this.popular.userId())).as("the popular author's followers").isEqualTo(2);
			assertThat(test.followers(this.ordinary.userId())).as("the ordinary author's followers").isZero();
			assertThat(test.likes(this.liked.postId())).as("the liked post's likes").isEqualTo(1);
		}

	}

}
