package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.Set;
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
 * {@code followers_by_user_shard} (Q3), {@code following_by_user} (Q4, Q11) and
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
	 * The counters are incremented and read at LOCAL_QUORUM: the follow that crosses the
	 * fan-out threshold sees the count it produced, and a reader walking a user's
	 * follower shards sees at least the {@code follows_received} that numbered any follow
	 * acknowledged before. They stay approximate (see the package documentation); the
	 * consistency level only removes replica lag.
	 */
	private static final ConsistencyLevel COUNTS = ConsistencyLevel.LOCAL_QUORUM;

	/**
	 * The fan-out reads whole follower shards; the driver fetches each in pages of this
	 * many rows as the writes consume them.
	 */
	private static final int RECIPIENT_PAGE_SIZE = 500;

	private final CqlSession session;

	private final PreparedStatement insertFollower;

	private final PreparedStatement deleteFollower;

	private final PreparedStatement upsertFollowing;

	private final PreparedStatement deleteFollowing;

	private final PreparedStatement selectFollowers;

	private final PreparedStatement selectFollowersAfter;

	private final PreparedStatement selectFollowerIds;

	private final PreparedStatement selectFollowing;

	private final PreparedStatement selectFollowingAfter;

	private final PreparedStatement selectFollow;

	private final PreparedStatement countFollow;

	private final PreparedStatement countUnfollow;

	private final PreparedStatement selectCounts;

	FollowRepository(CqlSession session) {
		this.session = session;
		this.insertFollower = session.prepare("INSERT INTO followers_by_user_shard "
				+ "(user_id, shard, follower_id, username, display_name, followed_at) VALUES (?, ?, ?, ?, ?, ?)");
		this.deleteFollower = session
			.prepare("DELETE FROM followers_by_user_shard WHERE user_id = ? AND shard = ? AND follower_id = ?");
		// An UPDATE, so that the shard joins the set instead of replacing it: two
		// requests
		// for the same follow that chose different shards both stay recorded.
		this.upsertFollowing = session.prepare("UPDATE following_by_user SET username = ?, display_name = ?, "
				+ "followed_at = ?, follower_shards = follower_shards + ? WHERE user_id = ? AND followed_id = ?");
		this.deleteFollowing = session.prepare("DELETE FROM following_by_user WHERE user_id = ? AND followed_id = ?");
		String followers = "SELECT user_id, shard, follower_id, username, display_name, followed_at "
				+ "FROM followers_by_user_shard WHERE user_id = ? AND shard = ?";
		this.selectFollowers = session.prepare(followers + " LIMIT ?");
		this.selectFollowersAfter = session.prepare(followers + " AND follower_id > ? LIMIT ?");
		this.selectFollowerIds = session
			.prepare("SELECT follower_id FROM followers_by_user_shard WHERE user_id = ? AND shard = ?");
		String following = "SELECT user_id, followed_id, username, display_name, followed_at FROM following_by_user "
				+ "WHERE user_id = ?";
		this.selectFollowing = session.prepare(following + " LIMIT ?");
		this.selectFollowingAfter = session.prepare(following + " AND followed_id > ? LIMIT ?");
		this.selectFollow = session.prepare(
				"SELECT followed_id, follower_shards FROM following_by_user WHERE user_id = ? AND followed_id = ?");
		this.countFollow = session.prepare("UPDATE follower_counts SET followers = followers + 1, "
				+ "follows_received = follows_received + 1 WHERE user_id = ?");
		this.countUnfollow = session.prepare("UPDATE follower_counts SET followers = followers - 1 WHERE user_id = ?");
		this.selectCounts = session
			.prepare("SELECT followers, follows_received FROM follower_counts WHERE user_id = ?");
	}

	@ServesQuery("Q3")
	Statement<?> insertFollower(UUID userId, int shard, UUID followerId, String username, String displayName,
			Instant followedAt) {
		return this.insertFollower.bind(userId, shard, followerId, username, displayName, followedAt)
			.setConsistencyLevel(FOLLOWS);
	}

	@ServesQuery("Q3")
	Statement<?> deleteFollower(UUID userId, int shard, UUID followerId) {
		return this.deleteFollower.bind(userId, shard, followerId).setConsistencyLevel(FOLLOWS);
	}

	/**
	 * Writes (or completes) a follow in the follower's list, adding the shard its
	 * follower row went to.
	 * @param userId the follower
	 * @param followedId the followed user
	 * @param username the followed user's username (copied)
	 * @param displayName the followed user's display name (copied)
	 * @param followedAt when the follow happened
	 * @param followerShard the shard of the followed user's follower row
	 * @return the statement
	 */
	@ServesQuery({ "Q4", "Q11" })
	Statement<?> upsertFollowing(UUID userId, UUID followedId, String username, String displayName, Instant followedAt,
			int followerShard) {
		return this.upsertFollowing.bind(username, displayName, followedAt, Set.of(followerShard), userId, followedId)
			.setConsistencyLevel(FOLLOWS);
	}

	@ServesQuery({ "Q4", "Q11" })
	Statement<?> deleteFollowing(UUID userId, UUID followedId) {
		return this.deleteFollowing.bind(userId, followedId).setConsistencyLevel(FOLLOWS);
	}

	/**
	 * A page of one follower shard of a user, in follower-id order.
	 * @param userId the followed user
	 * @param shard the shard
	 * @param after the last follower read in this shard, or {@code null}
	 * @param limit the most rows to read
	 * @return the followers
	 */
	@ServesQuery("Q3")
	Flux<FollowersByUserShardRow> findFollowers(UUID userId, int shard, UUID after, int limit) {
		BoundStatement statement = (after != null) ? this.selectFollowersAfter.bind(userId, shard, after, limit)
				: this.selectFollowers.bind(userId, shard, limit);
		return execute(statement.setConsistencyLevel(FOLLOWS).setIdempotent(true))
			.map((row) -> new FollowersByUserShardRow(row.getUuid("user_id"), row.getInt("shard"),
					row.getUuid("follower_id"), row.getString("username"), row.getString("display_name"),
					row.getInstant("followed_at")));
	}

	/**
	 * Every follower in one shard of a user: the recipients of a fan-out, streamed page
	 * by page.
	 * @param userId the author
	 * @param shard the shard
	 * @return the follower ids
	 */
	@ServesQuery("Q3")
	Flux<UUID> findFollowerIds(UUID userId, int shard) {
		return execute(this.selectFollowerIds.bind(userId, shard)
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

	/**
	 * Whether a user follows another, and where the follower row of that follow is.
	 * @param userId the follower
	 * @param followedId the followed user
	 * @return the follower shards the follow was written to (empty for a follow written
	 * before shards existed), or an empty {@code Mono} when the user does not follow
	 */
	@ServesQuery("Q11")
	Mono<Set<Integer>> findFollow(UUID userId, UUID followedId) {
		return execute(this.selectFollow.bind(userId, followedId).setConsistencyLevel(FOLLOWS).setIdempotent(true))
			.next()
			.map((row) -> row.getSet("follower_shards", Integer.class));
	}

	/**
	 * Counts a new follow: one more follower, one more follow received. Not idempotent:
	 * never retried automatically.
	 * @param userId the followed user
	 * @return completes when counted
	 */
	@ServesQuery("Q12")
	Mono<Void> countFollow(UUID userId) {
		return execute(this.countFollow.bind(userId).setConsistencyLevel(COUNTS).setIdempotent(false)).then();
	}

	/**
	 * Counts an unfollow: one follower less ({@code follows_received} never decreases).
	 * Not idempotent: never retried automatically.
	 * @param userId the unfollowed user
	 * @return completes when counted
	 */
	@ServesQuery("Q12")
	Mono<Void> countUnfollow(UUID userId) {
		return execute(this.countUnfollow.bind(userId).setConsistencyLevel(COUNTS).setIdempotent(false)).then();
	}

	/**
	 * A user's counters; zeros for a user nobody ever followed.
	 * @param userId the user
	 * @return the counters
	 */
	@ServesQuery("Q12")
	Mono<FollowerCountsRow> findCounts(UUID userId) {
		return execute(this.selectCounts.bind(userId).setConsistencyLevel(COUNTS).setIdempotent(true)).next()
			.map((row) -> new FollowerCountsRow(userId, row.getLong("followers"), row.getLong("follows_received")))
			.defaultIfEmpty(new FollowerCountsRow(userId, 0, 0));
	}

	private Flux<ReactiveRow> execute(Statement<?> statement) {
		return Flux.from(this.session.executeReactive(statement));
	}

}
