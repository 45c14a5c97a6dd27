package dev.querydriven.blogplatform.comment;

import java.util.UUID;

import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A post's comments. Any signed-in user comments, under the name the token gives.
 */
@RestController
@RequestMapping("/posts/{postId}/comments")
class CommentController {

	private final CommentService service;

	private final CommentMapper mapper;

	CommentController(CommentService service, CommentMapper mapper) {
		this.service = service;
		this.mapper = mapper;
	}

	@PostMapping
	@Operation(summary = "Comment on a post as the caller, under the token's name (409 when its thread reached the "
			+ "cap); with an Idempotency-Key, a repeat of the same request answers the same comment")
	Mono<ResponseEntity<CommentResponse>> add(@PathVariable UUID postId,
			@Valid @RequestBody CreateCommentRequest request,
			@RequestHeader(name = IdempotencyKeys.HEADER, required = false) String idempotencyKey, Caller caller) {
		return this.service.add(postId, caller, request.text(), idempotencyKey)
			.map((comment) -> ResponseEntity.status(HttpStatus.CREATED).body(this.mapper.toResponse(comment)));
	}

	@GetMapping
	@Operation(summary = "A post's comments, oldest first (Q3: one partition of comments_by_post)")
	Mono<Page<CommentResponse>> comments(@PathVariable UUID postId, @RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		return this.service.findOldestFirst(postId, cursor, limit.value())
			.map((page) -> page.map(this.mapper::toResponse));
	}

}
