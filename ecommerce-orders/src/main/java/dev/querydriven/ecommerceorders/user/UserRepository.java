package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.ecommerceorders.order.AddressValueConverter;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.DeleteOptions;
import org.springframework.data.cassandra.core.EntityWriteResult;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.UpdateOptions;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

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

	/**
	 * The first page, written out rather than built from a {@code Query} on every call:
	 * building the query (mapping the criteria, rendering the CQL) on every request was a
	 * large share of the cost of this, the service's hottest read (the service README,
	 * "What it costs, measured"). The template still prepares it once and maps the rows
	 * to the entity.
	 */
	private static final String FIRST_PAGE = "SELECT * FROM orders_by_user WHERE user_id = ? LIMIT ?";

	/**
	 * The next page of a user's orders: strictly after the last row read, compared on the
	 * whole clustering key, so orders sharing an order time are neither skipped nor
	 * repeated. Spring Data's {@code Criteria} cannot say a tuple comparison; the
	 * template runs this text (prepared once) and maps the rows to the entity. The
	 * catalogue lists it (Q1), and a test checks the two agree.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM orders_by_user "
			+ "WHERE user_id = ? AND (order_time, order_id) < (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final QueryOptions LINEARIZABLE_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.SERIAL)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	private final AddressValueConverter addresses;

	UserRepository(ReactiveCassandraOperations template, EntityStatements statements, AddressValueConverter addresses) {
		this.template = template;
		this.statements = statements;
		this.addresses = addresses;
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
		if (afterTime == null) {
			return this.template.select(SimpleStatement.newInstance(FIRST_PAGE, userId, limit)
				.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
				.setIdempotent(true), OrdersByUserRow.class);
		}
		SimpleStatement next = SimpleStatement.newInstance(NEXT_PAGE, userId, afterTime, afterId, limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return this.template.select(next, OrdersByUserRow.class);
	}

	/**
	 * Every order of a user, for their erasure: the whole history partition, fetched in
	 * driver pages of 100 (a heavy buyer's decade is about a thousand rows).
	 * @param userId the user
	 * @return the ids of their orders, newest first
	 */
	@ServesQuery("Q1")
	Flux<UUID> findOrderIds(UUID userId) {
		QueryOptions paged = QueryOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.idempotent(true)
			.pageSize(100)
			.build();
		return this.template.select(user(userId).queryOptions(paged), OrdersByUserRow.class)
			.map(OrdersByUserRow::orderId);
	}

	/**
	 * A user's address.
	 * @param userId the user
	 * @return the row, or empty when they never set one
	 */
	@ServesQuery("Q7")
	Mono<UsersByIdRow> findUser(UUID userId) {
		return this.template.select(user(userId).queryOptions(READ), UsersByIdRow.class).next();
	}

	/**
	 * A user's address as Paxos sees it, after a transaction did not apply.
	 * @param userId the user
	 * @return the row, or empty
	 */
	@ServesQuery("Q7")
	Mono<UsersByIdRow> findUserLinearizable(UUID userId) {
		return this.template.select(user(userId).queryOptions(LINEARIZABLE_READ), UsersByIdRow.class).next();
	}

	/**
	 * Stores a user's first address unless they have one ({@code IF NOT EXISTS}).
	 * @param user the row, version 1
	 * @return whether it applied
	 */
	Mono<Boolean> insertUserIfNotExists(UsersByIdRow user) {
		InsertOptions options = InsertOptions.builder()
			.withIfNotExists()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.SERIAL)
			.build();
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(user, options)).map(EntityWriteResult::wasApplied));
	}

	/**
	 * Changes a user's address if nobody changed it since it was read
	 * ({@code IF address_version = ?}).
	 * @param current the row read
	 * @param next the row to write
	 * @return whether it applied
	 */
	Mono<Boolean> compareAndSetAddress(UsersByIdRow current, UsersByIdRow next) {
		// An IF condition is not mapped like the query and the update: it names the
		// column and carries the stored value.
		UpdateOptions options = UpdateOptions.builder()
			.ifCondition(where("address_version").is(current.addressVersion()))
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.SERIAL)
			.build();
		// The address as the column's value, converted here: Spring Data's update mapping
		// would walk it field by field and log each field (AddressValueConverter).
		Update update = Update.empty()
			.set("shippingAddress", this.addresses.toUdtValue(next.shippingAddress()))
			.set("addressVersion", next.addressVersion())
			.set("addressChangedAt", next.addressChangedAt());
		return LightweightTransactions.execute(Mono
			.defer(() -> this.template.update(user(next.userId()).queryOptions(options), update, UsersByIdRow.class)));
	}

	/**
	 * Removes a user's address row ({@code DELETE ... IF EXISTS}). A lightweight
	 * transaction, as every write of {@code users_by_id}: a plain delete carries a client
	 * timestamp, which does not serialise with the Paxos ballots of the address changes,
	 * so it could be overtaken by one that began before it, or delete one that came
	 * after.
	 * @param userId the user
	 * @return whether a row was there
	 */
	Mono<Boolean> deleteUser(UUID userId) {
		DeleteOptions options = DeleteOptions.builder()
			.withIfExists()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.SERIAL)
			.build();
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.delete(user(userId).queryOptions(options), UsersByIdRow.class)));
	}

	/**
	 * A user's open orders: a handful of rows (orders leave when they ship or are
	 * cancelled), fetched in driver pages of 100.
	 * @param userId the user
	 * @return the open orders
	 */
	@ServesQuery("Q8")
	Flux<OpenOrdersByUserRow> findOpenOrders(UUID userId) {
		QueryOptions paged = QueryOptions.builder()
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.idempotent(true)
			.pageSize(100)
			.build();
		return this.template.select(Query.query(where("userId").is(userId)).queryOptions(paged),
				OpenOrdersByUserRow.class);
	}

	/**
	 * The copy of an order in its user's history (for a dual write).
	 * @param order the order's current version
	 * @return the statement
	 */
	Mono<BoundStatement> insertOrder(OrdersByIdRow order) {
		return this.statements.insert(OrdersByUserRow.of(order), COPY);
	}

	/**
	 * The order among its user's open orders (for a dual write).
	 * @param order the order
	 * @return the statement
	 */
	Mono<BoundStatement> insertOpenOrder(OrdersByIdRow order) {
		return this.statements.insert(OpenOrdersByUserRow.of(order), COPY);
	}

	/**
	 * The order no longer among its user's open orders (for a dual write).
	 * @param order the order
	 * @return the statement
	 */
	Mono<BoundStatement> deleteOpenOrder(OrdersByIdRow order) {
		return this.statements.delete(OpenOrdersByUserRow.of(order), COPY);
	}

	private static Query user(UUID userId) {
		return Query.query(where("userId").is(userId));
	}

}
