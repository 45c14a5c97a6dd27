package dev.querydriven.ecommerceorders.product;

import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.spring.EntityStatements;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

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

	/**
	 * The next page of a product's month: strictly after the last row read, compared on
	 * the whole clustering key (a tuple comparison, which Spring Data's {@code Criteria}
	 * cannot say). Catalogued with Q5.
	 */
	private static final String NEXT_PAGE = "SELECT * FROM orders_by_product "
			+ "WHERE product_id = ? AND month = ? AND (order_time, order_id) < (?, ?) LIMIT ?";

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final WriteOptions COPY = WriteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.build();

	private final ReactiveCassandraOperations template;

	private final EntityStatements statements;

	ProductOrderRepository(ReactiveCassandraOperations template, EntityStatements statements) {
		this.template = template;
		this.statements = statements;
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
		if (after == null) {
			return this.template.select(Query.query(where("productId").is(productId), where("month").is(month))
				.limit(limit)
				.queryOptions(READ), OrdersByProductRow.class);
		}
		SimpleStatement next = SimpleStatement
			.newInstance(NEXT_PAGE, productId, month, after.orderTime(), after.orderId(), limit)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true);
		return this.template.select(next, OrdersByProductRow.class);
	}

	/**
	 * The months in which a product was ordered, newest first: at most twelve a year.
	 * @param productId the product
	 * @return the month keys
	 */
	@ServesQuery("Q6")
	Flux<String> findMonths(UUID productId) {
		return this.template
			.select(Query.query(where("productId").is(productId)).queryOptions(READ), ProductOrderMonthsRow.class)
			.map(ProductOrderMonthsRow::month);
	}

	/**
	 * The copy of one line of an order (for a dual write).
	 * @param order the order
	 * @param item the line
	 * @param month the order's month
	 * @return the statement
	 */
	Mono<BoundStatement> insert(OrdersByIdRow order, OrderItem item, String month) {
		return this.statements.insert(OrdersByProductRow.of(order, item, month), COPY);
	}

	/**
	 * The month of a line among the product's months (for a dual write).
	 * @param item the line
	 * @param month the order's month
	 * @return the statement
	 */
	Mono<BoundStatement> insertMonth(OrderItem item, String month) {
		return this.statements.insert(new ProductOrderMonthsRow(item.productId(), month), COPY);
	}

}
