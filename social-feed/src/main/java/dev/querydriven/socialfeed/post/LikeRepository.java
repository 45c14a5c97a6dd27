package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.DeleteOptions;
import org.springframework.data.cassandra.core.EntityWriteResult;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

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
	private static final QueryOptions COUNT_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.ONE)
		.idempotent(true)
		.build();

	/**
	 * The increment is acknowledged by a local quorum, so that a like is counted durably
	 * before the 204; counters are never retried by the driver (not idempotent).
	 */
	private static final UpdateOptions COUNT_WRITE = UpdateOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(false)
		.build();

	/**
	 * "Has this user liked this post" reads a local quorum: the lightweight transaction
	 * of the like commits at LOCAL_QUORUM, so the liker sees their own like right after
	 * the 204 (a stale answer would show the button unpressed and invite a second,
	 * harmless, like).
	 */
	private static final QueryOptions LIKER_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	/**
	 * A repeated like reads the like in place at {@code LOCAL_SERIAL}, the level its
	 * lightweight transaction was decided at.
	 */
	private static final QueryOptions LIKER_SERIAL_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.idempotent(true)
		.build();

	/**
	 * A like is a lightweight transaction (Paxos among the local replicas, committed at
	 * LOCAL_QUORUM), so that two concurrent likes by the same user cannot both apply.
	 */
	private static final InsertOptions LIKE = InsertOptions.builder()
		.withIfNotExists()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	LikeRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * An unlike is a lightweight transaction too: a plain delete would share the liker's
	 * cells with the like's Paxos writes, whose timestamps it cannot be ordered against.
	 */
	private static final DeleteOptions UNLIKE = DeleteOptions.builder()
		.withIfExists()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.build();

	/**
	 * The likers of a post being deleted, page by page (to remove each like's copy in
	 * {@code likes_by_user}).
	 */
	private static final QueryOptions LIKERS = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.pageSize(500)
		.build();

	/**
	 * Records a user's like, once. A like whose answer was lost is retried, and the retry
	 * does not apply: the like is recorded, but not counted (the count is approximate).
	 * @param postId the post
	 * @param userId the liker
	 * @param likedAt when
	 * @return whether this was the user's first like of the post, and the like as the
	 * table holds it (a repeat gets the first like's time)
	 */
	@ServesQuery("Q17")
	Mono<LikeOutcome> insertLiker(UUID postId, UUID userId, Instant likedAt) {
		PostLikersRow like = new PostLikersRow(postId, userId, likedAt);
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(like, LIKE)).map(EntityWriteResult::wasApplied))
			.flatMap((applied) -> applied ? Mono.just(new LikeOutcome(true, like))
					: findLikeSerial(postId, userId).map((first) -> new LikeOutcome(false, first))
						.defaultIfEmpty(new LikeOutcome(false, null)));
	}

	/**
	 * The like a repeat found in place, read at {@code LOCAL_SERIAL}: it sees the
	 * lightweight transaction that made the repeat fail (and completes one still in
	 * flight), so the repeat copies the like as it stands.
	 */
	@ServesQuery("Q19")
	private Mono<PostLikersRow> findLikeSerial(UUID postId, UUID userId) {
		return this.template
			.select(Query.query(where("postId").is(postId), where("userId").is(userId)).queryOptions(LIKER_SERIAL_READ),
					PostLikersRow.class)
			.next();
	}

	/**
	 * Takes a user's like back, if there is one to take back.
	 * @param postId the post
	 * @param userId the liker
	 * @return whether this request removed the like (and so must uncount it)
	 */
	@ServesQuery("Q17")
	Mono<Boolean> deleteLiker(UUID postId, UUID userId) {
		Query liker = Query.query(where("postId").is(postId), where("userId").is(userId));
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.delete(liker.queryOptions(UNLIKE), PostLikersRow.class)));
	}

	/**
	 * Every liker of a post, streamed: read once, when the post is deleted.
	 * @param postId the post
	 * @return its likes
	 */
	@ServesQuery("Q17")
	Flux<PostLikersRow> findLikers(UUID postId) {
		return this.template.select(Query.query(where("postId").is(postId)).queryOptions(LIKERS), PostLikersRow.class);
	}

	/**
	 * A user's like of a post: one row, by the table's full primary key.
	 * @param postId the post
	 * @param userId the user
	 * @return the like, or empty when the user has not liked the post
	 */
	@ServesQuery("Q19")
	Mono<PostLikersRow> findLike(UUID postId, UUID userId) {
		return this.template
			.select(Query.query(where("postId").is(postId), where("userId").is(userId)).queryOptions(LIKER_READ),
					PostLikersRow.class)
			.next();
	}

	/**
	 * Removes every liker of a deleted post: one partition tombstone rather than one per
	 * liker. This plain delete meets the lightweight-transaction inserts only for a post
	 * being deleted: a like racing with the delete may survive it as a row nobody reads.
	 * @param postId the post
	 * @return the statement
	 */
	@ServesQuery("Q17")
	Mono<BoundStatement> deleteLikers(UUID postId) {
		return this.statements.delete(Query.query(where("postId").is(postId)).queryOptions(COPY), PostLikersRow.class);
	}

	@ServesQuery("Q18")
	Mono<Void> incrementLikes(UUID postId) {
		return adjustLikes(postId, 1);
	}

	/**
	 * Moves a post's like counter (never retried: an increment is not idempotent).
	 * @param postId the post
	 * @param delta likes to add (negative: to remove)
	 * @return completes when written
	 */
	@ServesQuery("Q18")
	Mono<Void> adjustLikes(UUID postId, long delta) {
		return (delta == 0) ? Mono.empty()
				: this.template
					.update(counter(postId).queryOptions(COUNT_WRITE), Update.empty().increment("likes", delta),
							PostLikeCountsRow.class)
					.then();
	}

	/**
	 * The likers of a post, counted by the node: the recount's source, read at quorum
	 * (every like acknowledged before is in it).
	 * @param postId the post
	 * @return how many users like it
	 */
	@ServesQuery("Q19")
	Mono<Long> countLikers(UUID postId) {
		return this.template.count(Query.query(where("postId").is(postId)).queryOptions(LIKER_READ),
				PostLikersRow.class);
	}

	/**
	 * The like counter as a quorum read sees it (the recount's other side; the page's
	 * read is at {@code ONE}).
	 * @param postId the post
	 * @return the counter, 0 when there is none
	 */
	@ServesQuery("Q18")
	Mono<Long> likesAtQuorum(UUID postId) {
		return this.template.select(counter(postId).queryOptions(LIKER_READ), PostLikeCountsRow.class)
			.next()
			.map(PostLikeCountsRow::likes)
			.defaultIfEmpty(0L);
	}

	@ServesQuery("Q18")
	Mono<Long> likes(UUID postId) {
		return this.template.select(counter(postId).queryOptions(COUNT_READ), PostLikeCountsRow.class)
			.next()
			.map(PostLikeCountsRow::likes)
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
		DeleteOptions options = DeleteOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.idempotent(true)
			.build();
		return this.template.delete(counter(postId).queryOptions(options), PostLikeCountsRow.class).then();
	}

	private static Query counter(UUID postId) {
		return Query.query(where("postId").is(postId));
	}

	/**
	 * What a like's lightweight transaction did.
	 *
	 * @param applied whether it inserted the row (the user's first like: it counts)
	 * @param like the like as the table holds it; {@code null} when a repeat found it
	 * taken back meanwhile (nothing to copy)
	 */
	record LikeOutcome(boolean applied, PostLikersRow like) {

	}

}
