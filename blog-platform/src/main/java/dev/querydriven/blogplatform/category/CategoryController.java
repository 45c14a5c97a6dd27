package dev.querydriven.blogplatform.category;

import dev.querydriven.blogplatform.post.CategorySlug;
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
 * A category's posts.
 */
@RestController
class CategoryController {

	private final CategoryPostsService service;

	CategoryController(CategoryPostsService service) {
		this.service = service;
	}

	@GetMapping("/categories/{category}/posts")
	@Operation(summary = "A category's posts, newest first (Q4 legacy table or Q5 month buckets, by migration phase)")
	Mono<Page<PostSummary>> posts(@PathVariable @CategorySlug String category,
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
		return this.service.findLatest(category, cursor, limit);
	}

}
