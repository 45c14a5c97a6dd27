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
import com.datastax.oss.driver.api.core.data.UdtValue;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads every table that holds an order, straight from Cassandra, so that tests check
 * each copy against the source of truth after every write: its values, and the write
 * timestamp of every copied column (one timestamp per copy, derived from the order's
 * version).
 */
public final class OrderTables {

	private static final List<OrderStatus> QUEUED = List.of(OrderStatus.PENDING, OrderStatus.PAID, OrderStatus.SHIPPED);

	private final CqlSession session;

	/**
	 * Reads the tables.
	 * @param session a session on the service's keyspace
	 */
	public OrderTables(CqlSession session) {
		this.session = session;
	}

	/**
	 * A row's shipping address.
	 * @param row a row holding {@code shipping_address}
	 * @return the address
	 */
	public ShippingAddress address(Row row) {
		UdtValue value = row.getUdtValue("shipping_address");
		return (value != null) ? new ShippingAddress(value.getString("street"), value.getString("city"),
				value.getString("postal_code"), value.getString("country")) : null;
	}

	private static List<OrderItem> items(Row row) {
		return row.getList("items", UdtValue.class)
			.stream()
			.map((value) -> new OrderItem(value.getUuid("product_id"), value.getString("name"),
					value.getInt("quantity"), value.getBigDecimal("unit_price")))
			.toList();
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
		ShippingAddress address = address(order);
		List<OrderItem> items = items(order);
		long version = order.getLong("version");
		long timestamp = orderTime.toEpochMilli() * 1000 + version;

		Row byUser = one(
				"SELECT status, total, item_count, shipping_address, WRITETIME(status) AS w1, "
						+ "WRITETIME(total) AS w2, WRITETIME(item_count) AS w3, WRITETIME(shipping_address) AS w4 "
						+ "FROM orders_by_user WHERE user_id = ? AND order_time = ? AND order_id = ?",
				userId, orderTime, orderId);
		assertThat(byUser).as("orders_by_user row").isNotNull();
		assertThat(byUser.getString("status")).as("orders_by_user status").isEqualTo(status.name());
		assertThat(byUser.getBigDecimal("total")).isEqualTo(total);
		assertThat(byUser.getInt("item_count")).isEqualTo(items.size());
		assertThat(address(byUser)).as("orders_by_user address").isEqualTo(address);
		assertThat(writeTimes(byUser, 4)).as("write timestamp of every copied column of orders_by_user")
			.containsOnly(timestamp);

		LocalDate day = LocalDate.ofInstant(orderTime, ZoneOffset.UTC);
		for (OrderStatus queue : QUEUED) {
			Row queued = one(
					"SELECT user_id, total, item_count, shipping_address, WRITETIME(user_id) AS w1, "
							+ "WRITETIME(total) AS w2, WRITETIME(item_count) AS w3, WRITETIME(shipping_address) AS w4 "
							+ "FROM orders_by_status WHERE status = ? AND day = ? AND order_time = ? AND order_id = ?",
					queue.name(), day, orderTime, orderId);
			if (queue == status) {
				assertThat(queued).as("orders_by_status row in the %s queue", queue).isNotNull();
				assertThat(queued.getUuid("user_id")).isEqualTo(userId);
				assertThat(queued.getBigDecimal("total")).isEqualTo(total);
				assertThat(address(queued)).as("orders_by_status address").isEqualTo(address);
				assertThat(writeTimes(queued, 4)).as("write timestamp of every copied column of orders_by_status")
					.containsOnly(timestamp);
			}
			else {
				assertThat(queued).as("orders_by_status row in the %s queue of a %s order", queue, status).isNull();
			}
		}

		String month = DateTimeFormatter.ofPattern("yyyy-MM").withZone(ZoneOffset.UTC).format(orderTime);
		for (OrderItem item : items) {
			Row byProduct = one("SELECT status, quantity, unit_price, user_id, WRITETIME(status) AS w1, "
					+ "WRITETIME(quantity) AS w2, WRITETIME(unit_price) AS w3, WRITETIME(user_id) AS w4 "
					+ "FROM orders_by_product WHERE product_id = ? AND month = ? AND order_time = ? AND order_id = ?",
					item.productId(), month, orderTime, orderId);
			assertThat(byProduct).as("orders_by_product row of %s", item.productId()).isNotNull();
			assertThat(byProduct.getString("status")).as("orders_by_product status").isEqualTo(status.name());
			assertThat(byProduct.getInt("quantity")).isEqualTo(item.quantity());
			assertThat(byProduct.getBigDecimal("unit_price")).isEqualTo(item.unitPrice());
			assertThat(byProduct.getUuid("user_id")).isEqualTo(userId);
			// Rewritten on status changes only (an address change leaves it alone): one
			// timestamp for the whole row, that of the version that last changed the
			// status.
			assertThat(writeTimes(byProduct, 4)).as("write timestamps of orders_by_product").hasSize(1);
			assertThat(writeTimes(byProduct, 4).iterator().next()).as("version of the orders_by_product copy")
				.isBetween(timestamp - version + 1, timestamp);
			assertThat(one("SELECT month FROM product_order_months WHERE product_id = ? AND month = ?",
					item.productId(), month))
				.as("product_order_months row")
				.isNotNull();
		}

		Row open = one("SELECT order_time, WRITETIME(order_time) AS w1 FROM open_orders_by_user "
				+ "WHERE user_id = ? AND order_id = ?", userId, orderId);
		// An erased order may stay open (the shop still ships it), but no address of its
		// user follows it any more.
		if (status.isOpen() && !address.anonymised()) {
			assertThat(open).as("open_orders_by_user row of a %s order", status).isNotNull();
			assertThat(writeTimes(open, 1)).as("write timestamp of open_orders_by_user").containsOnly(timestamp);
		}
		else {
			assertThat(open).as("open_orders_by_user row of a %s order", status).isNull();
		}
		return order;
	}

	private static java.util.Set<Long> writeTimes(Row row, int columns) {
		java.util.Set<Long> times = new java.util.HashSet<>();
		for (int index = 1; index <= columns; index++) {
			times.add(row.getLong("w" + index));
		}
		return times;
	}

	/**
	 * Asserts that no table holds anything of an order: what a rejected placement must
	 * leave behind.
	 * @param orderId the order
	 * @param userId its user
	 * @param productIds its products
	 * @param today the service's today
	 */
	public void assertNoTrace(UUID orderId, UUID userId, List<UUID> productIds, LocalDate today) {
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
