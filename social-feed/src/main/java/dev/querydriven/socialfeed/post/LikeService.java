package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.socialfeed.user.UserService;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Likes: at most one per user and post, counted approximately. A like runs through
 * {@link WriteIntents} (kind {@code post-liked}): once its lightweight transaction is
 * sent, a client gone away no longer stops the count.
 */
@Service
public class LikeService implements IntentReplayer {

	static final String LIKED = "post-liked";

	private final LikeRepository likes;

	private final PostService posts;

	private final UserService users;

	private final WriteIntents intents;

	LikeService(LikeRepository likes, PostService posts, UserService users, WriteIntents intents) {
		this.likes = likes;
		this.posts = posts;
		this.users = users;
		this.intents = intents;
	}

	/**
	 * Likes a post. The liker's row decides: only the lightweight transaction that
	 * inserts it increments the counter, so a repeated like changes nothing.
	 * @param postId the post
	 * @param userId the liker (the caller: likes are never made for someone else)
	 * @param at when
	 * @return {@code true} when this was the user's first like of the post
	 */
	public Mono<Boolean> like(UUID postId, UUID userId, Instant at) {
		NewIntent intent = NewIntent.of(LIKED, Map.of("post_id", postId, "user_id", userId));
		return Mono.zip(this.posts.require(postId), this.users.require(userId, "the liker"))
			.then(this.intents.run(intent, this.likes.insertLiker(postId, userId, at.truncatedTo(ChronoUnit.MILLIS)),
					(first) -> first ? this.likes.incrementLikes(postId).thenReturn(true) : Mono.just(false)));
	}

	@Override
	public Set<String> kinds() {
		return Set.of(LIKED);
	}

	/**
	 * Finishes a like cut short. Its only copy is the counter, and a replay cannot know
	 * whether the increment landed (nor increment again safely): it recounts the post's
	 * likers instead and moves the counter by the difference. Nothing for a post deleted
	 * since (its counter is gone for good).
	 */
	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID postId = intent.uuid("post_id");
		return this.posts.findById(postId)
			.flatMap((post) -> Mono.zip(this.likes.countLikers(postId), this.likes.likesAtQuorum(postId)))
			.flatMap((counts) -> this.likes.adjustLikes(postId, counts.getT1() - counts.getT2()));
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
