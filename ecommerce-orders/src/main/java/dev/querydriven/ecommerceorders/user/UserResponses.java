package dev.querydriven.ecommerceorders.user;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.querydriven.ecommerceorders.order.AddressChangeOutcome;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

/**
 * The user API's responses.
 */
final class UserResponses {

	private UserResponses() {
	}

	/**
	 * One of a user's orders.
	 *
	 * @param orderId the order
	 * @param orderTime when it was placed
	 * @param status its status
	 * @param total its total, as a decimal string
	 * @param itemCount how many lines
	 * @param shippingAddress where it goes
	 */
	record UserOrderResponse(UUID orderId, Instant orderTime, OrderStatus status,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal total, int itemCount,
			ShippingAddress shippingAddress) {

	}

	/**
	 * A user's shipping address, and after a change, what happened to their open orders.
	 *
	 * @param userId the user
	 * @param shippingAddress the address
	 * @param version its version (1 for the first address)
	 * @param changedAt when it last changed
	 * @param orders after a change: each open order and what happened to it
	 */
	record ShippingAddressResponse(UUID userId, ShippingAddress shippingAddress, long version, Instant changedAt,
			List<OrderOutcomeResponse> orders) {

	}

	/**
	 * What an address change did to one open order.
	 *
	 * @param orderId the order
	 * @param outcome what happened
	 */
	record OrderOutcomeResponse(UUID orderId, AddressChangeOutcome outcome) {

	}

}
