package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

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
 * Follows and unfollows: both directions in one denormalized write, the follower count
 * next to it, and the {@link FollowListener} told within the request.
 */
@Service
public class FollowService {

	private final FollowRepository follows;

	private final UserService users;

	private final DualWriter writer;

	private final FollowListener listener;

	private final CursorCodec cursors;

	FollowService(FollowRepository follows, UserService users, DualWriter writer, FollowListener listener,
			CursorCodec cursors) {
		this.follows = follows;
		this.users = users;
		this.writer = writer;
		this.listener = listener;
		this.cursors = cursors;
	}

	/**
	 * Makes a user follow another. Idempotent: following someone one already follows
	 * changes nothing. Old posts are not copied into the follower's timeline (no
	 * backfill).
	 * @param userId the follower
	 * @param targetId the user to follow
	 * @param at the time of the follow
	 * @return completes when every copy is written
	 */
	public Mono<Void> follow(UUID userId, UUID targetId, Instant at) {
		Instant followedAt = at.truncatedTo(ChronoUnit.MILLIS);
		return bothUsers(userId, targetId).flatMap(
				(pair) -> this.follows.follows(userId, targetId).filter((already) -> !already).flatMap((ignored) -> {
					UsersByIdRow follower = pair.get(0);
					UsersByIdRow target = pair.get(1);
					DenormalizedWrite write = DenormalizedWrite.builder("follow " + userId + " -> " + targetId)
						.put(this.follows.insertFollower(targetId, userId, follower.username(), follower.displayName(),
								followedAt))
						.put(this.follows.insertFollowing(userId, targetId, target.username(), target.displayName(),
								followedAt))
						.build();
					return this.writer.execute(write)
						.then(this.follows.addFollowers(targetId, 1))
						.then(this.follows.followerCount(targetId))
						.flatMap((count) -> this.listener.followed(userId, targetId, followedAt, count));
				}));
	}

	/**
	 * Makes a user stop following another. Idempotent. The listener's own undo statements
	 * join the same write.
	 * @param userId the follower
	 * @param targetId the user to unfollow
	 * @param at the time of the unfollow
	 * @return completes when every copy is removed
	 */
	public Mono<Void> unfollow(UUID userId, UUID targetId, Instant at) {
		Instant unfollowedAt = at.truncatedTo(ChronoUnit.MILLIS);
		return bothUsers(userId, targetId).flatMap(
				(pair) -> this.follows.follows(userId, targetId).filter((following) -> following).flatMap((ignored) -> {
					DenormalizedWrite write = DenormalizedWrite.builder("unfollow " + userId + " -> " + targetId)
						.put(this.follows.deleteFollower(targetId, userId))
						.put(this.follows.deleteFollowing(userId, targetId))
						.putAll(this.listener.unfollowed(userId, targetId, unfollowedAt))
						.build();
					return this.writer.execute(write).then(this.follows.addFollowers(targetId, -1));
				}));
	}

	/**
	 * A page of a user's followers (Q3).
	 * @param userId the user
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	public Mono<Page<FollowersByUserRow>> followers(UUID userId, String cursor, int limit) {
		String scope = "followers:" + userId;
		return Mono.defer(() -> {
			UUID after = decode(scope, cursor);
			return this.users.require(userId, "userId")
				.then(page(this.follows.findFollowers(userId, after, limit + 1), limit, FollowersByUserRow::followerId,
						scope));
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
				.then(page(this.follows.findFollowing(userId, after, limit + 1), limit, FollowingByUserRow::followedId,
						scope));
		});
	}

	/**
	 * Reads one row more than the page holds: a next cursor is issued only when another
	 * row exists, so the last page never links to an empty one.
	 */
	private <T> Mono<Page<T>> page(Flux<T> rows, int limit, Function<T, UUID> idOf, String scope) {
		return rows.collectList().map((list) -> {
			if (list.size() <= limit) {
				return new Page<>(list, null);
			}
			List<T> items = new ArrayList<>(list.subList(0, limit));
			String next = this.cursors.encode(scope, List.of(idOf.apply(items.get(limit - 1)).toString()));
			return new Page<>(items, next);
		});
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
