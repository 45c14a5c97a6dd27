package dev.querydriven.ecommerceorders.product;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q5: a row of {@code orders_by_product}, one partition per product and month, newest
 * first: one order line of a product.
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
@Table("orders_by_product")
record OrdersByProductRow(@PrimaryKeyColumn(name = "product_id", ordinal = 0, type = PARTITIONED) UUID productId,
		@PrimaryKeyColumn(name = "month", ordinal = 1, type = PARTITIONED) String month,
		@PrimaryKeyColumn(name = "order_time", ordinal = 2, type = CLUSTERED,
				ordering = Ordering.DESCENDING) Instant orderTime,
		@PrimaryKeyColumn(name = "order_id", ordinal = 3, type = CLUSTERED,
				ordering = Ordering.DESCENDING) UUID orderId,
		@Column("user_id") UUID userId, OrderStatus status, int quantity, @Column("unit_price") BigDecimal unitPrice) {

	/**
	 * The copy of one line of an order.
	 * @param order the order's current version
	 * @param item the line
	 * @param month the order's month bucket
	 * @return the row
	 */
	static OrdersByProductRow of(OrdersByIdRow order, OrderItem item, String month) {
		return new OrdersByProductRow(item.productId(), month, order.orderTime(), order.orderId(), order.userId(),
				order.status(), item.quantity(), item.unitPrice());
	}

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
