package dev.querydriven.ecommerceorders.user;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.ecommerceorders.order.AddressValueConverter;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.Frozen;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;
import org.springframework.data.convert.ValueConverter;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q1: a row of {@code orders_by_user}, one partition per user, newest order first: one of
 * a user's orders, as their order history shows it. The clustering key ends with the
 * order id, so two orders placed in the same millisecond are two rows.
 *
 * @param userId the user
 * @param orderTime when the order was placed
 * @param orderId the order
 * @param status its status
 * @param total its total
 * @param itemCount how many lines
 * @param shippingAddress where it goes
 */
@Table("orders_by_user")
record OrdersByUserRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "order_time", ordinal = 1, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant orderTime,
		@PrimaryKeyColumn(name = "order_id", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.DESCENDING) UUID orderId,
		OrderStatus status, BigDecimal total, @Column("item_count") int itemCount,
		@Column("shipping_address") @Frozen @ValueConverter(AddressValueConverter.class) ShippingAddress shippingAddress) {

	/**
	 * The copy of an order in its user's history.
	 * @param order the order's current version
	 * @return the row
	 */
	static OrdersByUserRow of(OrdersByIdRow order) {
		return new OrdersByUserRow(order.userId(), order.orderTime(), order.orderId(), order.status(), order.total(),
				order.items().size(), order.shippingAddress());
	}

}
