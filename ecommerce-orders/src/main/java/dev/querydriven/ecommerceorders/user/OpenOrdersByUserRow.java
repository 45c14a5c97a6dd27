package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrdersByIdRow;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q8: a row of {@code open_orders_by_user}, one partition per user: one of their open
 * orders (PENDING or PAID), whose shipping address follows the user's.
 *
 * @param userId the user
 * @param orderId the order
 * @param orderTime when it was placed
 */
@Table("open_orders_by_user")
record OpenOrdersByUserRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@PrimaryKeyColumn(name = "order_id", ordinal = 1, type = CLUSTERED) UUID orderId,
		@Column("order_time") Instant orderTime) {

	static OpenOrdersByUserRow of(OrdersByIdRow order) {
		return new OpenOrdersByUserRow(order.userId(), order.orderId(), order.orderTime());
	}

}
