package dev.querydriven.ecommerceorders.user;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

/**
 * A row of {@code orders_by_user}: one of a user's orders, as their order history shows
 * it.
 *
 * @param userId the user
 * @param orderTime when the order was placed
 * @param orderId the order
 * @param status its status
 * @param total its total
 * @param itemCount how many lines
 * @param shippingAddress where it goes
 */
record OrdersByUserRow(UUID userId, Instant orderTime, UUID orderId, OrderStatus status, BigDecimal total,
		int itemCount, ShippingAddress shippingAddress) {

}
