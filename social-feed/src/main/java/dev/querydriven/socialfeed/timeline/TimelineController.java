package dev.querydriven.socialfeed.timeline;

import java.time.Clock;
import java.util.UUID;

import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.post.PostResponse;
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
 * The home timeline.
 */
@RestController
class TimelineController {

	private final TimelineService timelines;

	private final TimelineMapper mapper;

	private final Clock clock;

	TimelineController(TimelineService timelines, TimelineMapper mapper, Clock clock) {
		this.timelines = timelines;
		this.mapper = mapper;
		this.clock = clock;
	}

	@GetMapping("/users/{userId}/timeline")
	@Operation(summary = "A user's home timeline: posts of the users they follow, newest first (Q6)")
	Mono<Page<PostResponse>> timeline(@PathVariable UUID userId,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit,
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor) {
		return this.timelines.read(userId, cursor, limit, this.clock.instant())
			.map((page) -> new Page<>(page.items().stream().map(this.mapper::toResponse).toList(), page.next()));
	}

}
