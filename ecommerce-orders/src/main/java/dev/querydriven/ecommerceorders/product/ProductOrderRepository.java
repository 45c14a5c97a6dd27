package dev.querydriven.ecommerceorders.product;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;

import org.springframework.stereotype.Repository;

/**
 * {@code orders_by_product} (one partition per product and month) and
 * {@code product_order_months} (the months that hold rows). Every read restricts the full
 * partition key.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} for reads and writes, like every table of the order
 * ledger (a report must not miss a confirmed order).
 */
@Repository
class ProductOrderRepository {

	private final CqlSession session;

	private final PreparedStatement selectFirstPage;

	private final PreparedStatement selectNextPage;

	private final PreparedStatement selectMonths;

	private final PreparedStatement insert;

	private final PreparedStatement insertMonth;

	ProductOrderRepository(CqlSession session) {
		this.session = session;
		String columns = "product_id, month, order_time, order_id, user_id, status, quantity, unit_price";
		this.selectFirstPage = session
			.prepare("SELECT " + columns + " FROM orders_by_product WHERE product_id = ? AND month = ? LIMIT ?");
		this.selectNextPage = session.prepare("SELECT " + columns + " FROM orders_by_product "
				+ "WHERE product_id = ? AND month = ? AND (order_time, order_id) < (?, ?) LIMIT ?");
		this.selectMonths = session.prepare("SELECT month FROM product_order_months WHERE product_id = ?");
		this.insert = session
			.prepare("INSERT INTO orders_by_product (" + columns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
		this.insertMonth = session.prepare("INSERT INTO product_order_months (product_id, month) VALUES (?, ?)");
	}

	/**
	 * One month of a product's orders, newest first.
	 * @param productId the product
	 * @param month the month key
	 * @param after the position to continue after, or {@code null}
	 * @param limit the most rows
	 * @return the rows
	 */
	@ServesQuery("Q5")
	Flux<OrdersByProductRow> findByProductAndMonth(UUID productId, String month,
			OrdersByProductRow.ProductOrderPosition after, int limit) {
		BoundStatement statement = (after != null)
				? this.selectNextPage.bind(productId, month, after.orderTime(), after.orderId(), limit)
				: this.selectFirstPage.bind(productId, month, limit);
		return Flux.from(this.session.executeReactive(read(statement)))
			.map((row) -> new OrdersByProductRow(row.getUuid("product_id"), row.getString("month"),
					row.getInstant("order_time"), row.getUuid("order_id"), row.getUuid("user_id"),
					OrderStatus.valueOf(row.getString("status")), row.getInt("quantity"),
					row.getBigDecimal("unit_price")));
	}

	/**
	 * The months in which a product was ordered, newest first: at most twelve a year.
	 * @param productId the product
	 * @return the month keys
	 */
	@ServesQuery("Q6")
	Flux<String> findMonths(UUID productId) {
		return Flux.from(this.session.executeReactive(read(this.selectMonths.bind(productId))))
			.map((row) -> row.getString("month"));
	}

	BoundStatement insert(OrdersByIdRow order, OrderItem item, String month) {
		return this.insert
			.bind(item.productId(), month, order.orderTime(), order.orderId(), order.userId(), order.status().name(),
					item.quantity(), item.unitPrice())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	BoundStatement insertMonth(OrderItem item, String month) {
		return this.insertMonth.bind(item.productId(), month).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	private static BoundStatement read(BoundStatement statement) {
		return statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true);
	}

}
