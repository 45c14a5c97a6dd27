package dev.querydriven.ecommerceorders.order;

import java.net.URI;
import java.util.UUID;

import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Placing orders, reading one, and moving it through its statuses. Who may do each is in
 * the service's {@code AccessConfiguration}; the rules that need the order (its buyer)
 * are checked here and in {@link OrderService} once it is read.
 */
@RestController
class OrderController {

	private final OrderService orders;

	private final OrderMapper mapper;

	OrderController(OrderService orders, OrderMapper mapper) {
		this.orders = orders;
		this.mapper = mapper;
	}

	@PostMapping("/orders")
	@Operation(summary = "Place an order for the caller (a repeat is safe with a client-chosen orderId, which returns "
			+ "the same order, or with the same Idempotency-Key, which answers as the first request did)")
	Mono<ResponseEntity<OrderResponse>> place(@Valid @RequestBody PlaceOrderRequest request,
			@RequestHeader(name = IdempotencyKeys.HEADER, required = false) String idempotencyKey, Caller caller) {
		return this.orders.place(this.mapper.toNewOrder(request, caller.id()), idempotencyKey).map((placed) -> {
			OrderResponse body = this.mapper.toResponse(placed.order());
			return placed.created()
					? ResponseEntity.created(URI.create("/orders/" + placed.order().orderId())).body(body)
					: ResponseEntity.status(HttpStatus.OK).body(body);
		});
	}

	@GetMapping("/orders/{orderId}")
	@Operation(summary = "An order by id, for its buyer or staff (Q2)")
	Mono<OrderResponse> find(@PathVariable UUID orderId, Caller caller) {
		return this.orders.find(orderId).map((order) -> {
			// Its buyer is known only now that the order is read.
			caller.requireOwnerOr(order.userId(), Caller.STAFF);
			return this.mapper.toResponse(order);
		});
	}

	@PostMapping("/orders/{orderId}/status")
	@Operation(summary = "Move an order to another status: staff, or its buyer to cancel it while PENDING or PAID "
			+ "(409 when illegal or lost to a concurrent change)")
	Mono<OrderResponse> changeStatus(@PathVariable UUID orderId, @Valid @RequestBody ChangeStatusRequest request,
			Caller caller) {
		return this.orders.changeStatus(orderId, request.status(), request.operationId(), caller)
			.map(this.mapper::toResponse);
	}

}
