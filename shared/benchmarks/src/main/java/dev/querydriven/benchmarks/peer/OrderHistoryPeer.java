package dev.querydriven.benchmarks.peer;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.fasterxml.jackson.annotation.JsonFormat;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * ecommerce-orders' order history, {@code GET /users/{userId}/orders}: a user's orders,
 * newest first, for that user alone. One statement, the one the service's repository runs
 * for a first page: the partition read to its {@code LIMIT}, at {@code LOCAL_QUORUM}
 * (orders are a ledger: a user sees the order they just placed).
 */
final class OrderHistoryPeer {

	/** The workload this peer serves. */
	static final String WORKLOAD = "ecommerce-orders/order-history";

	/** The service's first-page text, character for character. */
	static final String FIRST_PAGE = "SELECT * FROM orders_by_user WHERE user_id = ? LIMIT ?";

	private static final int DEFAULT_LIMIT = 20;

	private static final int MAX_LIMIT = 100;

	private final CqlSession session;

	private final PreparedStatement firstPage;

	private final BearerTokens tokens;

	private final CursorSigner cursors;

	/**
	 * Prepares the statement once, with the consistency and idempotence its bound
	 * statements inherit: nothing is set per request.
	 * @param session the session, in the service's keyspace
	 * @param tokens checks the callers' tokens
	 * @param cursors signs the cursor of a full page
	 */
	OrderHistoryPeer(CqlSession session, BearerTokens tokens, CursorSigner cursors) {
		this.session = session;
		this.tokens = tokens;
		this.cursors = cursors;
		this.firstPage = session.prepare(SimpleStatement.newInstance(FIRST_PAGE)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setIdempotent(true));
	}

	/**
	 * The route.
	 * @return {@code GET /users/{userId}/orders}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.GET("/users/{userId}/orders"),
				(request) -> this.tokens.signedIn(request, (jwt) -> orders(request, jwt)));
	}

	private Mono<ServerResponse> orders(ServerRequest request, Jwt jwt) {
		String userText = request.pathVariable("userId");
		// The owner check comes before the parameters are read, as the services' security
		// filter runs before their controllers.
		if (!BearerTokens.owns(jwt, userText)) {
			return Problem.forbidden();
		}
		UUID userId;
		int limit;
		try {
			userId = Parameters.uuid("userId", userText);
			limit = Parameters.intParameter(request, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
			Parameters.firstPageOnly(request);
		}
		catch (Parameters.Invalid ex) {
			return ex.response();
		}
		return Mono.fromCompletionStage(() -> this.session.executeAsync(this.firstPage.bind(userId, limit)))
			.flatMap((rows) -> ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(page(userId, rows, limit)));
	}

	/**
	 * The page: every row the statement returned (its {@code LIMIT} keeps them within the
	 * driver's first page), and a cursor when the page is full, as the service decides it
	 * (a full page may have a next one).
	 */
	private Page<Order> page(UUID userId, AsyncResultSet rows, int limit) {
		List<Order> orders = new ArrayList<>(rows.remaining());
		for (Row row : rows.currentPage()) {
			orders.add(Order.of(row));
		}
		String next = null;
		if (orders.size() == limit) {
			// The driver has no paging state to offer here: the node stops at the LIMIT
			// and reports the read complete. The position is the service's, the last
			// row's clustering key (order time, order id), where a next page would
			// continue.
			Order last = orders.get(orders.size() - 1);
			next = this.cursors.sign("user-orders:" + userId, CursorSigner.position(last.orderTime().toEpochMilli(),
					last.orderId().getMostSignificantBits(), last.orderId().getLeastSignificantBits()));
		}
		return new Page<>(orders, next);
	}

	/**
	 * One order as the service answers it (its {@code UserOrderResponse}): the total a
	 * decimal string, the status its name.
	 *
	 * @param orderId the order
	 * @param orderTime when it was placed
	 * @param status its status
	 * @param total its total
	 * @param itemCount how many lines
	 * @param shippingAddress where it goes
	 */
	record Order(UUID orderId, Instant orderTime, String status,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal total, int itemCount, Address shippingAddress) {

		/**
		 * Reads a row column by column, as the service's row reader does (an absent item
		 * count reads as 0 there too).
		 * @param row an {@code orders_by_user} row
		 * @return the order
		 */
		static Order of(Row row) {
			UdtValue address = row.getUdtValue("shipping_address");
			return new Order(row.getUuid("order_id"), row.getInstant("order_time"), row.getString("status"),
					row.getBigDecimal("total"), row.getInt("item_count"),
					(address != null) ? new Address(address.getString("street"), address.getString("city"),
							address.getString("postal_code"), address.getString("country")) : null);
		}

	}

	/**
	 * The {@code address} type as the service writes it.
	 *
	 * @param street street and number
	 * @param city the city
	 * @param postalCode the postal code
	 * @param country the country code
	 */
	record Address(String street, String city, String postalCode, String country) {

	}

}
