package dev.querydriven.ecommerceorders.order;

import java.util.List;
import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * {@code orders_by_id}, the source of truth. Reads restrict the full primary key; writes
 * are lightweight transactions only: Paxos orders its writes by ballot, a plain write
 * carries a client timestamp, and the two do not serialise with each other, so mixing
 * them on the same cells could let a plain write silently undo a transaction.
 *
 * <p>
 * Consistency: reads use {@code LOCAL_QUORUM} (orders are a ledger: a read must see every
 * committed transaction, and a transaction commits at {@code LOCAL_QUORUM}); the
 * transactions use {@code SERIAL} for Paxos, so that two data centres changing the same
 * order still agree on one winner ({@code LOCAL_SERIAL} would be enough if each order
 * were only ever written from one data centre), and commit at {@code LOCAL_QUORUM}. The
 * linearizable read ({@code SERIAL}) resolves a transaction that did not apply: it
 * finishes any transaction still in flight and sees the winner.
 */
@Repository
class OrderRepository {

	private static final String COLUMNS = "order_id, user_id, order_time, status, items, total, shipping_address, "
			+ "address_version, version, placement_digest, operations, updated_at";

	private final CqlSession session;

	private final PreparedStatement selectById;

	private final PreparedStatement insertIfNotExists;

	private final PreparedStatement updateStatus;

	private final PreparedStatement updateAddress;

	OrderRepository(CqlSession session, OrderCodecs codecs) {
		this.session = session;
		this.selectById = session.prepare("SELECT " + COLUMNS + " FROM orders_by_id WHERE order_id = ?");
		this.insertIfNotExists = session.prepare(
				"INSERT INTO orders_by_id (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS");
		this.updateStatus = session.prepare("UPDATE orders_by_id SET status = ?, version = ?, operations = ?, "
				+ "updated_at = ? WHERE order_id = ? IF status = ? AND version = ?");
		// IF status IN (...) closes the race with shipping: once the order has shipped,
		// no
		// address change applies to it any more.
		this.updateAddress = session.prepare("UPDATE orders_by_id SET shipping_address = ?, address_version = ?, "
				+ "version = ?, operations = ?, updated_at = ? WHERE order_id = ? "
				+ "IF status IN ('PENDING', 'PAID') AND version = ?");
	}

	/**
	 * An order's committed state.
	 * @param orderId the order
	 * @return the row, or empty
	 */
	@ServesQuery("Q2")
	Mono<OrdersByIdRow> findById(UUID orderId) {
		return Mono.from(this.session.executeReactive(
				this.selectById.bind(orderId).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true)))
			.map(OrderRepository::toRow);
	}

	/**
	 * An order's state as Paxos sees it: completes any transaction in flight first. Used
	 * to find out what happened when a transaction did not apply.
	 * @param orderId the order
	 * @return the row, or empty
	 */
	@ServesQuery("Q2")
	Mono<OrdersByIdRow> findByIdLinearizable(UUID orderId) {
		return Mono
			.from(this.session.executeReactive(
					this.selectById.bind(orderId).setConsistencyLevel(ConsistencyLevel.SERIAL).setIdempotent(true)))
			.map(OrderRepository::toRow);
	}

	/**
	 * Places an order unless one with its id exists.
	 * @param order the order, version 1
	 * @return empty when placed, else the order already there
	 */
	Mono<OrdersByIdRow> insertIfNotExists(OrdersByIdRow order) {
		return LightweightTransactions.execute(this.session,
				transaction(this.insertIfNotExists.bind(order.orderId(), order.userId(), order.orderTime(),
						order.status().name(), order.items(), order.total(), order.shippingAddress(),
						order.addressVersion(), order.version(), order.placementDigest(), order.operations(),
						order.updatedAt())))
			.filter((row) -> !row.wasApplied())
			.map(OrderRepository::toRow);
	}

	/**
	 * Moves an order to its next status if nobody changed it since it was read.
	 * @param current the state read
	 * @param next the state to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetStatus(OrdersByIdRow current, OrdersByIdRow next) {
		return LightweightTransactions
			.execute(this.session,
					transaction(this.updateStatus.bind(next.status().name(), next.version(), next.operations(),
							next.updatedAt(), next.orderId(), current.status().name(), current.version())))
			.map(ReactiveRow::wasApplied);
	}

	/**
	 * Gives an open order another shipping address if nobody changed it since it was
	 * read.
	 * @param current the state read
	 * @param next the state to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetAddress(OrdersByIdRow current, OrdersByIdRow next) {
		return LightweightTransactions
			.execute(this.session,
					transaction(this.updateAddress.bind(next.shippingAddress(), next.addressVersion(), next.version(),
							next.operations(), next.updatedAt(), next.orderId(), current.version())))
			.map(ReactiveRow::wasApplied);
	}

	private static BoundStatement transaction(BoundStatement statement) {
		return statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
	}

	private static OrdersByIdRow toRow(Row row) {
		List<OrderOperation> operations = row.getList("operations", OrderOperation.class);
		return new OrdersByIdRow(row.getUuid("order_id"), row.getUuid("user_id"), row.getInstant("order_time"),
				OrderStatus.valueOf(row.getString("status")), row.getList("items", OrderItem.class),
				row.getBigDecimal("total"), row.get("shipping_address", ShippingAddress.class),
				row.getLong("address_version"), row.getLong("version"), row.getString("placement_digest"),
				(operations != null) ? operations : List.of(), row.getInstant("updated_at"));
	}

}
