package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code followers_by_user} (Q3), {@code following_by_user} (Q4, Q11) and
 * {@code follower_counts} (Q12).
 */
@Repository
class FollowRepository {

	/**
	 * Follow rows are written and read at LOCAL_QUORUM: "follow, then list my follows"
	 * must see the follow, and a post's fan-out must find a follower that was
	 * acknowledged before the post.
	 */
	private static final ConsistencyLevel FOLLOWS = ConsistencyLevel.LOCAL_QUORUM;

	/**
	 * The counter is incremented and read at LOCAL_QUORUM, so the follow that crosses the
	 * fan-out threshold sees the count it produced. It stays approximate (see the package
	 * documentation); the consistency level only removes replica lag.
	 */
	private static final ConsistencyLevel COUNTS = ConsistencyLevel.LOCAL_QUORUM;

	/**
	 * The fan-out reads a whole followers partition; the driver fetches it in pages of
	 * this many rows as the writes consume them.
	 */
	private static final int RECIPIENT_PAGE_SIZE = 500;

	private final CqlSession session;

	private final PreparedStatement insertFollower;

	private final PreparedStatement deleteFollower;

	private final PreparedStatement insertFollowing;

	private final PreparedStatement deleteFollowing;

	private final PreparedStatement selectFollowers;

	private final PreparedStatement selectFollowersAfter;

	private final PreparedStatement selectFollowerIds;

	private final PreparedStatement selectFollowing;

	private final PreparedStatement selectFollowingAfter;

	private final PreparedStatement selectFollows;

	private final PreparedStatement updateFollowerCount;

	private final PreparedStatement selectFollowerCount;

	FollowRepository(CqlSession session) {
		this.session = session;
		this.insertFollower = session
			.prepare("INSERT INTO followers_by_user (user_id, follower_id, username, display_name, followed_at) "
					+ "VALUES (?, ?, ?, ?, ?)");
		this.deleteFollower = session.prepare("DELETE FROM followers_by_user WHERE user_id = ? AND follower_id = ?");
		this.insertFollowing = session
			.prepare("INSERT INTO following_by_user (user_id, followed_id, username, display_name, followed_at) "
					+ "VALUES (?, ?, ?, ?, ?)");
		this.deleteFollowing = session.prepare("DELETE FROM following_by_user WHERE user_id = ? AND followed_id = ?");
		String followers = "SELECT user_id, follower_id, username, display_name, followed_at FROM followers_by_user "
				+ "WHERE user_id = ?";
		this.selectFollowers = session.prepare(followers + " LIMIT ?");
		this.selectFollowersAfter = session.prepare(followers + " AND follower_id > ? LIMIT ?");
		this.selectFollowerIds = session.prepare("SELECT follower_id FROM followers_by_user WHERE user_id = ?");
		String following = "SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
				+ "WHERE user_id = ?";
		this.selectFollowing = session.prepare(following + " LIMIT ?");
		this.selectFollowingAfter = session.prepare(following + " AND followed_id > ? LIMIT ?");
		this.selectFollows = session
			.prepare("SELECT followed_id FROM following_by_user WHERE user_id = ? AND followed_id = ?");
		this.updateFollowerCount = session
			.prepare("UPDATE follower_counts SET followers = followers + ? WHERE user_id = ?");
		this.selectFollowerCount = session.prepare("SELECT followers FROM follower_counts WHERE user_id = ?");
	}

	@ServesQuery("Q3")
	Statement<?> insertFollower(UUID userId, UUID followerId, String username, String displayName, Instant followedAt) {
		return this.insertFollower.bind(userId, followerId, username, displayName, followedAt)
			.setConsistencyLevel(FOLLOWS);
	}

	@ServesQuery("Q3")
	Statement<?> deleteFollower(UUID userId, UUID followerId) {
		return this.deleteFollower.bind(userId, followerId).setConsistencyLevel(FOLLOWS);
	}

	@ServesQuery("Q4")
	Statement<?> insertFollowing(UUID userId, UUID followedId, String username, String displayName,
			Instant followedAt) {
		return this.insertFollowing.bind(userId, followedId, username, displayName, followedAt)
			.setConsistencyLevel(FOLLOWS);
	}

	@ServesQuery("Q4")
	Statement<?> deleteFollowing(UUID userId, UUID followedId) {
		return this.deleteFollowing.bind(userId, followedId).setConsistencyLevel(FOLLOWS);
	}

	/**
	 * A page of a user's followers, in follower-id order.
	 * @param userId the followed user
	 * @param after the last follower of the previous page, or {@code null}
	 * @param limit the page size
	 * @return the followers
	 */
	@ServesQuery("Q3")
	Flux<FollowersByUserRow> findFollowers(UUID userId, UUID after, int limit) {
		BoundStatement statement = (after != null) ? this.selectFollowersAfter.bind(userId, after, limit)
				: this.selectFollowers.bind(userId, limit);
		return execute(statement.setConsistencyLevel(FOLLOWS).setIdempotent(true))
			.map((row) -> new FollowersByUserRow(row.getUuid("user_id"), row.getUuid("follower_id"),
					row.getString("username"), row.getString("display_name"), row.getInstant("followed_at")));
	}

	/**
	 * Every follower of a user: the recipients of a fan-out, streamed page by page.
	 * @param userId the author
	 * @return the follower ids
	 */
	@ServesQuery("Q3")
	Flux<UUID> findFollowerIds(UUID userId) {
		return execute(this.selectFollowerIds.bind(userId)
			.setConsistencyLevel(FOLLOWS)
			.setPageSize(RECIPIENT_PAGE_SIZE)
			.setIdempotent(true)).map((row) -> row.getUuid("follower_id"));
	}

	@ServesQuery("Q4")
	Flux<FollowingByUserRow> findFollowing(UUID userId, UUID after, int limit) {
		BoundStatement statement = (after != null) ? this.selectFollowingAfter.bind(userId, after, limit)
				: this.selectFollowing.bind(userId, limit);
		return execute(statement.setConsistencyLevel(FOLLOWS).setIdempotent(true))
			.map((row) -> new FollowingByUserRow(row.getUuid("user_id"), row.getUuid("followed_id"),
					row.getString("username"), row.getString("display_name"), row.getInstant("followed_at")));
	}

	@ServesQuery("Q11")
	Mono<Boolean> follows(UUID userId, UUID followedId) {
		return execute(this.selectFollows.bind(userId, followedId).setConsistencyLevel(FOLLOWS).setIdempotent(true))
			.hasElements();
	}

	/**
	 * Adds to a follower count. Not idempotent: never retried automatically.
	 * @param userId the followed user
	 * @param delta +1 or -1
	 * @return completes when counted
	 */
	@ServesQuery("Q12")
	Mono<Void> addFollowers(UUID userId, long delta) {
		return execute(this.updateFollowerCount.bind(delta, userId).setConsistencyLevel(COUNTS).setIdempotent(false))
			.then();
	}

	@ServesQuery("Q12")
	Mono<Long> followerCount(UUID userId) {
		return execute(this.selectFollowerCount.bind(userId).setConsistencyLevel(COUNTS).setIdempotent(true)).next()
			.map((row) -> row.getLong("followers"))
			.defaultIfEmpty(0L);
	}

	private Flux<ReactiveRow> execute(Statement<?> statement) {
		return Flux.from(this.session.executeReactive(statement));
	}

}
