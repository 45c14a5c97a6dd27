package dev.querydriven.blogplatform.author;

import java.util.UUID;

import dev.querydriven.blogplatform.post.PostSummary;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * An author's posts.
 */
@RestController
class AuthorController {

	private final AuthorPostsService service;

	AuthorController(AuthorPostsService service) {
		this.service = service;
	}

	@GetMapping("/authors/{authorId}/posts")
	@Operation(summary = "An author's posts, newest first (Q2: one partition of posts_by_author)")
	Mono<Page<PostSummary>> posts(@PathVariable UUID authorId,
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
		return this.service.findLatest(authorId, cursor, limit);
	}

}
