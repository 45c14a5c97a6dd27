package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Follows and unfollows: both directions and every copy (each feature keeping one
 * implements {@link Copy} for {@link FollowChange}) in one denormalized write, the
 * follower count next to it, within the request. A user's followers are split into shards
 * ({@link FollowerShards}); the follower's own list records which shard its row went to,
 * so that an unfollow finds it.
 */
@Service
public class FollowService {

	private final FollowRepository follows;

	private final FollowerShards shards;

	private final UserService users;

	private final Copies<FollowChange> copies;

	private final CursorCodec cursors;

	private final int maxShardsPerPage;

	FollowService(FollowRepository follows, FollowerShards shards, UserService users, List<Copy<FollowChange>> copies,
			DualWriter writer, CursorCodec cursors, FollowProperties properties) {
		this.follows = follows;
		this.shards = shards;
		this.users = users;
		this.copies = new Copies<>(copies, writer);
		this.cursors = cursors;
		this.maxShardsPerPage = properties.maxShardsPerPage();
	}

	/**
	 * Makes a user follow another. Idempotent: following someone one already follows
	 * changes nothing. Old posts are not copied into the follower's timeline (no
	 * backfill). The follower row goes to the followed user's current shard, read from
	 * the counters before the write.
	 * @param userId the follower
	 * @param targetId the user to follow
	 * @param at the time of the follow
	 * @return completes when every copy is written
	 */
	public Mono<Void> follow(UUID userId, UUID targetId, Instant at) {
		FollowChange change = new FollowChange(FollowChange.Kind.FOLLOWED, userId, targetId,
				at.truncatedTo(ChronoUnit.MILLIS));
		return bothUsers(userId, targetId).flatMap((pair) -> this.follows.findFollow(userId, targetId)
			.hasElement()
			.filter((already) -> !already)
			.flatMap((ignored) -> this.shards.current(targetId))
			.flatMap((shard) -> {
				DenormalizedWrite.Builder write = DenormalizedWrite.builder(change.describe());
				return this.follows.insertFollower(targetId, shard, pair.get(0), change.at())
					.doOnNext(write::put)
					.then(this.follows.upsertFollowing(userId, pair.get(1), change.at(), shard))
					.doOnNext(write::put)
					// The counter moves once the follow is written, before the copies'
					// work after it reads it.
					.then(Mono.defer(
							() -> this.copies.write(change, write, (timestamp) -> this.follows.countFollow(targetId))))
					.then();
			}));
	}

	/**
	 * Makes a user stop following another. Idempotent. The follower row is deleted in
	 * every shard the follow recorded; the copies' undo statements join the same write.
	 * @param userId the follower
	 * @param targetId the user to unfollow
	 * @param at the time of the unfollow
	 * @return completes when every copy is removed
	 */
	public Mono<Void> unfollow(UUID userId, UUID targetId, Instant at) {
		FollowChange change = new FollowChange(FollowChange.Kind.UNFOLLOWED, userId, targetId,
				at.truncatedTo(ChronoUnit.MILLIS));
		return bothUsers(userId, targetId)
			.flatMap((pair) -> this.follows.findFollow(userId, targetId).flatMap((followerShards) -> {
				DenormalizedWrite.Builder write = DenormalizedWrite.builder(change.describe());
				// One statement at a time: the builder is not thread-safe.
				return Flux.fromIterable(followerShards)
					.concatMap((shard) -> this.follows.deleteFollower(targetId, shard, userId).doOnNext(write::put))
					.then(this.follows.deleteFollowing(userId, targetId))
					.doOnNext(write::put)
					.then(Mono.defer(() -> this.copies.write(change, write,
							(timestamp) -> this.follows.countUnfollow(targetId))))
					.then();
			}));
	}

