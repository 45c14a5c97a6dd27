package dev.querydriven.blogplatform.author;

import java.util.UUID;

import dev.querydriven.blogplatform.post.PostSummary;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
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

	private final AuthorPostMapper mapper;

	AuthorController(AuthorPostsService service, AuthorPostMapper mapper) {
		this.service = service;
		this.mapper = mapper;
	}

	@GetMapping("/authors/{authorId}/posts")
	@Operation(summary = "An author's posts, newest first (Q2: one partition of posts_by_author)")
	Mono<Page<PostSummary>> posts(@PathVariable UUID authorId, @RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		return this.service.findLatest(authorId, cursor, limit.value()).map((page) -> page.map(this.mapper::toSummary));
	}

}
