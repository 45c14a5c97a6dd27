package dev.querydriven.socialfeed.user;

import java.net.URI;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.NotFoundException;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import reactor.core.publisher.Mono;

import org.springframework.http.ResponseEntity;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Registration and profile lookups.
 */
@RestController
class UserController {

	private final UserService users;

	private final UserMapper mapper;

	private final TimeSource time;

	private final IdempotencyKeys keys;

	UserController(UserService users, UserMapper mapper, TimeSource time, IdempotencyKeys keys) {
		this.users = users;
		this.keys = keys;
		this.mapper = mapper;
		this.time = time;
	}

	@PostMapping("/users")
	@Operation(summary = "Register the caller (409 when the username or email is taken, "
			+ "or when the caller registered with others)")
	Mono<ResponseEntity<UserResponse>> register(@Valid @RequestBody CreateUserRequest request,
			@RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key, Caller caller) {
		// The new user's id is the caller's: a repeat finds its own claims and profile.
		// A key still refuses (422) its reuse with another body.
		return this.keys.idFor(caller.id().toString(), key, request, caller::id)
			.flatMap((userId) -> this.users.register(userId, this.mapper.toNewUser(request), this.time.instant()))
			.map(this.mapper::toResponse)
			.map((user) -> ResponseEntity.created(URI.create("/users/" + user.id())).body(user));
	}

	@GetMapping("/users/{userId}")
	@Operation(summary = "A user's profile (Q1)")
	Mono<UserResponse> findById(@PathVariable UUID userId) {
		return this.users.require(userId, "userId").map(this.mapper::toResponse);
	}

	@GetMapping("/users/by-username/{username}")
	@Operation(summary = "A user by username (Q7)")
	Mono<UserResponse> findByUsername(@PathVariable @Pattern(regexp = "[A-Za-z0-9_]{3,30}",
			message = "must be 3 to 30 letters, digits or underscores") String username) {
		return this.users.findByUsername(username)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No user named '" + username + "'")))
			.map(this.mapper::toResponse);
	}

	@GetMapping("/users/by-email/{email}")
	@Operation(summary = "A user by email (Q8): the user's own, or any for an admin")
	Mono<UserResponse> findByEmail(@PathVariable @Email @Size(max = 254) String email, Caller caller) {
		// Whose email it is shows only once the row is read. To anyone but an admin, an
		// unknown email is the same 403 as another user's: the answer tells a stranger
		// nothing about who has an account.
		return this.users.findByEmail(email)
			.switchIfEmpty(Mono
				.error(() -> caller.hasRole(Caller.ADMIN) ? new NotFoundException("No user with email '" + email + "'")
						: new AccessDeniedException("Only its owner may look a user up by email")))
			.doOnNext((user) -> caller.requireOwnerOr(user.userId(), Caller.ADMIN))
			.map(this.mapper::toResponse);
	}

}