	/**
	 * A page of a user's followers (Q3): the shards in order, each in follower-id order,
	 * one partition at a time until the page is full, or until
	 * {@link FollowProperties#maxShardsPerPage()} shards were read (shards emptied by
	 * unfollows are read too): then the page ends early with a cursor to the next shard.
	 * The cursor is the shard and the last follower of the page, or the next shard alone.
	 * @param userId the user
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	public Mono<Page<FollowersByUserShardRow>> followers(UUID userId, String cursor, int limit) {
		String scope = "followers:" + userId;
		return Mono.defer(() -> {
			ShardPosition from = decodeShardPosition(scope, cursor);
			return this.users.require(userId, "userId").then(this.shards.current(userId)).flatMap((last) -> {
				int lastRead = (int) Math.min(last, (long) from.shard() + this.maxShardsPerPage - 1);
				Flux<FollowersByUserShardRow> rows = Flux.range(from.shard(), Math.max(0, lastRead - from.shard() + 1))
					.concatMap((shard) -> this.follows.findFollowers(userId, shard,
							(shard == from.shard()) ? from.after() : null, limit + 1))
					.take(limit + 1);
				Function<FollowersByUserShardRow, List<String>> positionOf = (row) -> List
					.of(Integer.toString(row.shard()), row.followerId().toString());
				return page(rows, limit, positionOf, scope).map((page) -> {
					if (page.next() != null || lastRead >= last) {
						return page;
					}
					// The cap was reached before the page filled: go on from the next
					// shard.
					return new Page<>(page.items(),
							this.cursors.encode(scope, List.of(Integer.toString(lastRead + 1))));
				});
			});
		});
	}

	/**
	 * A page of the users a user follows (Q4).
	 * @param userId the user
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	public Mono<Page<FollowingByUserRow>> following(UUID userId, String cursor, int limit) {
		String scope = "following:" + userId;
		return Mono.defer(() -> {
			UUID after = decode(scope, cursor);
			return this.users.require(userId, "userId")
				.then(page(this.follows.findFollowing(userId, after, limit + 1), limit,
						(row) -> List.of(row.followedId().toString()), scope));
		});
	}

	/**
	 * Reads one row more than the page holds: a next cursor is issued only when another
	 * row exists, so the last page never links to an empty one.
	 */
	private <T> Mono<Page<T>> page(Flux<T> rows, int limit, Function<T, List<String>> positionOf, String scope) {
		return rows.collectList().map((list) -> {
			if (list.size() <= limit) {
				return new Page<>(list, null);
			}
			List<T> items = new ArrayList<>(list.subList(0, limit));
			String next = this.cursors.encode(scope, positionOf.apply(items.get(limit - 1)));
			return new Page<>(items, next);
		});
	}

	private ShardPosition decodeShardPosition(String scope, String cursor) {
		if (cursor == null) {
			return new ShardPosition(0, null);
		}
		List<String> values = this.cursors.decodeValues(scope, cursor);
		try {
			if (values.size() == 2 && Integer.parseInt(values.get(0)) >= 0) {
				return new ShardPosition(Integer.parseInt(values.get(0)), UUID.fromString(values.get(1)));
			}
			if (values.size() == 1 && Integer.parseInt(values.get(0)) >= 0) {
				return new ShardPosition(Integer.parseInt(values.get(0)), null);
			}
		}
		catch (IllegalArgumentException ex) {
			// falls through: signed, yet not ours
		}
		throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
	}

	private UUID decode(String scope, String cursor) {
		if (cursor == null) {
			return null;
		}
		List<String> values = this.cursors.decodeValues(scope, cursor);
		try {
			if (values.size() == 1) {
				return UUID.fromString(values.get(0));
			}
		}
		catch (IllegalArgumentException ex) {
			// falls through: signed, yet not ours
		}
		throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
	}

	/**
	 * Where a page of followers resumes: strictly after {@code after} in {@code shard}
	 * ({@code null}: from the start of the shard).
	 */
	private record ShardPosition(int shard, UUID after) {

	}

	/**
	 * Both users of a follow must exist, and be two: checked before anything is written.
	 */
	private Mono<List<UsersByIdRow>> bothUsers(UUID userId, UUID targetId) {
		if (userId.equals(targetId)) {
			return Mono.error(new InvalidRequestException("targetId", "a user cannot follow themselves"));
		}
		return Mono.zip(this.users.require(userId, "userId"), this.users.require(targetId, "targetId"))
			.map((tuple) -> List.of(tuple.getT1(), tuple.getT2()));
	}

}
