package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code open_orders_by_user}: one of a user's open orders (PENDING or PAID).
 *
 * @param userId the user
 * @param orderId the order
 * @param orderTime when it was placed
 */
record OpenOrdersByUserRow(UUID userId, UUID orderId, Instant orderTime) {

}
