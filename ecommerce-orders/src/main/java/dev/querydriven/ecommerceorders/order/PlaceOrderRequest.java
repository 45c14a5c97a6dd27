package dev.querydriven.ecommerceorders.order;

import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * {@code POST /orders}. Neither the total nor the user is part of the request: the
 * service computes the total from the items, and the order is the caller's (the subject
 * of the bearer token), so nobody can order for someone else.
 *
 * @param orderId the client's own id for the order, to make retries safe (a replay with
 * the same id and content returns the same order); a new id is chosen when absent
 * @param items the lines, 1 to {@value #MAX_ITEMS}, each product at most once
 * @param shippingAddress where to ship
 */
public record PlaceOrderRequest(UUID orderId,
		@NotEmpty @Size(max = MAX_ITEMS) List<@NotNull @Valid OrderItemRequest> items,
		@NotNull @Valid ShippingAddressRequest shippingAddress) {

	/**
	 * The most lines an order may have: bounds the frozen list in {@code orders_by_id}
	 * (far below the 1 MiB collection warning) and the rows one placement writes.
	 */
	public static final int MAX_ITEMS = 50;

}
