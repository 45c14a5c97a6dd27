package dev.querydriven.ecommerceorders.fulfilment;

import java.time.LocalDate;

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
 * {@code orders_by_status} (the queue, one partition per status and day) and
 * {@code status_watermarks} (where each queue starts). Every read restricts the full
 * partition key: one status and one day, or one status.
 *
 * <p>
 * Consistency: {@code LOCAL_QUORUM} for the queue's reads and writes (a quorum read sees
 * every quorum write, so a day that looks empty to the advancer is empty); the
 * watermark's writes are lightweight transactions ({@code SERIAL}: the advancer and the
 * writers of every data centre agree on one order of changes).
 */
@Repository
class FulfilmentRepository {

	private static final String QUEUE_COLUMNS = "status, day, order_time, order_id, user_id, total, item_count, "
			+ "shipping_address";

	private final CqlSession session;

	private final PreparedStatement selectFirstPage;

	private final PreparedStatement selectNextPage;

	private final PreparedStatement selectAnyInDay;

	private final PreparedStatement insert;

	private final PreparedStatement delete;

	private final PreparedStatement selectWatermark;

	private final PreparedStatement updateWatermark;

	FulfilmentRepository(CqlSession session, OrderCodecs codecs) {
		this.session = session;
		this.selectFirstPage = session
			.prepare("SELECT " + QUEUE_COLUMNS + " FROM orders_by_status WHERE status = ? AND day = ? LIMIT ?");
		// Continues strictly after the last row read: a tuple comparison on the whole
		// clustering key, so rows sharing an order time are neither skipped nor repeated.
		this.selectNextPage = session.prepare("SELECT " + QUEUE_COLUMNS + " FROM orders_by_status "
				+ "WHERE status = ? AND day = ? AND (order_time, order_id) > (?, ?) LIMIT ?");
		this.selectAnyInDay = session
			.prepare("SELECT order_id FROM orders_by_status WHERE status = ? AND day = ? LIMIT 1");
		this.insert = session
			.prepare("INSERT INTO orders_by_status (" + QUEUE_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
		this.delete = session
			.prepare("DELETE FROM orders_by_status WHERE status = ? AND day = ? AND order_time = ? AND order_id = ?");
		this.selectWatermark = session.prepare("SELECT status, oldest_day, protected_day, protected_until, revision "
				+ "FROM status_watermarks WHERE status = ?");
		this.updateWatermark = session.prepare("UPDATE status_watermarks SET oldest_day = ?, protected_day = ?, "
				+ "protected_until = ?, revision = ? WHERE status = ? IF revision = ?");
	}

	/**
	 * One day of a status's queue, oldest first.
	 * @param status the queue
	 * @param day the day
	 * @param after the position to continue after, or {@code null}
	 * @param limit the most rows
	 * @return the rows
	 */
	@ServesQuery("Q3")
	Flux<OrdersByStatusRow> findByStatusAndDay(OrderStatus status, LocalDate day, OrdersByStatusRow.QueuePosition after,
			int limit) {
		BoundStatement statement = (after != null)
				? this.selectNextPage.bind(status.name(), day, after.orderTime(), after.orderId(), limit)
				: this.selectFirstPage.bind(status.name(), day, limit);
		return Flux.from(this.session.executeReactive(read(statement))).map(FulfilmentRepository::toQueueRow);
	}

	/**
	 * Whether a day of a status's queue holds no row.
	 * @param status the queue
	 * @param day the day
	 * @return {@code true} when empty
	 */
	@ServesQuery("Q3")
	Mono<Boolean> isEmpty(OrderStatus status, LocalDate day) {
		return Flux.from(this.session.executeReactive(read(this.selectAnyInDay.bind(status.name(), day))))
			.hasElements()
			.map((any) -> !any);
	}

	/**
	 * A status's watermark.
	 * @param status the queue
	 * @return the row, or an {@link IllegalStateException} when the schema migration that
	 * creates it did not run
	 */
	@ServesQuery("Q4")
	Mono<StatusWatermarksRow> findWatermark(OrderStatus status) {
		return Mono.from(this.session.executeReactive(read(this.selectWatermark.bind(status.name()))))
			.map(FulfilmentRepository::toWatermarkRow)
			.switchIfEmpty(Mono.error(() -> new IllegalStateException(
					"status_watermarks has no row for " + status + ": the schema migration 003 creates it")));
	}

	/**
	 * Replaces a watermark if nobody changed it since it was read.
	 * @param current the row read
	 * @param next the row to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetWatermark(StatusWatermarksRow current, StatusWatermarksRow next) {
		return LightweightTransactions
			.execute(this.session,
					this.updateWatermark
						.bind(next.oldestDay(), next.protectedDay(), next.protectedUntil(), next.revision(),
								next.status().name(), current.revision())
						.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
						.setSerialConsistencyLevel(ConsistencyLevel.SERIAL))
			.map(ReactiveRow::wasApplied);
	}

	/**
	 * The insert of an order's row in the queue of its status (for a dual write).
	 * @param order the order
	 * @param day its day
	 * @return the statement
	 */
	BoundStatement insert(OrdersByIdRow order, LocalDate day) {
		return this.insert
			.bind(order.status().name(), day, order.orderTime(), order.orderId(), order.userId(), order.total(),
					order.items().size(), order.shippingAddress())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	/**
	 * The delete of an order's row from a status's queue (for a dual write).
	 * @param status the queue
	 * @param order the order
	 * @param day its day
	 * @return the statement
	 */
	BoundStatement delete(OrderStatus status, OrdersByIdRow order, LocalDate day) {
		return this.delete.bind(status.name(), day, order.orderTime(), order.orderId())
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
	}

	private static BoundStatement read(BoundStatement statement) {
		return statement.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM).setIdempotent(true);
	}

	private static OrdersByStatusRow toQueueRow(Row row) {
		return new OrdersByStatusRow(OrderStatus.valueOf(row.getString("status")), row.getLocalDate("day"),
				row.getInstant("order_time"), row.getUuid("order_id"), row.getUuid("user_id"),
				row.getBigDecimal("total"), row.getInt("item_count"),
				row.get("shipping_address", ShippingAddress.class));
	}

	private static StatusWatermarksRow toWatermarkRow(Row row) {
		return new StatusWatermarksRow(OrderStatus.valueOf(row.getString("status")), row.getLocalDate("oldest_day"),
				row.getLocalDate("protected_day"), row.getInstant("protected_until"), row.getLong("revision"));
	}

}
