package dev.querydriven.socialfeed;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.LikeService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.NewUser;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import org.threeten.extra.MutableClock;

import org.springframework.boot.test.context.TestComponent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test data through the service's own API (random names, so tests never collide), and
 * direct reads of the tables, to check every copy a write made. Setup blocks: tests
 * assert with StepVerifier, but arranging data step by step reads better this way.
 */
@TestComponent
public class Fixtures {

	private final UserService users;

	private final FollowService follows;

	private final PostService posts;

	private final LikeService likes;

	private final CqlSession session;

	private final Clock clock;

	Fixtures(UserService users, FollowService follows, PostService posts, LikeService likes, CqlSession session,
			Clock clock) {
		this.users = users;
		this.follows = follows;
		this.posts = posts;
		this.likes = likes;
		this.session = session;
		this.clock = clock;
	}

	public static String uniqueName() {
		return "u" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
	}

	public UsersByIdRow user() {
		return user(tick());
	}

	public UsersByIdRow user(Instant createdAt) {
		String name = uniqueName();
		return this.users
			.register(UUID.randomUUID(), new NewUser(name, name + "@example.com", "User " + name), createdAt)
			.block();
	}

	public void follow(UsersByIdRow follower, UsersByIdRow author) {
		follow(follower, author, tick());
	}

	public void follow(UsersByIdRow follower, UsersByIdRow author, Instant at) {
		this.follows.follow(follower.userId(), author.userId(), at).block();
	}

	public void unfollow(UsersByIdRow follower, UsersByIdRow author) {
		this.follows.unfollow(follower.userId(), author.userId(), tick()).block();
	}

	public PostsByIdRow post(UsersByIdRow author, String content) {
		return post(author, content, tick());
	}

	public PostsByIdRow post(UsersByIdRow author, String content, Instant at) {
		return this.posts.publish(UUID.randomUUID(), author.userId(), content, at).block();
	}

	public void like(PostsByIdRow post, UsersByIdRow user) {
		this.likes.like(post.postId(), user.userId(), tick()).block();
	}

	public Instant now() {
		return this.clock.instant();
	}

	/**
	 * Moves the application's clock up to the wall clock (never back), for a test whose
	 * write with the service's timestamp must follow a write whose timestamp the database
	 * chose: a lightweight transaction (Paxos timestamps it with the node's clock) or a
	 * statement the test ran itself. The application's clock stands still at the moment
	 * the context started, so it lags the node's clock by the time the suite has run; in
	 * production both read the same time.
	 * @return the new instant
	 */
	public Instant catchUpWithTheDatabase() {
		Instant wall = Instant.now();
		if (wall.isAfter(this.clock.instant())) {
			mutableClock().setInstant(wall);
		}
		return tick();
	}

	/**
	 * Moves the application's clock a millisecond forward and returns the new "now": the
	 * clock of the tests stands still, so each step that the real clock would order (a
	 * post after a follow, two posts in a row) moves it.
	 * @return the new instant
	 */
	public Instant tick() {
		mutableClock().add(Duration.ofMillis(1));
		return this.clock.instant();
	}

	/**
	 * Reads rows of one partition, as the service's role.
	 * @param cql a SELECT restricted by a full partition key
	 * @param values the bind values
	 * @return the rows
	 */
	public List<Row> rows(String cql, Object... values) {
		return this.session.execute(SimpleStatement.newInstance(cql, values)).all();
	}

	public UUID uuid(String cql, Object... values) {
		List<Row> rows = rows(cql, values);
		return rows.isEmpty() ? null : rows.get(0).getUuid(0);
	}

	public List<UUID> uuids(String cql, Object... values) {
		return rows(cql, values).stream().map((row) -> row.getUuid(0)).toList();
	}

	/**
	 * The month bucket of an instant, as {@code posts_by_user} keys it.
	 * @param at the instant
	 * @return e.g. {@code 2026-05}
	 */
	public static String month(Instant at) {
		return Bucket.of(BucketGranularity.MONTH, at).key();
	}

