package dev.querydriven.ecommerceorders;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads every table that holds an order, straight from Cassandra, so that tests check
 * each copy against the source of truth after every write.
 */
public final class OrderTables {

	private static final List<OrderStatus> QUEUED = List.of(OrderStatus.PENDING, OrderStatus.PAID, OrderStatus.SHIPPED);

	private final CqlSession session;

	public OrderTables(CqlSession session) {
		this.session = session;
	}

	/**
	 * The source of truth.
	 * @param orderId the order
	 * @return the row, or {@code null}
	 */
	public Row orderById(UUID orderId) {
		return one("SELECT * FROM orders_by_id WHERE order_id = ?", orderId);
	}

	/**
	 * Asserts that every copy of an order agrees with {@code orders_by_id}, carries the
	 * write timestamp derived from its version, and that no stale copy is left under
	 * another key.
	 * @param orderId the order
	 * @return the source row
	 */
	public Row assertCopiesAgree(UUID orderId) {
		Row order = orderById(orderId);
		assertThat(order).as("orders_by_id row of %s", orderId).isNotNull();
		UUID userId = order.getUuid("user_id");
		Instant orderTime = order.getInstant("order_time");
		OrderStatus status = OrderStatus.valueOf(order.getString("status"));
		BigDecimal total = order.getBigDecimal("total");
		ShippingAddress address = order.get("shipping_address", ShippingAddress.class);
		List<OrderItem> items = order.getList("items", OrderItem.class);
		long timestamp = orderTime.toEpochMilli() * 1000 + order.getLong("version");

		Row byUser = one(
				"SELECT status, total, item_count, shipping_address, WRITETIME(status) AS written "
						+ "FROM orders_by_user WHERE user_id = ? AND order_time = ? AND order_id = ?",
				userId, orderTime, orderId);
		assertThat(byUser).as("orders_by_user row").isNotNull();
		assertThat(byUser.getString("status")).as("orders_by_user status").isEqualTo(status.name());
		assertThat(byUser.getBigDecimal("total")).isEqualTo(total);
		assertThat(byUser.getInt("item_count")).isEqualTo(items.size());
		assertThat(byUser.get("shipping_address", ShippingAddress.class)).as("orders_by_user address")
			.isEqualTo(address);
		assertThat(byUser.getLong("written")).as("orders_by_user write timestamp").isEqualTo(timestamp);

		LocalDate day = LocalDate.ofInstant(orderTime, ZoneOffset.UTC);
		for (OrderStatus queue : QUEUED) {
			Row queued = one(
					"SELECT user_id, total, item_count, shipping_address, WRITETIME(user_id) AS written "
							+ "FROM orders_by_status WHERE status = ? AND day = ? AND order_time = ? AND order_id = ?",
					queue.name(), day, orderTime, orderId);
			if (queue == status) {
				assertThat(queued).as("orders_by_status row in the %s queue", queue).isNotNull();
				assertThat(queued.getUuid("user_id")).isEqualTo(userId);
				assertThat(queued.getBigDecimal("total")).isEqualTo(total);
				assertThat(queued.get("shipping_address", ShippingAddress.class)).as("orders_by_status address")
					.isEqualTo(address);
				assertThat(queued.getLong("written")).as("orders_by_status write timestamp").isEqualTo(timestamp);
			}
			else {
				assertThat(queued).as("orders_by_status row in the %s queue of a %s order", queue, status).isNull();
			}
		}

		String month = DateTimeFormatter.ofPattern("yyyy-MM").withZone(ZoneOffset.UTC).format(orderTime);
		for (OrderItem item : items) {
			Row byProduct = one(
					"SELECT status, quantity, unit_price, user_id FROM orders_by_product "
							+ "WHERE product_id = ? AND month = ? AND order_time = ? AND order_id = ?",
					item.productId(), month, orderTime, orderId);
			assertThat(byProduct).as("orders_by_product row of %s", item.productId()).isNotNull();
			assertThat(byProduct.getString("status")).as("orders_by_product status").isEqualTo(status.name());
			assertThat(byProduct.getInt("quantity")).isEqualTo(item.quantity());
			assertThat(byProduct.getBigDecimal("unit_price")).isEqualTo(item.unitPrice());
			assertThat(byProduct.getUuid("user_id")).isEqualTo(userId);
			assertThat(one("SELECT month FROM product_order_months WHERE product_id = ? AND month = ?",
					item.productId(), month))
				.as("product_order_months row")
				.isNotNull();
		}

		Row open = one("SELECT order_time FROM open_orders_by_user WHERE user_id = ? AND order_id = ?", userId,
				orderId);
		if (status.isOpen()) {
			assertThat(open).as("open_orders_by_user row of a %s order", status).isNotNull();
		}
		else {
			assertThat(open).as("open_orders_by_user row of a %s order", status).isNull();
		}
		return order;
	}

	/**
	 * Asserts that no table holds anything of an order: what a rejected placement must
	 * leave behind.
	 * @param orderId the order
	 * @param userId its user
	 * @param productIds its products
	 */
	public void assertNoTrace(UUID orderId, UUID userId, List<UUID> productIds) {
		assertThat(orderById(orderId)).as("orders_by_id").isNull();
		assertThat(all("SELECT order_id FROM orders_by_user WHERE user_id = ?", userId)).as("orders_by_user")
			.noneMatch((row) -> orderId.equals(row.getUuid("order_id")));
		assertThat(all("SELECT order_id FROM open_orders_by_user WHERE user_id = ?", userId)).as("open_orders_by_user")
			.noneMatch((row) -> orderId.equals(row.getUuid("order_id")));
		for (UUID productId : productIds) {
			assertThat(all("SELECT month FROM product_order_months WHERE product_id = ?", productId))
				.as("product_order_months")
				.isEmpty();
		}
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		for (OrderStatus queue : QUEUED) {
			for (LocalDate day : List.of(today.minusDays(1), today, today.plusDays(1))) {
				assertThat(all("SELECT order_id FROM orders_by_status WHERE status = ? AND day = ?", queue.name(), day))
					.as("orders_by_status %s %s", queue, day)
					.noneMatch((row) -> orderId.equals(row.getUuid("order_id")));
			}
		}
	}

	/**
	 * The order ids of a user's open orders.
	 * @param userId the user
	 * @return the ids
	 */
	public List<UUID> openOrders(UUID userId) {
		List<UUID> ids = new ArrayList<>();
		all("SELECT order_id FROM open_orders_by_user WHERE user_id = ?", userId)
			.forEach((row) -> ids.add(row.getUuid("order_id")));
		return ids;
	}

	/**
	 * Runs a query at {@code LOCAL_QUORUM} and returns its one row.
	 * @param cql the query
	 * @param values its values
	 * @return the row, or {@code null}
	 */
	public Row one(String cql, Object... values) {
		return this.session.execute(statement(cql, values)).one();
	}

	/**
	 * Runs a query at {@code LOCAL_QUORUM} and returns all its rows.
	 * @param cql the query
	 * @param values its values
	 * @return the rows
	 */
	public List<Row> all(String cql, Object... values) {
		return this.session.execute(statement(cql, values)).all();
	}

	private static SimpleStatement statement(String cql, Object... values) {
		return SimpleStatement.newInstance(cql, values).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

}
