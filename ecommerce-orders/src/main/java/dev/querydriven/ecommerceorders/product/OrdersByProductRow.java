package dev.querydriven.ecommerceorders.product;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderStatus;

/**
 * A row of {@code orders_by_product}: one order line of a product.
 *
 * @param productId the product
 * @param month the UTC month of the order time (the bucket), e.g. {@code 2026-05}
 * @param orderTime when the order was placed
 * @param orderId the order
 * @param userId who placed it
 * @param status the order's status
 * @param quantity how many of the product
 * @param unitPrice at what price
 */
record OrdersByProductRow(UUID productId, String month, Instant orderTime, UUID orderId, UUID userId,
		OrderStatus status, int quantity, BigDecimal unitPrice) {

	ProductOrderPosition position() {
		return new ProductOrderPosition(this.orderTime, this.orderId);
	}

	/**
	 * Where a row sits in its partition: the clustering key.
	 *
	 * @param orderTime the order time
	 * @param orderId the order
	 */
	record ProductOrderPosition(Instant orderTime, UUID orderId) {

	}

}
