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
 * Registration and profile lookups. Public routes answer the public profile
 * ({@link UserResponse}); the email is in the account ({@link AccountResponse}), which
 * only the user and an admin read.
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
			+ "or when the caller registered with others); answers the caller's own account, email included")
	Mono<ResponseEntity<AccountResponse>> register(@Valid @RequestBody CreateUserRequest request,
			@RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key, Caller caller) {
		// The new user's id is the caller's: a repeat finds its own claims and profile.
		// A key still refuses (422) its reuse with another body.
		return this.keys.idFor(caller.id().toString(), key, request, caller::id)
			.flatMap((userId) -> this.users.register(userId, this.mapper.toNewUser(request), this.time.instant()))
			.map(this.mapper::toAccount)
			.map((user) -> ResponseEntity.created(URI.create("/users/" + user.id())).body(user));
	}

	@GetMapping("/users/{userId}")
	@Operation(summary = "A user's public profile (Q1): no email")
	Mono<UserResponse> findById(@PathVariable UUID userId) {
		return this.users.require(userId, "userId").map(this.mapper::toResponse);
	}

	@GetMapping("/users/{userId}/account")
	@Operation(summary = "A user's account (Q1): the profile with the email, for the user or an admin")
	Mono<AccountResponse> findAccount(@PathVariable UUID userId) {
		return this.users.require(userId, "userId").map(this.mapper::toAccount);
	}

	@GetMapping("/users/by-username/{username}")
	@Operation(summary = "A user's public profile by username (Q7)")
	Mono<UserResponse> findByUsername(@PathVariable @Pattern(regexp = "[A-Za-z0-9_]{3,30}",
			message = "must be 3 to 30 letters, digits or underscores") String username) {
		// The problem names the parameter, not its value: nothing a caller sends is
		// echoed back.
		return this.users.findByUsername(username)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No user has this username (username)")))
			.map(this.mapper::toResponse);
	}

	@GetMapping("/users/by-email/{email}")
	@Operation(summary = "A user's account by email (Q8): the user's own, or any for an admin")
	Mono<AccountResponse> findByEmail(@PathVariable @Email @Size(max = 254) String email, Caller caller) {
		// Whose email it is shows only once the row is read. To anyone but an admin, an
		// unknown email is the same 403 as another user's: the answer tells a stranger
		// nothing about who has an account. The admin's 404 names the parameter, never
		// the address.
		return this.users.findByEmail(email)
			.switchIfEmpty(Mono
				.error(() -> caller.hasRole(Caller.ADMIN) ? new NotFoundException("No user has this email (email)")
						: new AccessDeniedException("Only its owner may look a user up by email")))
			.doOnNext((user) -> caller.requireOwnerOr(user.userId(), Caller.ADMIN))
			.map(this.mapper::toAccount);
	}

}
