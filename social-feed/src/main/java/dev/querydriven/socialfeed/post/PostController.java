package dev.querydriven.socialfeed.post;

import java.net.URI;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.Idempotent;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Posts, their lists by author and by hashtag, and likes.
 */
@RestController
class PostController {

	private final PostService posts;

	private final LikeService likes;

	private final PostMapper mapper;

	private final TimeSource time;

	private final IdempotencyKeys keys;

	PostController(PostService posts, LikeService likes, PostMapper mapper, TimeSource time, IdempotencyKeys keys) {
		this.posts = posts;
		this.keys = keys;
		this.likes = likes;
		this.mapper = mapper;
		this.time = time;
	}

	@PostMapping("/users/{userId}/posts")
	@Operation(summary = "Publish a post as the user; 201 once it is in every follower's timeline")
	Mono<ResponseEntity<PostResponse>> publish(@PathVariable UUID userId, @Valid @RequestBody CreatePostRequest request,
			@RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
		// The route's rule (owner) made the path's user the caller, whose key this is.
		return this.keys.idFor(userId.toString(), key, request, UUID::randomUUID)
			.flatMap((postId) -> this.posts.publish(postId, userId, request.content(), this.time.instant()))
			.map(this.mapper::toResponse)
			.map((post) -> ResponseEntity.created(URI.create("/posts/" + post.id())).body(post));
	}

	@GetMapping("/users/{userId}/posts")
	@Operation(summary = "A user's posts, newest first (Q2)")
	Mono<Page<PostResponse>> latestByUser(@PathVariable UUID userId,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		return this.posts.latestByUser(userId, cursor, limit.value(), this.time.instant())
			.map((page) -> page.map(this.mapper::toResponse));
	}

	@GetMapping("/hashtags/{tag}/posts")
	@Operation(summary = "A hashtag's posts, newest first (Q5)")
	Mono<Page<PostResponse>> latestByHashtag(
			@PathVariable @Pattern(regexp = Hashtags.TAG_PATTERN,
					message = "must be 1 to 50 letters, digits or underscores") String tag,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		return this.posts.latestByHashtag(tag, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

	@GetMapping("/posts/{postId}")
	@Operation(summary = "A post with its like count (Q9, Q18)")
	Mono<PostDetailsResponse> findById(@PathVariable UUID postId) {
		return this.posts.findWithLikes(postId).map(this.mapper::toResponse);
	}

	@PostMapping("/posts/{postId}/likes")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Like a post as the caller (idempotent per user)")
	// A POST, yet a repeat changes nothing: the like is a lightweight transaction. No
	// body: the liker is the token's subject, never a field the client fills in.
	@Idempotent
	Mono<Void> like(@PathVariable UUID postId, Caller caller) {
		return this.likes.like(postId, caller.id(), this.time.instant()).then();
	}

	@DeleteMapping("/posts/{postId}/likes")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Take back the caller's like of a post (idempotent)")
	// The caller's own like, as with the POST: the unliker is the token's subject.
	// Nothing to take back is a 204 too, so a repeated request answers the same.
	Mono<Void> unlike(@PathVariable UUID postId, Caller caller) {
		return this.likes.unlike(postId, caller.id(), this.time.instant()).then();
	}

	@GetMapping("/posts/{postId}/likes/{userId}")
	@Operation(summary = "A user's like of a post (Q19): 200 when the user liked it, 404 otherwise")
	Mono<LikeResponse> findLike(@PathVariable UUID postId, @PathVariable UUID userId) {
		return this.likes.findLike(postId, userId).map(this.mapper::toResponse);
	}

	@DeleteMapping("/users/{userId}/posts/{postId}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete one's post from every table it was copied to, timelines included")
	Mono<Void> delete(@PathVariable UUID userId, @PathVariable UUID postId) {
		// The rule makes the path's user the caller; the service still requires the post
		// to be that user's (404 otherwise), so nobody deletes another's post.
		return this.posts.delete(userId, postId);
	}

}
