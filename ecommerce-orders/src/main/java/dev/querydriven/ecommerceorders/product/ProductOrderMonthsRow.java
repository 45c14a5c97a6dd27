package dev.querydriven.ecommerceorders.product;

import java.util.UUID;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q6: a row of {@code product_order_months}, one partition per product, newest month
 * first: a month in which the product was ordered, i.e. a non-empty bucket of
 * {@code orders_by_product}.
 *
 * @param productId the product
 * @param month the month key, e.g. {@code 2026-05}
 */
@Table("product_order_months")
record ProductOrderMonthsRow(@PrimaryKeyColumn(name = "product_id", ordinal = 0, type = PARTITIONED) UUID productId,
		@PrimaryKeyColumn(name = "month", ordinal = 1, type = CLUSTERED, ordering = Ordering.DESCENDING) String month) {

}