	/**
	 * Every copy of a post agrees with {@code posts_by_id}, the source of truth, and was
	 * written with its one timestamp: the {@code WRITETIME} of every non-key column of
	 * every copy (the author's month, each hashtag's day, each timeline the post was
	 * delivered to) equals the source's.
	 * @param postId the post
	 */
	public void assertPostCopiesAgree(UUID postId) {
		Row source = single("SELECT author_id, content, hashtags, created_at, WRITETIME(author_id) AS w1, "
				+ "WRITETIME(content) AS w2, WRITETIME(created_at) AS w3, WRITETIME(hashtags) AS w4 "
				+ "FROM posts_by_id WHERE post_id = ?", postId);
		long timestamp = source.getLong("w1");
		assertThat(List.of(source.getLong("w2"), source.getLong("w3"))).as("posts_by_id").containsOnly(timestamp);
		assertThat(source.getList("w4", Long.class)).as("posts_by_id hashtags").containsOnly(timestamp);
		UUID authorId = source.getUuid("author_id");
		String content = source.getString("content");
		Set<String> hashtags = source.getSet("hashtags", String.class);
		Instant at = source.getInstant("created_at");
		LocalDate day = at.atZone(ZoneOffset.UTC).toLocalDate();
		Row byUser = single(
				"SELECT content, hashtags, WRITETIME(content) AS w1, WRITETIME(hashtags) AS w2 "
						+ "FROM posts_by_user WHERE user_id = ? AND month = ? AND post_time = ? AND post_id = ?",
				authorId, month(at), at, postId);
		assertThat(byUser.getString("content")).isEqualTo(content);
		assertThat(byUser.getSet("hashtags", String.class)).isEqualTo(hashtags);
		assertThat(byUser.getLong("w1")).as("posts_by_user").isEqualTo(timestamp);
		assertThat(byUser.getList("w2", Long.class)).as("posts_by_user hashtags").containsOnly(timestamp);
		for (String tag : hashtags) {
			Row byTag = single("SELECT author_id, content, hashtags, WRITETIME(author_id) AS w1, "
					+ "WRITETIME(content) AS w2, WRITETIME(hashtags) AS w3 FROM posts_by_hashtag "
					+ "WHERE hashtag = ? AND day = ? AND post_time = ? AND post_id = ?", tag, day, at, postId);
			assertThat(byTag.getUuid("author_id")).isEqualTo(authorId);
			assertThat(byTag.getString("content")).isEqualTo(content);
			assertThat(List.of(byTag.getLong("w1"), byTag.getLong("w2"))).as("posts_by_hashtag %s", tag)
				.containsOnly(timestamp);
			assertThat(byTag.getList("w3", Long.class)).as("posts_by_hashtag %s hashtags", tag).containsOnly(timestamp);
			assertThat(rows("SELECT day FROM hashtag_days WHERE hashtag = ? AND day = ?", tag, day)).hasSize(1);
		}
		for (UUID recipient : uuids("SELECT recipient_id FROM timeline_deliveries_by_post WHERE post_id = ?", postId)) {
			Row entry = single(
					"SELECT author_id, content, WRITETIME(author_id) AS w1, WRITETIME(content) AS w2, "
							+ "WRITETIME(hashtags) AS w3 FROM user_timeline "
							+ "WHERE user_id = ? AND day = ? AND post_time = ? AND post_id = ?",
					recipient, day, at, postId);
			assertThat(entry.getString("content")).isEqualTo(content);
			assertThat(List.of(entry.getLong("w1"), entry.getLong("w2"))).as("user_timeline of %s", recipient)
				.containsOnly(timestamp);
			assertThat(entry.getList("w3", Long.class)).as("user_timeline hashtags of %s", recipient)
				.containsOnly(timestamp);
		}
	}

	/**
	 * Both rows of a follow agree and were written with one timestamp: the
	 * {@code WRITETIME} of every non-key column of the follower's row (in every shard the
	 * follow recorded) equals that of the follower's list.
	 * @param follower the follower
	 * @param author the followed user
	 */
	public void assertFollowCopiesAgree(UsersByIdRow follower, UsersByIdRow author) {
		Row following = single(
				"SELECT username, display_name, followed_at, follower_shards, "
						+ "WRITETIME(username) AS w1, WRITETIME(display_name) AS w2, WRITETIME(followed_at) AS w3 "
						+ "FROM following_by_user WHERE user_id = ? AND followed_id = ?",
				follower.userId(), author.userId());
		long timestamp = following.getLong("w1");
		assertThat(List.of(following.getLong("w2"), following.getLong("w3"))).as("following_by_user")
			.containsOnly(timestamp);
		assertThat(following.getString("username")).isEqualTo(author.username());
		for (int shard : following.getSet("follower_shards", Integer.class)) {
			Row row = single("SELECT username, display_name, followed_at, WRITETIME(username) AS w1, "
					+ "WRITETIME(display_name) AS w2, WRITETIME(followed_at) AS w3 FROM followers_by_user_shard "
					+ "WHERE user_id = ? AND shard = ? AND follower_id = ?", author.userId(), shard, follower.userId());
			assertThat(row.getString("username")).isEqualTo(follower.username());
			assertThat(row.getInstant("followed_at")).isEqualTo(following.getInstant("followed_at"));
			assertThat(List.of(row.getLong("w1"), row.getLong("w2"), row.getLong("w3")))
				.as("followers_by_user_shard %d", shard)
				.containsOnly(timestamp);
		}
	}

	/**
	 * The application's clock, which the tests move ({@code @SocialFeedIntegrationTest}
	 * makes it a {@link MutableClock}; the model check's own context keeps the system
	 * clock and never moves it).
	 */
	private MutableClock mutableClock() {
		if (this.clock instanceof MutableClock mutable) {
			return mutable;
		}
		throw new IllegalStateException("Only a @SocialFeedIntegrationTest moves the application's clock");
	}

	private Row single(String cql, Object... values) {
		List<Row> rows = rows(cql, values);
		assertThat(rows).as(cql).hasSize(1);
		return rows.get(0);
	}

}
