package dev.querydriven.socialfeed.migration;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.socialfeed.post.LikesByUserRow;
import dev.querydriven.tablemigration.TableMigration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Fills {@code likes_by_user} (Q21, the posts a user liked) from {@code post_likers}
 * (Q17), which held every like before the copy existed: a token-range scan of the likers,
 * one copy per like of a post that still exists.
 *
 * <p>
 * <b>The timestamp rule.</b> A copy is written with its like's {@code liked_at}, in
 * microseconds, as its write timestamp: the timestamp the like path gives the copy, not
 * the likers row's own {@code WRITETIME} (a lightweight transaction's, which Paxos
 * chooses). So the backfill, a like repeated meanwhile and a replayed like write the same
 * cells with the same timestamp, and a re-run or a resumed token range changes nothing.
 * An unlike deletes the copy with a later timestamp (its own time, and at least one
 * microsecond after {@code liked_at}): it wins over a copy the backfill writes after it,
 * from a likers row it read before. Had both the same timestamp, the delete would still
 * win: at equal timestamps Cassandra keeps the tombstone. A like made again after the
 * unlike has a later {@code liked_at}, and wins over the delete.
 *
 * <p>
 * This class works on the driver's level, not Spring Data's: the engine hands it driver
 * rows of token-range scans and takes driver statements back.
 */
class LikesByUserMigration implements TableMigration<LikesByUserRow> {

	/** The migration's name, as the {@code migrations} actuator endpoint shows it. */
	static final String NAME = "likes-by-user";

	private final String name;

	private final PreparedStatement scanOld;

	private final PreparedStatement scanNew;

	private final PreparedStatement findOld;

	private final PreparedStatement findNew;

	private final PreparedStatement insertNew;

	private final PreparedStatement findPost;

	private final CqlSession session;

	LikesByUserMigration(CqlSession session, String name) {
		this.name = name;
		this.session = session;
		this.scanOld = session.prepare("SELECT post_id, user_id, liked_at FROM post_likers "
				+ "WHERE token(post_id) > ? AND token(post_id) <= ?");
		this.scanNew = session.prepare("SELECT user_id, post_id, liked_at FROM likes_by_user "
				+ "WHERE token(user_id) > ? AND token(user_id) <= ?");
		this.findOld = session
			.prepare("SELECT post_id, user_id, liked_at FROM post_likers " + "WHERE post_id = ? AND user_id = ?");
		this.findNew = session
			.prepare("SELECT user_id, post_id, liked_at FROM likes_by_user " + "WHERE user_id = ? AND post_id = ?");
		this.insertNew = session.prepare("INSERT INTO likes_by_user (user_id, post_id, liked_at) VALUES (?, ?, ?)");
		this.findPost = session.prepare("SELECT post_id FROM posts_by_id WHERE post_id = ?");
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String oldTable() {
		return "post_likers";
	}

	@Override
	public String newTable() {
		return "likes_by_user";
	}

	@Override
	public Statement<?> scanOld(long fromExclusive, long toInclusive) {
		return this.scanOld.bind(fromExclusive, toInclusive);
	}

	@Override
	public Statement<?> scanNew(long fromExclusive, long toInclusive) {
		return this.scanNew.bind(fromExclusive, toInclusive);
	}

	@Override
	public LikesByUserRow readOld(Row row) {
		return read(row);
	}

	@Override
	public LikesByUserRow readNew(Row row) {
		return read(row);
	}

	/** The like's {@code liked_at}, the like path's timestamp for the copy. */
	/**
	 * A like of a post that is gone has nothing to copy: a like that raced with the
	 * post's deletion may leave its likers row behind (the deletion removed the likers'
	 * copies first), a row nobody reads. Read at quorum, one partition.
	 */
	@Override
	public Mono<LikesByUserRow> completeOld(LikesByUserRow like) {
		Statement<?> read = this.findPost.bind(like.postId())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return Flux.from(this.session.executeReactive(read)).next().map((post) -> like);
	}

	@Override
	public long writeTimeMicros(Row oldRow) {
		Instant likedAt = oldRow.getInstant("liked_at");
		return (likedAt != null) ? ChronoUnit.MICROS.between(Instant.EPOCH, likedAt) : 0;
	}

	@Override
	public Statement<?> findOld(LikesByUserRow like) {
		return this.findOld.bind(like.postId(), like.userId());
	}

	@Override
	public Statement<?> findNew(LikesByUserRow like) {
		return this.findNew.bind(like.userId(), like.postId());
	}

	@Override
	public Statement<?> insertNew(LikesByUserRow like) {
		return this.insertNew.bind(like.userId(), like.postId(), like.likedAt());
	}

	@Override
	public String describe(LikesByUserRow like) {
		return "like of post " + like.postId() + " by " + like.userId() + " at " + like.likedAt();
	}

	private static LikesByUserRow read(Row row) {
		return new LikesByUserRow(row.getUuid("user_id"), row.getUuid("post_id"), row.getInstant("liked_at"));
	}

}
