package dev.querydriven.socialfeed.follow;

import java.time.Clock;
import java.util.UUID;

import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
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

	private final Clock clock;

	FollowController(FollowService follows, FollowMapper mapper, Clock clock) {
		this.follows = follows;
		this.mapper = mapper;
		this.clock = clock;
	}

	@PutMapping("/users/{userId}/following/{targetId}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Follow a user (idempotent; old posts are not copied into the timeline)")
	Mono<Void> follow(@PathVariable UUID userId, @PathVariable UUID targetId) {
		return this.follows.follow(userId, targetId, this.clock.instant());
	}

	@DeleteMapping("/users/{userId}/following/{targetId}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Unfollow a user (idempotent; their posts leave the timeline)")
	Mono<Void> unfollow(@PathVariable UUID userId, @PathVariable UUID targetId) {
		return this.follows.unfollow(userId, targetId, this.clock.instant());
	}

	@GetMapping("/users/{userId}/followers")
	@Operation(summary = "A user's followers (Q3)")
	Mono<Page<UserSummaryResponse>> followers(@PathVariable UUID userId,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit,
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor) {
		return this.follows.followers(userId, cursor, limit)
			.map((page) -> new Page<>(page.items().stream().map(this.mapper::toResponse).toList(), page.next()));
	}

	@GetMapping("/users/{userId}/following")
	@Operation(summary = "The users a user follows (Q4)")
	Mono<Page<UserSummaryResponse>> following(@PathVariable UUID userId,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit,
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor) {
		return this.follows.following(userId, cursor, limit)
			.map((page) -> new Page<>(page.items().stream().map(this.mapper::toResponse).toList(), page.next()));
	}

}
