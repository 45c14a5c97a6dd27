package dev.querydriven.ecommerceorders.product;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.querydriven.ecommerceorders.order.OrderStatus;

/**
 * An order line of a product.
 *
 * @param orderId the order
 * @param orderTime when it was placed
 * @param userId who placed it
 * @param status the order's status
 * @param quantity how many of the product
 * @param unitPrice at what price, as a decimal string
 */
record ProductOrderResponse(UUID orderId, Instant orderTime, UUID userId, OrderStatus status, int quantity,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal unitPrice) {

}
