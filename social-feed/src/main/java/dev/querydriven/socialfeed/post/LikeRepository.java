package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code post_likers} (Q17, Q19) and {@code post_like_counts} (Q18).
 */
@Repository
class LikeRepository {

	/**
	 * The displayed count reads one replica: a like count tolerates staleness (the
	 * article's example of a level chosen per query), and this is the most frequent read
	 * of a popular post.
	 */
	private static final ConsistencyLevel COUNT_READ = ConsistencyLevel.ONE;

	/**
	 * The increment is acknowledged by a local quorum, so that a like is counted durably
	 * before the 204; counters are never retried by the driver (not idempotent).
	 */
	private static final ConsistencyLevel COUNT_WRITE = ConsistencyLevel.LOCAL_QUORUM;

	/**
	 * "Has this user liked this post" reads a local quorum: the lightweight transaction
	 * of the like commits at LOCAL_QUORUM, so the liker sees their own like right after
	 * the 204 (a stale answer would show the button unpressed and invite a second,
	 * harmless, like).
	 */
	private static final ConsistencyLevel LIKER_READ = ConsistencyLevel.LOCAL_QUORUM;

	private final CqlSession session;

	private final PreparedStatement insertLiker;

	private final PreparedStatement selectLiker;

	private final PreparedStatement deleteLikers;

	private final PreparedStatement incrementLikes;

	private final PreparedStatement selectLikes;

	private final PreparedStatement deleteLikes;

	LikeRepository(CqlSession session) {
		this.session = session;
		this.insertLiker = session
			.prepare("INSERT INTO post_likers (post_id, user_id, liked_at) VALUES (?, ?, ?) IF NOT EXISTS");
		this.selectLiker = session
			.prepare("SELECT post_id, user_id, liked_at FROM post_likers WHERE post_id = ? AND user_id = ?");
		this.deleteLikers = session.prepare("DELETE FROM post_likers WHERE post_id = ?");
		this.incrementLikes = session.prepare("UPDATE post_like_counts SET likes = likes + 1 WHERE post_id = ?");
		this.selectLikes = session.prepare("SELECT likes FROM post_like_counts WHERE post_id = ?");
		this.deleteLikes = session.prepare("DELETE FROM post_like_counts WHERE post_id = ?");
	}

	/**
	 * Records a user's like, once: a lightweight transaction (Paxos among the local
	 * replicas, committed at LOCAL_QUORUM) so that two concurrent likes by the same user
	 * cannot both apply.
	 * @param postId the post
	 * @param userId the liker
	 * @param likedAt when
	 * @return whether this was the user's first like of the post
	 */
	@ServesQuery("Q17")
	Mono<Boolean> insertLiker(UUID postId, UUID userId, Instant likedAt) {
		return execute(this.insertLiker.bind(postId, userId, likedAt)
			.setSerialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(false)).next().map(ReactiveRow::wasApplied);
	}

	/**
	 * A user's like of a post: one row, by the table's full primary key.
	 * @param postId the post
	 * @param userId the user
	 * @return the like, or empty when the user has not liked the post
	 */
	@ServesQuery("Q19")
	Mono<PostLikersRow> findLike(UUID postId, UUID userId) {
		return execute(this.selectLiker.bind(postId, userId).setConsistencyLevel(LIKER_READ).setIdempotent(true)).next()
			.map((row) -> new PostLikersRow(row.getUuid("post_id"), row.getUuid("user_id"),
					row.getInstant("liked_at")));
	}

	/**
	 * Removes every liker of a deleted post: one partition tombstone rather than one per
	 * liker. This plain delete meets the lightweight-transaction inserts only for a post
	 * being deleted: a like racing with the delete may survive it as a row nobody reads.
	 * @param postId the post
	 * @return the statement
	 */
	@ServesQuery("Q17")
	Statement<?> deleteLikers(UUID postId) {
		return this.deleteLikers.bind(postId).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	@ServesQuery("Q18")
	Mono<Void> incrementLikes(UUID postId) {
		return execute(this.incrementLikes.bind(postId).setConsistencyLevel(COUNT_WRITE).setIdempotent(false)).then();
	}

	@ServesQuery("Q18")
	Mono<Long> likes(UUID postId) {
		return execute(this.selectLikes.bind(postId).setConsistencyLevel(COUNT_READ).setIdempotent(true)).next()
			.map((row) -> row.getLong("likes"))
			.defaultIfEmpty(0L);
	}

	/**
	 * Deletes a deleted post's counter. Counter tables take no part in a denormalized
	 * write (no shared timestamp), so this runs on its own; a counter deleted this way is
	 * never incremented again (its post is gone).
	 * @param postId the post
	 * @return completes when deleted
	 */
	@ServesQuery("Q18")
	Mono<Void> deleteLikes(UUID postId) {
		return execute(
				this.deleteLikes.bind(postId).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true))
			.then();
	}

	private Flux<ReactiveRow> execute(Statement<?> statement) {
		return Flux.from(this.session.executeReactive(statement));
	}

}
