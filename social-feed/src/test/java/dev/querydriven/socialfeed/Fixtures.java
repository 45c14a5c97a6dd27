package dev.querydriven.socialfeed;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.socialfeed.follow.FollowService;
import dev.querydriven.socialfeed.post.LikeService;
import dev.querydriven.socialfeed.post.PostService;
import dev.querydriven.socialfeed.post.PostsByIdRow;
import dev.querydriven.socialfeed.user.CreateUserRequest;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;

import org.springframework.stereotype.Component;

/**
 * Test data through the service's own API (random names, so tests never collide), and
 * direct reads of the tables, to check every copy a write made. Setup blocks: tests
 * assert with StepVerifier, but arranging data step by step reads better this way.
 */
@Component
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
		return user(this.clock.instant());
	}

	public UsersByIdRow user(Instant createdAt) {
		String name = uniqueName();
		return this.users
			.register(UUID.randomUUID(), new CreateUserRequest(name, name + "@example.com", "User " + name), createdAt)
			.block();
	}

	public void follow(UsersByIdRow follower, UsersByIdRow author) {
		follow(follower, author, this.clock.instant());
	}

	public void follow(UsersByIdRow follower, UsersByIdRow author, Instant at) {
		this.follows.follow(follower.userId(), author.userId(), at).block();
	}

	public void unfollow(UsersByIdRow follower, UsersByIdRow author) {
		this.follows.unfollow(follower.userId(), author.userId(), this.clock.instant()).block();
	}

	public PostsByIdRow post(UsersByIdRow author, String content) {
		return post(author, content, this.clock.instant());
	}

	public PostsByIdRow post(UsersByIdRow author, String content, Instant at) {
		return this.posts.publish(UUID.randomUUID(), author.userId(), content, at).block();
	}

	public void like(PostsByIdRow post, UsersByIdRow user) {
		this.likes.like(post.postId(), user.userId(), this.clock.instant()).block();
	}

	public Instant now() {
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

}
