package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import dev.querydriven.modeling.spring.EntityStatements;
import dev.querydriven.socialfeed.user.UsersByIdRow;
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
 * {@code followers_by_user_shard} (Q3), {@code following_by_user} (Q4, Q11) and
 * {@code follower_counts} (Q12). Every read restricts the full partition key.
 *
 * <p>
 * Follow rows are written and read at {@code LOCAL_QUORUM}: "follow, then list my
 * follows" must see the follow, and a post's fan-out must find a follower that was
 * acknowledged before the post. The counters are incremented and read at
 * {@code LOCAL_QUORUM} too: the follow that crosses the fan-out threshold sees the count
 * it produced, and a reader walking a user's follower shards sees at least the
 * {@code follows_received} that numbered any follow acknowledged before. They stay
 * approximate (see the package documentation); the consistency level only removes replica
 * lag.
 */
@Repository
class FollowRepository {

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	/**
	 * The fan-out reads whole follower shards; the driver fetches each in pages of this
	 * many rows as the writes consume them.
	 */
	private static final QueryOptions RECIPIENTS = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.pageSize(500)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	/**
	 * A counter increment is not idempotent: never retried automatically (a retry after a
	 * timeout may count twice).
	 */
	private static final UpdateOptions COUNT = UpdateOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(false)
		.build();

	/** A follow's claim: never idempotent, never a client timestamp (Paxos orders it). */
	private static final InsertOptions CLAIM = InsertOptions.builder()
		.withIfNotExists()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.build();

