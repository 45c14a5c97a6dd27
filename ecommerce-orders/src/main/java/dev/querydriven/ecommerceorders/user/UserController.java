package dev.querydriven.ecommerceorders.user;

import java.util.UUID;

import dev.querydriven.ecommerceorders.order.ShippingAddressRequest;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * A user's orders and shipping address, the user's own: the {@code userId} of every path
 * here must be the caller's (the service's {@code AccessConfiguration}); an erasure may
 * also be an operator's (role {@code admin}).
 *
 * <p>
 * A page's size ({@code limit}) is a {@code PageLimit}, whose bounds are checked as the
 * parameter is read: a 400 naming it, and no Bean Validation on every call.
 */
@RestController
class UserController {

	private final UserService users;

	private final UserMapper mapper;

	UserController(UserService users, UserMapper mapper) {
		this.users = users;
		this.mapper = mapper;
	}

	@GetMapping("/users/{userId}/orders")
	@Operation(summary = "A user's orders, newest first (Q1)")
	Mono<Page<UserResponses.UserOrderResponse>> orders(@PathVariable UUID userId,
			@RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		return this.users.orders(userId, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

	@DeleteMapping("/users/{userId}")
	@Operation(summary = "Erase a user's personal data: their address row goes, and every order they placed stays "
			+ "with its address anonymised (the country kept); repeating it is safe")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	Mono<Void> erase(@PathVariable UUID userId) {
		return this.users.erase(userId);
	}

	@GetMapping("/users/{userId}/shipping-address")
	@Operation(summary = "A user's current shipping address (Q7)")
	Mono<UserResponses.ShippingAddressResponse> shippingAddress(@PathVariable UUID userId) {
		return this.users.shippingAddress(userId).map(this.mapper::toResponse);
	}

	@PutMapping("/users/{userId}/shipping-address")
	@Operation(summary = "Change a user's shipping address; every open order placed before follows it (Q8)")
	Mono<UserResponses.ShippingAddressResponse> changeShippingAddress(@PathVariable UUID userId,
			@Valid @RequestBody ShippingAddressRequest request) {
		return this.users.changeShippingAddress(userId, request.toAddress()).map(this.mapper::toResponse);
	}

}
