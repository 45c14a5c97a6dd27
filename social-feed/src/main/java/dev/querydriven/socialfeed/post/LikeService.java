package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

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

}
