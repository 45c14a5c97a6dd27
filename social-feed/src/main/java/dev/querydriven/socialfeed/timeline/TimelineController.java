package dev.querydriven.socialfeed.timeline;

import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import dev.querydriven.socialfeed.post.PostResponse;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The home timeline.
 */
@RestController
class TimelineController {

	private final TimelineService timelines;

	private final TimelineMapper mapper;

	private final TimeSource time;

	TimelineController(TimelineService timelines, TimelineMapper mapper, TimeSource time) {
		this.timelines = timelines;
		this.mapper = mapper;
		this.time = time;
	}

	@GetMapping("/users/{userId}/timeline")
	@Operation(summary = "A user's home timeline: posts of the users they follow, newest first (Q6)")
	Mono<Page<PostResponse>> timeline(@PathVariable UUID userId,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		return this.timelines.read(userId, cursor, limit.value(), this.time.instant())
			.map((page) -> page.map(this.mapper::toResponse));
	}

}
