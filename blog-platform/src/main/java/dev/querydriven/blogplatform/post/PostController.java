package dev.querydriven.blogplatform.post;

import java.net.URI;
import java.util.UUID;

import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Publishing, reading, editing and deleting posts, and counting views. The author of a
 * new post is the caller; only a post's author edits or deletes it, which the service
 * checks on the post it reads, before it writes anything.
 */
@RestController
@RequestMapping("/posts")
class PostController {

	private final PostService posts;

	private final PostMapper mapper;

	PostController(PostService posts, PostMapper mapper) {
		this.posts = posts;
		this.mapper = mapper;
	}

	@PostMapping
	@Operation(summary = "Publish a post as the caller (written to posts_by_id, then copied to the author and "
			+ "category lists); with an Idempotency-Key, a repeat of the same request answers the same post")
	Mono<ResponseEntity<PostResponse>> publish(@Valid @RequestBody CreatePostRequest request,
			@RequestHeader(name = IdempotencyKeys.HEADER, required = false) String idempotencyKey, Caller caller) {
		return this.posts.publish(this.mapper.toNewPost(request, caller.id()), idempotencyKey)
			.switchIfEmpty(Mono.error(() -> new ConflictException("The post exists already")))
			.map((created) -> ResponseEntity.created(URI.create("/posts/" + created.postId()))
				.body(this.mapper.toResponse(created)));
	}

	@GetMapping("/{postId}")
	@Operation(summary = "A post by id (Q1), with its approximate view count (Q6)")
	Mono<PostResponse> find(@PathVariable UUID postId) {
		return this.posts.find(postId).map(this.mapper::toResponse);
	}

	@PutMapping("/{postId}")
	@Operation(summary = "Edit one's own post's title, body or category (403 for anyone but its author): every "
			+ "copy follows, concurrent edits are serialised")
	Mono<PostResponse> edit(@PathVariable UUID postId, @Valid @RequestBody EditPostRequest request, Caller caller) {
		if (request.changesNothing()) {
			return Mono.error(new InvalidRequestException("body", "#", "give at least one of title, body or category"));
		}
		return this.posts.edit(postId, new PostChanges(request.title(), request.body(), request.category()), caller)
			.map(this.mapper::toResponse);
	}

	@DeleteMapping("/{postId}")
	@Operation(summary = "Delete one's own post (403 for anyone but its author), every copy of it and its comments")
	Mono<ResponseEntity<Void>> delete(@PathVariable UUID postId, Caller caller) {
		return this.posts.delete(postId, caller).thenReturn(ResponseEntity.noContent().build());
	}

	@PostMapping("/{postId}/views")
	@Operation(summary = "Count a view (a counter: approximate, never retried)")
	Mono<ResponseEntity<Void>> view(@PathVariable UUID postId) {
		return this.posts.recordView(postId).thenReturn(ResponseEntity.noContent().build());
	}

}
