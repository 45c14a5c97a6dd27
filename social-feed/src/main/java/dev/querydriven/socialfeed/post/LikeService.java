package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.socialfeed.user.UserService;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Likes: at most one per user and post, counted approximately.
 */
@Service
public class LikeService {

	private final LikeRepository likes;

	private final PostService posts;

	private final UserService users;

	LikeService(LikeRepository likes, PostService posts, UserService users) {
		this.likes = likes;
		this.posts = posts;
		this.users = users;
	}

	/**
	 * Likes a post. The liker's row decides: only the lightweight transaction that
	 * inserts it increments the counter, so a repeated like changes nothing.
	 * @param postId the post
	 * @param userId the liker
	 * @param at when
	 * @return {@code true} when this was the user's first like of the post
	 */
	public Mono<Boolean> like(UUID postId, UUID userId, Instant at) {
		return Mono.zip(this.posts.require(postId), this.users.require(userId, "userId"))
			.then(this.likes.insertLiker(postId, userId, at.truncatedTo(ChronoUnit.MILLIS)))
			.flatMap((first) -> first ? this.likes.incrementLikes(postId).thenReturn(true) : Mono.just(false));
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
