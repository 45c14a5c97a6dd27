package dev.querydriven.blogplatform.category;

import dev.querydriven.blogplatform.post.CategorySlug;
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
 * A category's posts.
 */
@RestController
class CategoryController {

	private final CategoryPostsService service;

	private final CategoryPostMapper mapper;

	CategoryController(CategoryPostsService service, CategoryPostMapper mapper) {
		this.service = service;
		this.mapper = mapper;
	}

	@GetMapping("/categories/{category}/posts")
	@Operation(summary = "A category's posts, newest first (Q4 legacy table or Q5 month buckets, by migration phase)")
	Mono<Page<PostSummary>> posts(@PathVariable @CategorySlug String category,
			@RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		return this.service.findLatest(category, cursor, limit.value()).map((page) -> page.map(this.mapper::toSummary));
	}

}
