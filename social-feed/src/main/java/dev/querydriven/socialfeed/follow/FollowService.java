package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Follows and unfollows: both directions and every copy (each feature keeping one
 * implements {@link Copy} for {@link FollowChange}), each change run through
 * {@link WriteIntents} (kinds {@code follow} and {@code unfollow}) so that a crash or a
 * disconnect leaves nothing half-done for good: the sweeper hands this class's
 * {@link #replay} what was cut short. A user's followers are split into shards
 * ({@link FollowerShards}); the follower's own list records which shard its row went to,
 * so that an unfollow finds it.
 *
 * <p>
 * <b>Counted once.</b> The follower counter moves only when a follow's claim applied (a
 * lightweight transaction on {@code follow_claims}); an increment that fails is not
 * retried (a counter is not idempotent) and leaves the change unfinished: its replay
 * recounts the followed user's shards.
 */
@Service
public class FollowService implements IntentReplayer {

	static final String FOLLOW = "follow";

	static final String UNFOLLOW = "unfollow";

	/** The rows an erasure reads at a time from a follow list. */
	private static final int ERASE_PAGE = 100;

	/**
	 * The follows an erasure removes at once: bounded, so that a user with many follows
	 * does not send thousands of writes at the same moment.
	 */
	private static final int ERASE_CONCURRENCY = 4;

	private final FollowRepository follows;

	private final FollowerShards shards;

	private final UserService users;

	private final Copies<FollowChange> copies;

	private final DualWriter writer;

	private final WriteIntents intents;

	private final CursorCodec cursors;

	private final int maxShardsPerPage;

	FollowService(FollowRepository follows, FollowerShards shards, UserService users, List<Copy<FollowChange>> copies,
			DualWriter writer, WriteIntents intents, CursorCodec cursors, FollowProperties properties) {
		this.follows = follows;
		this.shards = shards;
		this.users = users;
		this.copies = new Copies<>(copies, writer);
		this.writer = writer;
		this.intents = intents;
		this.cursors = cursors;
		this.maxShardsPerPage = properties.maxShardsPerPage();
	}

	/**
	 * Makes a user follow another. Old posts are not copied into the follower's timeline
	 * (no backfill). A new follow's row goes to the followed user's current shard, read
	 * from the counters before the write. A repeated follow rewrites the follow as its
	 * source ({@code following_by_user}) holds it: both rows, with the timestamp of its
	 * {@code followed_at}, so a row lost by an earlier attempt comes back and a later
	 * unfollow still wins.
	 * @param userId the follower
	 * @param targetId the user to follow
	 * @param at the time of the follow
	 * @return completes when every copy is written
	 */
	public Mono<Void> follow(UUID userId, UUID targetId, Instant at) {
		return bothUsers(userId, targetId).flatMap((pair) -> this.follows.findFollowingRow(userId, targetId)
			.switchIfEmpty(Mono.defer(() -> this.shards.current(targetId)
				.map((shard) -> new FollowingByUserRow(userId, targetId, null, null, at.truncatedTo(ChronoUnit.MILLIS),
						Set.of(shard)))))
			.flatMap((row) -> this.intents.run(NewIntent.of(FOLLOW, key(userId, targetId)),
					writeFollow(pair, withShards(row)), (timestamp) -> followCopies(row))));
	}

	/**
	 * A follow written before shards existed, rewritten: its follower row goes to the
	 * shard the rebuild puts it in, which joins the recorded set.
	 */
	private static FollowingByUserRow withShards(FollowingByUserRow row) {
		return new FollowingByUserRow(row.userId(), row.followedId(), row.username(), row.displayName(),
				row.followedAt(), row.followerRowShards());
	}

	/**
	 * The follow's two rows, in one write with the follow's own timestamp (the source and
	 * its one copy; a {@code LOGGED_BATCH} would serve as well for two rows).
	 */
	private Mono<Long> writeFollow(List<UsersByIdRow> pair, FollowingByUserRow row) {
		DenormalizedWrite.Builder write = DenormalizedWrite
			.builder("follow " + row.userId() + " -> " + row.followedId())
			.timestamp(micros(row.followedAt()));
		return Flux.fromIterable(row.followerShards())
			.concatMap((shard) -> this.follows.insertFollower(row.followedId(), shard, pair.get(0), row.followedAt()))
			.concatWith(this.follows.upsertFollowing(row.userId(), pair.get(1), row.followedAt(), row.followerShards()))
			.doOnNext(write::put)
			.then(Mono.defer(() -> this.writer.execute(write.build())));
	}

