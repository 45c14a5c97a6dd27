package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Likes: at most one per user and post, counted approximately, and copied by liker. A
 * like and an unlike run through {@link WriteIntents} (kinds {@code post-liked} and
 * {@code post-unliked}): once its lightweight transaction is sent, a client gone away no
 * longer stops the count or the copy.
 *
 * <p>
 * <b>The copy in {@code likes_by_user}.</b> {@code post_likers}' lightweight transaction
 * decides whether a like or an unlike applies; {@code likes_by_user} (Q21) follows with a
 * plain write whose client timestamp comes from the like itself, so every way of writing
 * the copy converges: the insert carries the like's {@code liked_at} (a repeat, a replay
 * and the backfill from {@code post_likers} all write the same cells with the same
 * timestamp), and an unlike's delete carries an instant after that like (the unlike's
 * time, and at least one microsecond after {@code liked_at}), so a late copy of the like
 * never resurrects it. A like made again later has a later {@code liked_at}, and wins
 * over the old delete.
 */
@Service
public class LikeService implements IntentReplayer {

	static final String LIKED = "post-liked";

	static final String UNLIKED = "post-unliked";

	private final LikeRepository likes;

	private final LikesByUserRepository likesByUser;

	private final PostService posts;

	private final UserService users;

	private final DualWriter writer;

	private final WriteIntents intents;

	LikeService(LikeRepository likes, LikesByUserRepository likesByUser, PostService posts, UserService users,
			DualWriter writer, WriteIntents intents) {
		this.likes = likes;
		this.likesByUser = likesByUser;
		this.posts = posts;
		this.users = users;
		this.writer = writer;
		this.intents = intents;
	}

	/**
	 * Likes a post. The liker's row decides: only the lightweight transaction that
	 * inserts it increments the counter, so a repeated like changes nothing but the copy
	 * in {@code likes_by_user}, written again as the first like made it (a copy lost by
	 * an earlier attempt comes back).
	 * @param postId the post
	 * @param userId the liker (the caller: likes are never made for someone else)
	 * @param at when
	 * @return {@code true} when this was the user's first like of the post
	 */
	public Mono<Boolean> like(UUID postId, UUID userId, Instant at) {
		NewIntent intent = NewIntent.of(LIKED, key(postId, userId));
		return Mono.zip(this.posts.require(postId), this.users.require(userId, "the liker"))
			.then(this.intents.run(intent, this.likes.insertLiker(postId, userId, at.truncatedTo(ChronoUnit.MILLIS)),
					(outcome) -> ((outcome.like() != null) ? copyLike(outcome.like()) : Mono.<Long>empty())
						.then(outcome.applied() ? this.likes.incrementLikes(postId).thenReturn(true)
								: Mono.just(false))));
	}

	/**
	 * Takes a like back. The liker's row decides again: only the lightweight transaction
	 * that deletes it decrements the counter. The copy in {@code likes_by_user} is
	 * deleted whether or not this request removed the row (an earlier unlike may have
	 * stopped before its copy). Nothing to take back is no error.
	 * @param postId the post
	 * @param userId the liker (the caller)
	 * @param at when
	 * @return {@code true} when this request removed the like
	 */
	public Mono<Boolean> unlike(UUID postId, UUID userId, Instant at) {
		return this.likes.findLike(postId, userId)
			.map((like) -> Math.max(micros(at), micros(like.likedAt()) + 1))
			.defaultIfEmpty(micros(at))
			.flatMap((timestamp) -> this.intents.run(NewIntent.of(UNLIKED, key(postId, userId)).timestamp(timestamp),
					this.likes.deleteLiker(postId, userId), (removed) -> removeCopy(userId, postId, timestamp)
						.then(removed ? uncount(postId).thenReturn(true) : Mono.just(false))));
	}

	/**
	 * The copy of a like, with the like's own timestamp: written again by a repeat or a
	 * replay, it writes the same cells.
	 */
	private Mono<Long> copyLike(PostLikersRow like) {
		return this.likesByUser.insertLike(new LikesByUserRow(like.userId(), like.postId(), like.likedAt()))
			.flatMap((statement) -> this.writer
				.execute(DenormalizedWrite.builder("like copy " + like.userId() + " -> " + like.postId())
					.timestamp(micros(like.likedAt()))
					.put(statement)
					.build()));
	}

	/**
	 * The removal of a like's copy, with the unlike's timestamp. At equal timestamps a
	 * delete wins over a write in Cassandra, so even a like and an unlike of the same
	 * microsecond end as "not liked" in every replica.
	 */
	private Mono<Long> removeCopy(UUID userId, UUID postId, long timestamp) {
		return this.likesByUser.deleteLike(userId, postId)
			.flatMap((statement) -> this.writer
				.execute(DenormalizedWrite.builder("unlike copy " + userId + " -> " + postId)
					.timestamp(timestamp)
					.put(statement)
					.build()));
	}

	/**
	 * One like less, unless the post is gone: a deleted counter must never be written
	 * again (Cassandra cannot tell its tombstone from later increments).
	 */
	private Mono<Void> uncount(UUID postId) {
		return this.posts.findById(postId).flatMap((post) -> this.likes.adjustLikes(postId, -1));
	}

	@Override
	public Set<String> kinds() {
		return Set.of(LIKED, UNLIKED);
	}

	/**
	 * Finishes a like or an unlike cut short. A like's copy is written again as
	 * {@code post_likers} holds the like now (nothing when it was taken back since); an
	 * unlike's delete again with its recorded timestamp (a like made again since has a
	 * later one, and stays). Then the counter: a replay cannot know whether the increment
	 * or decrement landed (nor apply it again safely), so it recounts the post's likers
	 * and moves the counter by the difference. Nothing for a post deleted since (its
	 * counter is gone for good).
	 */
	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID postId = intent.uuid("post_id");
		UUID userId = intent.uuid("user_id");
		Mono<Long> copy = LIKED.equals(intent.kind()) ? this.likes.findLike(postId, userId).flatMap(this::copyLike)
				: removeCopy(userId, postId, intent.timestampMicros());
		return copy.then(this.posts.findById(postId)
			.flatMap((post) -> Mono.zip(this.likes.countLikers(postId), this.likes.likesAtQuorum(postId)))
			.flatMap((counts) -> this.likes.adjustLikes(postId, counts.getT1() - counts.getT2())));
	}

	/**
	 * Every post a user liked (Q21), from the likers' copy: what an erasure takes back,
	 * one like at a time, through {@link #unlike}.
	 * @param userId the user
	 * @return the user's likes, streamed page by page
	 */
	public Flux<LikesByUserRow> likesBy(UUID userId) {
		return this.likesByUser.findLikes(userId);
	}

	private static Map<String, UUID> key(UUID postId, UUID userId) {
		return Map.of("post_id", postId, "user_id", userId);
	}

	private static long micros(Instant at) {
		return ChronoUnit.MICROS.between(Instant.EPOCH, at);
	}

	/**
	 * A user's like of a post (Q19): whether the like button shows as pressed. A post
	 * that does not exist (or was deleted) has no likes, even where a like raced with the
	 * delete and left its row behind.
	 * @param postId the post
	 * @param userId the user
	 * @return the like; a {@link NotFoundException} when the post is unknown or the user
	 * has not liked it
	 */
	public Mono<PostLikersRow> findLike(UUID postId, UUID userId) {
		return this.posts.require(postId)
			.then(this.likes.findLike(postId, userId))
			.switchIfEmpty(Mono
				.error(() -> new NotFoundException("User " + userId + " has not liked post " + postId + " (userId)")));
	}

}
