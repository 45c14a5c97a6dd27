package dev.querydriven.ecommerceorders.fulfilment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

/**
 * An order in the fulfilment queue: what the warehouse needs to act on it.
 *
 * @param orderId the order
 * @param orderTime when it was placed
 * @param status its queue
 * @param userId who placed it
 * @param total its total, as a decimal string
 * @param itemCount how many lines
 * @param shippingAddress where it goes
 */
record QueuedOrderResponse(UUID orderId, Instant orderTime, OrderStatus status, UUID userId,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal total, int itemCount, ShippingAddress shippingAddress) {

}