	/**
	 * After the follow's rows: its count (once its claim applied), then the copies' work
	 * (a timeline starts pulling, an author is promoted). A follow written before shards
	 * existed was counted before claims existed: it takes its claim, so that its unfollow
	 * counts, and is not counted again.
	 */
	private Mono<Void> followCopies(FollowingByUserRow row) {
		FollowChange change = new FollowChange(FollowChange.Kind.FOLLOWED, row.userId(), row.followedId(),
				row.followedAt());
		boolean counted = row.predatesShards();
		return this.copies
			.write(change, DenormalizedWrite.builder(change.describe()).timestamp(micros(row.followedAt())),
					(timestamp) -> this.follows.claimFollow(row.followedId(), row.userId())
						.filter((claimed) -> claimed && !counted)
						.flatMap((claimed) -> this.follows.countFollow(row.followedId())))
			.then();
	}

	/**
	 * Makes a user stop following another. Idempotent. The follower row is deleted in
	 * every shard the follow recorded or, when the follow row is gone (a ghost follower
	 * left by an earlier failure, still fed posts), in every shard the user has; the
	 * copies' undo statements join the same write, with the unfollow's timestamp, which
	 * the intent records for a replay.
	 * @param userId the follower
	 * @param targetId the user to unfollow
	 * @param at the time of the unfollow
	 * @return completes when every copy is removed
	 */
	public Mono<Void> unfollow(UUID userId, UUID targetId, Instant at) {
		FollowChange change = new FollowChange(FollowChange.Kind.UNFOLLOWED, userId, targetId,
				at.truncatedTo(ChronoUnit.MILLIS));
		return bothUsers(userId, targetId).then(this.follows.findFollowingRow(userId, targetId))
			.map((row) -> new FollowerRows(row.followerRowShards(), row.predatesShards()))
			.switchIfEmpty(Mono.defer(() -> this.shards.current(targetId)
				.map((last) -> new FollowerRows(IntStream.rangeClosed(0, last).boxed().collect(Collectors.toSet()),
						false))))
			.flatMap((rows) -> {
				NewIntent intent = NewIntent.of(UNFOLLOW, key(userId, targetId)).timestamp(micros(change.at()));
				for (int shard : rows.shards()) {
					intent = intent.removing(Map.of("shard", shard));
				}
				Mono<Void> release = rows.predateClaims()
						? this.follows.claimFollow(targetId, userId).then(releaseFollow(change))
						: releaseFollow(change);
				return this.intents.run(intent, removeFollow(change, rows.shards()), (timestamp) -> release);
			});
	}

	/**
	 * Where an unfollow deletes the follower's row, and whether the follow was counted
	 * before claims existed (a follow written before shards: it has no claim to release,
	 * so the unfollow takes one first, and releasing it counts the unfollow once).
	 */
	private record FollowerRows(Set<Integer> shards, boolean predateClaims) {

	}

	private Mono<Long> removeFollow(FollowChange change, Collection<Integer> followerShards) {
		DenormalizedWrite.Builder write = DenormalizedWrite.builder(change.describe()).timestamp(micros(change.at()));
		// One statement at a time: the builder is not thread-safe.
		return Flux.fromIterable(followerShards)
			.concatMap((shard) -> this.follows.deleteFollower(change.authorId(), shard, change.followerId()))
			.concatWith(this.follows.deleteFollowing(change.followerId(), change.authorId()))
			.doOnNext(write::put)
			.then(Mono.defer(() -> this.copies.write(change, write)));
	}

	private Mono<Void> releaseFollow(FollowChange change) {
		return this.follows.releaseFollow(change.authorId(), change.followerId())
			.filter(Boolean::booleanValue)
			.flatMap((released) -> this.follows.countUnfollow(change.authorId()));
	}

	/**
	 * Removes every follow of an erased user, both ways, through the unfollow's own
	 * statements: the claims, whose release moves the follower counter once (a
	 * lightweight transaction applies once, however often the erasure runs), then the
	 * follower rows in every shard the follow names, the follow rows and the copies
	 * ({@link FollowChange.Kind#ERASED}: the timeline stops pulling and keeps no marker).
	 * The erased user's own counters go last: the walk over their follower shards reads
	 * them. Every statement carries {@code at}, the erasure's time, later than every
	 * follow it removes. The follows are removed a few at a time
	 * ({@link #ERASE_CONCURRENCY}), each list read page by page, after the last row read:
	 * a repeat finds only what is left.
	 * @param userId the erased user (whose profile still exists)
	 * @param at the erasure's time
	 * @return completes when the user follows nobody and nobody follows them
	 */
	public Mono<Void> eraseFollowsOf(UUID userId, Instant at) {
		Instant time = at.truncatedTo(ChronoUnit.MILLIS);
		Flux<FollowingByUserRow> following = pages(
				(after) -> this.follows.findFollowing(userId, after, ERASE_PAGE).collectList(),
				FollowingByUserRow::followedId);
		Mono<Void> asFollower = following
			.flatMap((row) -> endFollow(new FollowChange(FollowChange.Kind.ERASED, userId, row.followedId(), time),
					row.followerRowShards(), row.predatesShards()), ERASE_CONCURRENCY)
			.then();
		Mono<Void> asFollowed = this.shards.current(userId)
			.flatMapMany((last) -> Flux.range(0, last + 1))
			.concatMap((shard) -> pages(
					(after) -> this.follows.findFollowers(userId, shard, after, ERASE_PAGE).collectList(),
					FollowersByUserShardRow::followerId)
				.flatMap((row) -> this.follows.findFollowingRow(row.followerId(), userId)
					.map(Optional::of)
					.defaultIfEmpty(Optional.empty())
					.flatMap((follow) -> {
						// The shard the row was read in, and any other the follow
						// names (a ghost follower, whose follow row is gone, has this
						// one alone).
						Set<Integer> followerShards = new HashSet<>(
								follow.map(FollowingByUserRow::followerRowShards).orElse(Set.of()));
						followerShards.add(shard);
						return endFollow(new FollowChange(FollowChange.Kind.ERASED, row.followerId(), userId, time),
								followerShards, follow.map(FollowingByUserRow::predatesShards).orElse(false));
					}), ERASE_CONCURRENCY))
			.then();
		return asFollower.then(asFollowed).then(Mono.defer(() -> this.follows.deleteCounts(userId)));
	}