	private static final DeleteOptions RELEASE = DeleteOptions.builder()
		.withIfExists()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	FollowRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
	}

	/**
	 * The follower's row in one shard of the followed user (for a dual write).
	 * @param target the followed user
	 * @param shard the shard
	 * @param follower the follower (their names are copied)
	 * @param followedAt when the follow happened
	 * @return the statement
	 */
	@ServesQuery("Q3")
	Mono<BoundStatement> insertFollower(UUID target, int shard, UsersByIdRow follower, Instant followedAt) {
		return this.statements.insert(new FollowersByUserShardRow(target, shard, follower.userId(), follower.username(),
				follower.displayName(), followedAt), COPY);
	}

	@ServesQuery("Q3")
	Mono<BoundStatement> deleteFollower(UUID target, int shard, UUID followerId) {
		return this.statements.delete(new FollowersByUserShardRow(target, shard, followerId, null, null, null), COPY);
	}

	/**
	 * Writes (or completes) a follow in the follower's list, adding the shard its
	 * follower row went to: an update, so that the shard joins the set instead of
	 * replacing it (two requests for the same follow that chose different shards both
	 * stay recorded; each element of a set is its own cell).
	 * @param userId the follower
	 * @param target the followed user (their names are copied)
	 * @param followedAt when the follow happened
	 * @param followerShards the shards of the followed user's follower rows
	 * @return the statement
	 */
	@ServesQuery({ "Q4", "Q11" })
	Mono<BoundStatement> upsertFollowing(UUID userId, UsersByIdRow target, Instant followedAt,
			Set<Integer> followerShards) {
		Update update = Update.empty()
			.set("username", target.username())
			.set("displayName", target.displayName())
			.set("followedAt", followedAt)
			.addTo("followerShards")
			.appendAll(followerShards);
		return this.statements.update(following(userId, target.userId()).queryOptions(COPY), update,
				FollowingByUserRow.class);
	}

	@ServesQuery({ "Q4", "Q11" })
	Mono<BoundStatement> deleteFollowing(UUID userId, UUID followedId) {
		return this.statements.delete(new FollowingByUserRow(userId, followedId, null, null, null, null), COPY);
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
		Query query = (after != null) ? shard(userId, shard).and(where("followerId").gt(after)) : shard(userId, shard);
		return this.template.select(query.limit(limit).queryOptions(READ), FollowersByUserShardRow.class);
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
		return this.template.select(shard(userId, shard).queryOptions(RECIPIENTS), FollowersByUserShardRow.class)
			.map(FollowersByUserShardRow::followerId);
	}

	@ServesQuery("Q4")
	Flux<FollowingByUserRow> findFollowing(UUID userId, UUID after, int limit) {
		Query query = Query.query(where("userId").is(userId));
		if (after != null) {
			query = query.and(where("followedId").gt(after));
		}
		return this.template.select(query.limit(limit).queryOptions(READ), FollowingByUserRow.class);
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
		return findFollowingRow(userId, followedId).map(FollowingByUserRow::followerShards);
	}

	/**
	 * The whole follow row (a repeated follow and a replay rewrite the follow as it is).
	 * @param userId the follower
	 * @param followedId the followed user
	 * @return the row, or an empty {@code Mono} when the user does not follow
	 */
	@ServesQuery("Q11")
	Mono<FollowingByUserRow> findFollowingRow(UUID userId, UUID followedId) {
		return this.template.select(following(userId, followedId).queryOptions(READ), FollowingByUserRow.class).next();
	}

	/**
	 * Claims the count of a follow: applies once, however many identical follows run.
	 * @param followedId the followed user
	 * @param followerId the follower
	 * @return whether this request claimed it (and so must count it)
	 */
	@ServesQuery("Q20")
	Mono<Boolean> claimFollow(UUID followedId, UUID followerId) {
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(new FollowClaimsRow(followedId, followerId), CLAIM))
				.map(EntityWriteResult::wasApplied));
	}

	/**
	 * Releases the claim of a follow that ended.
	 * @param followedId the followed user
	 * @param followerId the follower
	 * @return whether this request released it (and so must count the unfollow)
	 */
	@ServesQuery("Q20")
	Mono<Boolean> releaseFollow(UUID followedId, UUID followerId) {
		Query claim = Query.query(where("followedId").is(followedId), where("followerId").is(followerId));
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.delete(claim.queryOptions(RELEASE), FollowClaimsRow.class)));
	}

	/**
	 * The rows of one follower shard, counted by the node: the recount's source.
	 * @param userId the followed user
	 * @param shard the shard
	 * @return the number of followers in it
	 */
	@ServesQuery("Q3")
	Mono<Long> countFollowers(UUID userId, int shard) {
		return this.template.count(shard(userId, shard).queryOptions(RECIPIENTS), FollowersByUserShardRow.class);
	}

	/**
	 * Moves the follower counter by a recount's difference (not idempotent either).
	 * @param userId the user
	 * @param delta followers to add (negative: to remove)
	 * @return completes when written
	 */
	@ServesQuery("Q12")
	Mono<Void> adjustFollowers(UUID userId, long delta) {
		return (delta == 0) ? Mono.empty()
				: this.template
					.update(counts(userId).queryOptions(COUNT), Update.empty().increment("followers", delta),
							FollowerCountsRow.class)
					.then();
	}

	/**
	 * Counts a new follow: one more follower, one more follow received.
	 * @param userId the followed user
	 * @return completes when counted
	 */
	@ServesQuery("Q12")
	Mono<Void> countFollow(UUID userId) {
		return this.template
			.update(counts(userId).queryOptions(COUNT),
					Update.empty().increment("followers", 1L).increment("followsReceived", 1L), FollowerCountsRow.class)
			.then();
	}

	/**
	 * Counts an unfollow: one follower less ({@code follows_received} never decreases).
	 * @param userId the unfollowed user
	 * @return completes when counted
	 */
	@ServesQuery("Q12")
	Mono<Void> countUnfollow(UUID userId) {
		return this.template
			.update(counts(userId).queryOptions(COUNT), Update.empty().decrement("followers", 1L),
					FollowerCountsRow.class)
			.then();
	}

	/**
	 * A user's counters; zeros for a user nobody ever followed.
	 * @param userId the user
	 * @return the counters
	 */
	@ServesQuery("Q12")
	Mono<FollowerCountsRow> findCounts(UUID userId) {
		return this.template.select(counts(userId).queryOptions(READ), FollowerCountsRow.class)
			.next()
			.defaultIfEmpty(new FollowerCountsRow(userId, 0, 0));
	}

	/**
	 * Deletes an erased user's counters, once every follow of theirs is gone. A counter
	 * deleted this way is not meant to count again: the erased user's id is not followed
	 * any more (a follow needs the user's profile, deleted last).
	 * @param userId the erased user
	 * @return completes when deleted
	 */
	@ServesQuery("Q12")
	Mono<Void> deleteCounts(UUID userId) {
		DeleteOptions options = DeleteOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.idempotent(true)
			.build();
		return this.template.delete(counts(userId).queryOptions(options), FollowerCountsRow.class).then();
	}

	private static Query shard(UUID userId, int shard) {
		return Query.query(where("userId").is(userId), where("shard").is(shard));
	}

	private static Query following(UUID userId, UUID followedId) {
		return Query.query(where("userId").is(userId), where("followedId").is(followedId));
	}

	private static Query counts(UUID userId) {
		return Query.query(where("userId").is(userId));
	}

}
