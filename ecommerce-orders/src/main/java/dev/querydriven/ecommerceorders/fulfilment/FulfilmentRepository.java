package dev.querydriven.ecommerceorders.fulfilment;

import java.time.LocalDate;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

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

	/**
	 * The next page of a day's queue: strictly after the last row read, compared on the
	 * whole clustering key (a tuple comparison, which Spring Data's {@code Criteria}
	 * cannot say), so rows sharing an order time are neither skipped nor repeated.
	 * Catalogued with Q3.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM orders_by_status "
			+ "WHERE status = ? AND day = ? AND (order_time, order_id) > (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	FulfilmentRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
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
		if (after == null) {
			return this.template.select(queue(status, day).limit(limit).queryOptions(READ), OrdersByStatusRow.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(NEXT_PAGE, status.name(), day, after.orderTime(), after.orderId(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return this.template.select(next, OrdersByStatusRow.class);
	}

	/**
	 * Whether a day of a status's queue holds no row (one row read at most).
	 * @param status the queue
	 * @param day the day
	 * @return {@code true} when empty
	 */
	@ServesQuery("Q3")
	Mono<Boolean> isEmpty(OrderStatus status, LocalDate day) {
		return this.template.exists(queue(status, day).queryOptions(READ), OrdersByStatusRow.class).map((any) -> !any);
	}

	/**
	 * A status's watermark.
	 * @param status the queue
	 * @return the row, or an {@link IllegalStateException} when the schema migration that
	 * creates it did not run
	 */
	@ServesQuery("Q4")
	Mono<StatusWatermarksRow> findWatermark(OrderStatus status) {
		return this.template.select(watermark(status).queryOptions(READ), StatusWatermarksRow.class)
			.next()
			.switchIfEmpty(Mono.error(() -> new IllegalStateException(
					"status_watermarks has no row for " + status + ": the schema migration 003 creates it")));
	}

	/**
	 * Replaces a watermark if nobody changed it since it was read
	 * ({@code IF revision = ?}).
	 * @param current the row read
	 * @param next the row to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetWatermark(StatusWatermarksRow current, StatusWatermarksRow next) {
		UpdateOptions options = UpdateOptions.builder()
			.ifCondition(where("revision").is(current.revision()))
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.SERIAL)
			.build();
		Update update = Update.empty()
			.set("oldestDay", next.oldestDay())
			.set("protectedDay", next.protectedDay())
			.set("protectedUntil", next.protectedUntil())
			.set("revision", next.revision());
		return LightweightTransactions.execute(Mono.defer(() -> this.template
			.update(watermark(next.status()).queryOptions(options), update, StatusWatermarksRow.class)));
	}

	/**
	 * The insert of an order's row in the queue of its status (for a dual write).
	 * @param order the order
	 * @param day its day
	 * @return the statement
	 */
	Mono<BoundStatement> insert(OrdersByIdRow order, LocalDate day) {
		return this.statements.insert(OrdersByStatusRow.of(order.status(), day, order), COPY);
	}

	/**
	 * The delete of an order's row from a status's queue (for a dual write).
	 * @param status the queue
	 * @param order the order
	 * @param day its day
	 * @return the statement
	 */
	Mono<BoundStatement> delete(OrderStatus status, OrdersByIdRow order, LocalDate day) {
		return this.statements.delete(OrdersByStatusRow.of(status, day, order), COPY);
	}

	private static Query queue(OrderStatus status, LocalDate day) {
		return Query.query(where("status").is(status), where("day").is(day));
	}

	private static Query watermark(OrderStatus status) {
		return Query.query(where("status").is(status));
	}

}