	/**
	 * One follow ended by an erasure: its claim first, then its rows and copies. The
	 * erasure finds its follows by their rows, so the rows go last: a run cut short
	 * between the two finds the row again and releases a claim that is already released
	 * (the lightweight transaction does not apply, the counter does not move), whereas
	 * the other order would leave a claim, naming the erased user, that nothing finds. A
	 * follow written before claims existed (counted without one) takes its claim first,
	 * as the unfollow does, so that releasing it counts once; a run cut short right after
	 * that release and replayed would count it twice, the one bound of a follow that old.
	 */
	private Mono<Void> endFollow(FollowChange change, Collection<Integer> followerShards, boolean predatesClaims) {
		Mono<Void> release = predatesClaims
				? this.follows.claimFollow(change.authorId(), change.followerId()).then(releaseFollow(change))
				: releaseFollow(change);
		return release.then(removeFollow(change, followerShards)).then();
	}

	/**
	 * Every row of a list read page by page, each page after the last row of the one
	 * before, until a page comes back short.
	 */
	private static <T> Flux<T> pages(Function<UUID, Mono<List<T>>> page, Function<T, UUID> position) {
		return page.apply(null)
			.expand((rows) -> (rows.size() < ERASE_PAGE) ? Mono.empty()
					: page.apply(position.apply(rows.get(rows.size() - 1))))
			.concatMapIterable(Function.identity());
	}

	@Override
	public Set<String> kinds() {
		return Set.of(FOLLOW, UNFOLLOW);
	}

	/**
	 * Finishes a follow or an unfollow cut short. A follow is rewritten as its source
	 * holds it now (nothing when it was unfollowed since); an unfollow's deletes are
	 * rewritten with its own timestamp (a later follow still wins), and its claim
	 * released unless the user follows again. Either way the followed user's counter is
	 * then recounted from the shards: the failure may have been the count's.
	 */
	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID userId = intent.uuid("user_id");
		UUID targetId = intent.uuid("followed_id");
		Mono<Void> change = FOLLOW.equals(intent.kind())
				? bothUsers(userId, targetId).flatMap((pair) -> this.follows.findFollowingRow(userId, targetId)
					.flatMap((row) -> writeFollow(pair, withShards(row)).then(followCopies(row))))
				: Mono.defer(() -> {
					FollowChange unfollow = new FollowChange(FollowChange.Kind.UNFOLLOWED, userId, targetId,
							Instant.EPOCH.plus(intent.timestampMicros(), ChronoUnit.MICROS));
					List<Integer> removed = intent.removedKeys()
						.stream()
						.map((removedKey) -> Integer.valueOf(removedKey.get("shard")))
						.toList();
					return removeFollow(unfollow, removed).then(this.follows.findFollow(userId, targetId)
						.hasElement()
						.flatMap((followsAgain) -> followsAgain ? Mono.empty() : releaseFollow(unfollow)));
				});
		return change.then(recount(targetId));
	}

	/**
	 * Sets the follower counter to the rows of the user's follower shards: the repair of
	 * a count that a failed claim or increment left off by one. A follow counted while
	 * the recount runs may be counted twice or not at all (the counter takes a
	 * difference, not a value): the bound the README states.
	 */
	Mono<Void> recount(UUID userId) {
		return this.follows.findCounts(userId)
			.flatMap((counts) -> Flux.range(0, this.shards.shardOf(counts) + 1)
				.concatMap((shard) -> this.follows.countFollowers(userId, shard))
				.reduce(0L, Long::sum)
				.flatMap((rows) -> this.follows.adjustFollowers(userId, rows - counts.followers())));
	}

	private static Map<String, UUID> key(UUID userId, UUID targetId) {
		return Map.of("user_id", userId, "followed_id", targetId);
	}

	private static long micros(Instant at) {
		return ChronoUnit.MICROS.between(Instant.EPOCH, at);
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
