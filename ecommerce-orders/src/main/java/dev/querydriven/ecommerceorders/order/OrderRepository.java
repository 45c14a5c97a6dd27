package dev.querydriven.ecommerceorders.order;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.EntityWriteResult;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.query.Filter;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

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
 * finishes any transaction still in flight and sees the winner. Transactions are never
 * marked idempotent: only {@link LightweightTransactions} retries them, deliberately,
 * when their outcome is unknown.
 */
@Repository
class OrderRepository {

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final QueryOptions LINEARIZABLE_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.SERIAL)
		.idempotent(true)
		.build();

	private final ReactiveCassandraOperations template;

	private final AddressValueConverter addresses;

	OrderRepository(ReactiveCassandraOperations template, AddressValueConverter addresses) {
		this.template = template;
		this.addresses = addresses;
	}

	/**
	 * An order's committed state.
	 * @param orderId the order
	 * @return the row, or empty
	 */
	@ServesQuery("Q2")
	Mono<OrdersByIdRow> findById(UUID orderId) {
		return this.template.select(query(orderId).queryOptions(READ), OrdersByIdRow.class).next();
	}

	/**
	 * An order's state as Paxos sees it: completes any transaction in flight first. Used
	 * to find out what happened when a transaction did not apply.
	 * @param orderId the order
	 * @return the row, or empty
	 */
	@ServesQuery("Q2")
	Mono<OrdersByIdRow> findByIdLinearizable(UUID orderId) {
		return this.template.select(query(orderId).queryOptions(LINEARIZABLE_READ), OrdersByIdRow.class).next();
	}

	/**
	 * Places an order unless one with its id exists ({@code INSERT ... IF NOT EXISTS}).
	 * @param order the order, version 1
	 * @return whether it was placed; when not, read the order at {@code SERIAL} to see
	 * what is there
	 */
	Mono<Boolean> insertIfNotExists(OrdersByIdRow order) {
		InsertOptions options = InsertOptions.builder()
			.withIfNotExists()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.SERIAL)
			.build();
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(order, options)).map(EntityWriteResult::wasApplied));
	}

	/**
	 * Moves an order to its next status if nobody changed it since it was read
	 * ({@code UPDATE ... IF status = ? AND version = ?}).
	 * @param current the state read
	 * @param next the state to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetStatus(OrdersByIdRow current, OrdersByIdRow next) {
		Update update = Update.empty()
			.set("status", next.status())
			.set("version", next.version())
			.set("operations", next.operations())
			.set("updatedAt", next.updatedAt());
		// Spring Data maps the names and values of a query and an update to their
		// columns, but not those of an IF condition: the condition names the column and
		// carries the stored value (the enum's name).
		return transaction(next.orderId(), update,
				Filter.from(where("status").is(current.status().name()), where("version").is(current.version())));
	}

	/**
	 * Gives an open order another shipping address if nobody changed it since it was read
	 * ({@code UPDATE ... IF status IN ('PENDING', 'PAID') AND version = ?}): the status
	 * condition closes the race with shipping, so no address change ever applies to an
	 * order that has shipped.
	 * @param current the state read
	 * @param next the state to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetAddress(OrdersByIdRow current, OrdersByIdRow next) {
		// The address as the column's value, converted here: Spring Data's update mapping
		// would walk it field by field and log each field (AddressValueConverter).
		Update update = Update.empty()
			.set("shippingAddress", this.addresses.toUdtValue(next.shippingAddress()))
			.set("addressVersion", next.addressVersion())
			.set("version", next.version())
			.set("operations", next.operations())
			.set("updatedAt", next.updatedAt());
		return transaction(next.orderId(), update,
				Filter.from(where("status").in(OrderStatus.PENDING.name(), OrderStatus.PAID.name()),
						where("version").is(current.version())));
	}

	/**
	 * Anonymises an order's shipping address if nobody changed the order since it was
	 * read ({@code UPDATE ... IF version = ?}), whatever its status: an erasure reaches
	 * shipped and delivered orders too. A lightweight transaction like every write here,
	 * so that it serialises with the status and address changes it may race.
	 * @param current the state read
	 * @param next the state to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetErasure(OrdersByIdRow current, OrdersByIdRow next) {
		Update update = Update.empty()
			.set("shippingAddress", this.addresses.toUdtValue(next.shippingAddress()))
			.set("placementDigest", next.placementDigest())
			.set("version", next.version())
			.set("operations", next.operations())
			.set("updatedAt", next.updatedAt());
		return transaction(next.orderId(), update, Filter.from(where("version").is(current.version())));
	}

	private Mono<Boolean> transaction(UUID orderId, Update update, Filter condition) {
		UpdateOptions options = UpdateOptions.builder()
			.ifCondition(condition)
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.SERIAL)
			.build();
		return LightweightTransactions.execute(Mono
			.defer(() -> this.template.update(query(orderId).queryOptions(options), update, OrdersByIdRow.class)));
	}

	private static Query query(UUID orderId) {
		return Query.query(where("orderId").is(orderId));
	}

}
