package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.ecommerceorders.order.LightweightTransactions;
import dev.querydriven.ecommerceorders.order.OrderCodecs;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code orders_by_user} (a user's order history), {@code users_by_id} (their shipping
 * address) and {@code open_orders_by_user} (their open orders). Every read restricts the
 * full partition key, the user.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} reads and writes (orders are a ledger: a user sees
 * the order they just placed); {@code users_by_id} changes only by lightweight
 * transaction ({@code SERIAL}), so two concurrent address changes get distinct versions.
 */
@Repository
class UserRepository {

	private final CqlSession session;

	private final PreparedStatement selectOrdersFirstPage;

	private final PreparedStatement selectOrdersNextPage;

	private final PreparedStatement insertOrder;

	private final PreparedStatement selectUser;

	private final PreparedStatement insertUser;

	private final PreparedStatement updateUserAddress;

	private final PreparedStatement selectOpenOrders;

	private final PreparedStatement insertOpenOrder;

	private final PreparedStatement deleteOpenOrder;

	UserRepository(CqlSession session, OrderCodecs codecs) {
		this.session = session;
		String columns = "user_id, order_time, order_id, status, total, item_count, shipping_address";
		this.selectOrdersFirstPage = session
			.prepare("SELECT " + columns + " FROM orders_by_user WHERE user_id = ? LIMIT ?");
		this.selectOrdersNextPage = session.prepare("SELECT " + columns
				+ " FROM orders_by_user WHERE user_id = ? AND (order_time, order_id) < (?, ?) LIMIT ?");
		this.insertOrder = session.prepare("INSERT INTO orders_by_user (" + columns + ") VALUES (?, ?, ?, ?, ?, ?, ?)");
		this.selectUser = session.prepare("SELECT user_id, shipping_address, address_version, address_changed_at "
				+ "FROM users_by_id WHERE user_id = ?");
		this.insertUser = session.prepare("INSERT INTO users_by_id (user_id, shipping_address, address_version, "
				+ "address_changed_at) VALUES (?, ?, ?, ?) IF NOT EXISTS");
		this.updateUserAddress = session.prepare("UPDATE users_by_id SET shipping_address = ?, address_version = ?, "
				+ "address_changed_at = ? WHERE user_id = ? IF address_version = ?");
		this.selectOpenOrders = session
			.prepare("SELECT user_id, order_id, order_time FROM open_orders_by_user WHERE user_id = ?");
		this.insertOpenOrder = session
			.prepare("INSERT INTO open_orders_by_user (user_id, order_id, order_time) VALUES (?, ?, ?)");
		this.deleteOpenOrder = session.prepare("DELETE FROM open_orders_by_user WHERE user_id = ? AND order_id = ?");
	}

	/**
	 * A page of a user's orders, newest first.
	 * @param userId the user
	 * @param afterTime with {@code afterId}, the last order of the previous page, or
	 * {@code null}
	 * @param afterId the last order of the previous page, or {@code null}
	 * @param limit the page size
	 * @return the orders
	 */
	@ServesQuery("Q1")
	Flux<OrdersByUserRow> findOrdersByUser(UUID userId, Instant afterTime, UUID afterId, int limit) {
		BoundStatement statement = (afterTime != null)
				? this.selectOrdersNextPage.bind(userId, afterTime, afterId, limit)
				: this.selectOrdersFirstPage.bind(userId, limit);
		return Flux.from(this.session.executeReactive(read(statement)))
			.map((row) -> new OrdersByUserRow(row.getUuid("user_id"), row.getInstant("order_time"),
					row.getUuid("order_id"), OrderStatus.valueOf(row.getString("status")), row.getBigDecimal("total"),
					row.getInt("item_count"), row.get("shipping_address", ShippingAddress.class)));
	}

	/**
	 * A user's address.
	 * @param userId the user
	 * @return the row, or empty when they never set one
	 */
	@ServesQuery("Q7")
	Mono<UsersByIdRow> findUser(UUID userId) {
		return Mono.from(this.session.executeReactive(read(this.selectUser.bind(userId)))).map(UserRepository::toUser);
	}

	/**
	 * A user's address as Paxos sees it, after a transaction did not apply.
	 * @param userId the user
	 * @return the row, or empty
	 */
	@ServesQuery("Q7")
	Mono<UsersByIdRow> findUserLinearizable(UUID userId) {
		return Mono
			.from(this.session.executeReactive(
					this.selectUser.bind(userId).setConsistencyLevel(ConsistencyLevel.SERIAL).setIdempotent(true)))
			.map(UserRepository::toUser);
	}

	/**
	 * Stores a user's first address unless they have one.
	 * @param user the row, version 1
	 * @return whether it applied
	 */
	Mono<Boolean> insertUserIfNotExists(UsersByIdRow user) {
		return LightweightTransactions
			.execute(this.session,
					transaction(this.insertUser.bind(user.userId(), user.shippingAddress(), user.addressVersion(),
							user.addressChangedAt())))
			.map(ReactiveRow::wasApplied);
	}

	/**
	 * Changes a user's address if nobody changed it since it was read.
	 * @param current the row read
	 * @param next the row to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetAddress(UsersByIdRow current, UsersByIdRow next) {
		return LightweightTransactions
			.execute(this.session,
					transaction(this.updateUserAddress.bind(next.shippingAddress(), next.addressVersion(),
							next.addressChangedAt(), next.userId(), current.addressVersion())))
			.map(ReactiveRow::wasApplied);
	}

	/**
	 * A user's open orders: a handful of rows (orders leave when they ship or are
	 * cancelled), fetched in driver pages.
	 * @param userId the user
	 * @return the open orders
	 */
	@ServesQuery("Q8")
	Flux<OpenOrdersByUserRow> findOpenOrders(UUID userId) {
		return Flux.from(this.session.executeReactive(read(this.selectOpenOrders.bind(userId).setPageSize(100))))
			.map((row) -> new OpenOrdersByUserRow(row.getUuid("user_id"), row.getUuid("order_id"),
					row.getInstant("order_time")));
	}

	BoundStatement insertOrder(OrdersByIdRow order) {
		return this.insertOrder
			.bind(order.userId(), order.orderTime(), order.orderId(), order.status().name(), order.total(),
					order.items().size(), order.shippingAddress())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	BoundStatement insertOpenOrder(OrdersByIdRow order) {
		return this.insertOpenOrder.bind(order.userId(), order.orderId(), order.orderTime())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	BoundStatement deleteOpenOrder(OrdersByIdRow order) {
		return this.deleteOpenOrder.bind(order.userId(), order.orderId())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	private static BoundStatement read(BoundStatement statement) {
		return statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true);
	}

	private static BoundStatement transaction(BoundStatement statement) {
		return statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
	}

	private static UsersByIdRow toUser(Row row) {
		return new UsersByIdRow(row.getUuid("user_id"), row.get("shipping_address", ShippingAddress.class),
				row.getLong("address_version"), row.getInstant("address_changed_at"));
	}

}
