package dev.querydriven.socialfeed.migration;

import java.util.Collections;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.socialfeed.follow.FollowingByUserRow;
import dev.querydriven.tablemigration.TableMigration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Rebuilds the follower lists ({@code followers_by_user_shard}, Q3) from the follows
 * ({@code following_by_user}, Q4), the source of truth of who follows whom: the lists
 * step 007 of the schema dropped on the databases it ran on, and the ones a database
 * upgraded from step 006 still holds only in the unsharded {@code followers_by_user}.
 *
 * <p>
 * <b>What it writes, and why that is safe to repeat.</b> One row per follow, into the
 * shard the follow path uses: the first shard the follow recorded, or shard 0 for a
 * follow written before shards existed (it records none; shard 0 is read by every walk
 * over a user's shards, so no counter has to move for the row to be found). The row
 * copies the follow's {@code followed_at} and the follower's names, looked up in
 * {@code users_by_id} ({@link #completeOld}: {@code following_by_user} names the followed
 * user, not the follower). It carries the follow row's own write timestamp, the timestamp
 * the follow path gives both rows of a follow: a re-run, a resumed token range or a
 * follow repeated meanwhile writes the same cells with the same timestamp, and an
 * unfollow meanwhile (a delete with its later timestamp) wins whichever lands last.
 *
 * <p>
 * <b>What it leaves alone.</b> Counters cannot be written idempotently (an increment
 * repeated by a resumed range counts twice), so the backfill never touches
 * {@code follower_counts}: {@code followers}, kept since step 002, still counts the old
 * follows, and {@code follows_received}, which numbers shards, counts the follows made
 * since shards exist, which shard 0 holding the older ones does not disturb. Nor does it
 * write {@code following_by_user} (the source stays read-only) or {@code follow_claims}
 * (a lightweight transaction, which a copy cannot be): the follow path recognises an old
 * follow by its empty set of shards and handles its shard and its claim itself.
 *
 * <p>
 * Verify then compares both ways: every follow has its follower row with the same time
 * and names, and every follower row has its follow (a follower row without one is a ghost
 * left by an old failure; an unfollow of it removes it).
 *
 * <p>
 * This class works on the driver's level, not Spring Data's: the engine hands it driver
 * rows of token-range scans and takes driver statements back.
 */
class FollowerShardsMigration implements TableMigration<FollowerCopy> {

	/** The migration's name, as the {@code migrations} actuator endpoint shows it. */
	static final String NAME = "follower-shards";

	private static final String FOLLOWER_COLUMNS = "user_id, shard, follower_id, followed_at, username, display_name";

	private final String name;

	private final CqlSession session;

	private final PreparedStatement scanOld;

	private final PreparedStatement scanNew;

	private final PreparedStatement findOld;

	private final PreparedStatement findNew;

	private final PreparedStatement insertNew;

	private final PreparedStatement findNames;

	FollowerShardsMigration(CqlSession session, String name) {
		this.name = name;
		this.session = session;
		this.scanOld = session.prepare("SELECT user_id, followed_id, followed_at, follower_shards, "
				+ "WRITETIME(followed_at) AS written FROM following_by_user "
				+ "WHERE token(user_id) > ? AND token(user_id) <= ?");
		this.scanNew = session.prepare("SELECT " + FOLLOWER_COLUMNS + " FROM followers_by_user_shard "
				+ "WHERE token(user_id, shard) > ? AND token(user_id, shard) <= ?");
		this.findOld = session.prepare("SELECT user_id, followed_id, followed_at, follower_shards "
				+ "FROM following_by_user WHERE user_id = ? AND followed_id = ?");
		this.findNew = session.prepare("SELECT " + FOLLOWER_COLUMNS + " FROM followers_by_user_shard "
				+ "WHERE user_id = ? AND shard = ? AND follower_id = ?");
		this.insertNew = session.prepare("INSERT INTO followers_by_user_shard (user_id, shard, follower_id, "
				+ "username, display_name, followed_at) VALUES (?, ?, ?, ?, ?, ?)");
		this.findNames = session.prepare("SELECT username, display_name FROM users_by_id WHERE user_id = ?");
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String oldTable() {
		return "following_by_user";
	}

	@Override
	public String newTable() {
		return "followers_by_user_shard";
	}

	@Override
	public Statement<?> scanOld(long fromExclusive, long toInclusive) {
		return this.scanOld.bind(fromExclusive, toInclusive);
	}

	@Override
	public Statement<?> scanNew(long fromExclusive, long toInclusive) {
		return this.scanNew.bind(fromExclusive, toInclusive);
	}

	/**
	 * A follow, as the follower row it should have: in the lowest shard it recorded (a
	 * follow that raced across a shard boundary recorded two, and the follow path wrote
	 * both rows then), or shard 0 when it predates shards.
	 */
	@Override
	public FollowerCopy readOld(Row row) {
		int shard = Collections.min(FollowingByUserRow.followerRowShards(row.getSet("follower_shards", Integer.class)));
		return new FollowerCopy(row.getUuid("followed_id"), shard, row.getUuid("user_id"),
				row.getInstant("followed_at"), null, null);
	}

	@Override
	public FollowerCopy readNew(Row row) {
		return new FollowerCopy(row.getUuid("user_id"), row.getInt("shard"), row.getUuid("follower_id"),
				row.getInstant("followed_at"), row.getString("username"), row.getString("display_name"));
	}

	/**
	 * The follower's names, from their profile: read at quorum, one partition. A follow
	 * whose follower has no profile any more (an erasure in progress) has nothing to
	 * copy.
	 */
	@Override
	public Mono<FollowerCopy> completeOld(FollowerCopy follow) {
		Statement<?> read = this.findNames.bind(follow.followerId())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return Flux.from(this.session.executeReactive(read))
			.next()
			.map((profile) -> follow.withNames(profile.getString("username"), profile.getString("display_name")));
	}

	/**
	 * The follow's write timestamp: the follow path writes both rows of a follow with its
	 * {@code followed_at} in microseconds, so the copy gets exactly the timestamp the
	 * follow path would give it.
	 */
	@Override
	public long writeTimeMicros(Row oldRow) {
		return oldRow.getLong("written");
	}

	@Override
	public Statement<?> findOld(FollowerCopy follow) {
		return this.findOld.bind(follow.followerId(), follow.followedId());
	}

	@Override
	public Statement<?> findNew(FollowerCopy follow) {
		return this.findNew.bind(follow.followedId(), follow.shard(), follow.followerId());
	}

	@Override
	public Statement<?> insertNew(FollowerCopy follow) {
		return this.insertNew.bind(follow.followedId(), follow.shard(), follow.followerId(), follow.username(),
				follow.displayName(), follow.followedAt());
	}

	/** Ids only: names are personal data, and reports end up in logs. */
	@Override
	public String describe(FollowerCopy follow) {
		return "follower " + follow.followerId() + " of " + follow.followedId() + " in shard " + follow.shard()
				+ " since " + follow.followedAt();
	}

}
