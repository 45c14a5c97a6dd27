package dev.querydriven.socialfeed.follow;

import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Follow, unfollow, and the two follow lists.
 */
@RestController
class FollowController {

	private final FollowService follows;

	private final FollowMapper mapper;

	private final TimeSource time;

	FollowController(FollowService follows, FollowMapper mapper, TimeSource time) {
		this.follows = follows;
		this.mapper = mapper;
		this.time = time;
	}

	@PutMapping("/users/{userId}/following/{targetId}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Follow a user (idempotent; old posts are not copied into the timeline)")
	Mono<Void> follow(@PathVariable UUID userId, @PathVariable UUID targetId) {
		return this.follows.follow(userId, targetId, this.time.instant());
	}

	@DeleteMapping("/users/{userId}/following/{targetId}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Unfollow a user (idempotent; their posts leave the timeline)")
	Mono<Void> unfollow(@PathVariable UUID userId, @PathVariable UUID targetId) {
		return this.follows.unfollow(userId, targetId, this.time.instant());
	}

	@GetMapping("/users/{userId}/followers")
	@Operation(summary = "A user's followers (Q3)")
	Mono<Page<UserSummaryResponse>> followers(@PathVariable UUID userId,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		return this.follows.followers(userId, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

	@GetMapping("/users/{userId}/following")
	@Operation(summary = "The users a user follows (Q4)")
	Mono<Page<UserSummaryResponse>> following(@PathVariable UUID userId,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		return this.follows.following(userId, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

}
