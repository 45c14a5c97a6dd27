package dev.querydriven.ecommerceorders.fulfilment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.ecommerceorders.order.AddressValueConverter;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.Frozen;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;
import org.springframework.data.convert.ValueConverter;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q3: a row of {@code orders_by_status}, one partition per status and day, oldest first:
 * an open order waiting in its status's queue, with what the warehouse needs to act on it
 * (the address to ship to).
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
@Table("orders_by_status")
record OrdersByStatusRow(@PrimaryKeyColumn(name = "status", ordinal = 0, type = PARTITIONED) OrderStatus status,
		@PrimaryKeyColumn(name = "day", ordinal = 1, type = PARTITIONED) LocalDate day,
		@PrimaryKeyColumn(name = "order_time", ordinal = 2, type = CLUSTERED) Instant orderTime,
		@PrimaryKeyColumn(name = "order_id", ordinal = 3, type = CLUSTERED) UUID orderId,
		@Column("user_id") UUID userId, BigDecimal total, @Column("item_count") int itemCount,
		@Column("shipping_address") @Frozen @ValueConverter(AddressValueConverter.class) ShippingAddress shippingAddress) {

	/**
	 * The copy of an order in a status's queue.
	 * @param status the queue (the order's current status, or, for a delete, the one it
	 * left)
	 * @param day the order's day bucket
	 * @param order the order's current version
	 * @return the row
	 */
	static OrdersByStatusRow of(OrderStatus status, LocalDate day, OrdersByIdRow order) {
		return new OrdersByStatusRow(status, day, order.orderTime(), order.orderId(), order.userId(), order.total(),
				order.items().size(), order.shippingAddress());
	}

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
