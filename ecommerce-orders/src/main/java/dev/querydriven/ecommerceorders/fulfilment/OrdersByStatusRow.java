package dev.querydriven.ecommerceorders.fulfilment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

/**
 * A row of {@code orders_by_status}: an open order waiting in its status's queue, with
 * what the warehouse needs to act on it (the address to ship to).
 *
 * @param status the queue
 * @param day the UTC day of the order time (the bucket)
 * @param orderTime when the order was placed
 * @param orderId the order
 * @param userId who placed it
 * @param total its total
 * @param itemCount how many lines
 * @param shippingAddress where it goes
 */
record OrdersByStatusRow(OrderStatus status, LocalDate day, Instant orderTime, UUID orderId, UUID userId,
		BigDecimal total, int itemCount, ShippingAddress shippingAddress) {

	QueuePosition position() {
		return new QueuePosition(this.orderTime, this.orderId);
	}

	/**
	 * Where a row sits in its partition: the clustering key, time then id.
	 *
	 * @param orderTime the order time
	 * @param orderId the order
	 */
	record QueuePosition(Instant orderTime, UUID orderId) {

	}

}
