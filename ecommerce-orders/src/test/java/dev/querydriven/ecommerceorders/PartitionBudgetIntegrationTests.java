package dev.querydriven.ecommerceorders;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.querydriven.ecommerceorders.fulfilment.FulfilmentProperties;
import dev.querydriven.ecommerceorders.fulfilment.QueueWatermarks;
import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.modelcheck.harness.PartitionBudgets;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.RequestPartitions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Partitions per request: every route driven to its worst case, counting the distinct
 * partitions the request really read with the statement recorder, held against the
 * catalogue's {@code routeBudgets()}; every route the application serves has a budget;
 * and the README's "Partitions per request" table shows the declarations and these
 * measurements (regenerate it with {@code -Dquerydriven.update-generated=true}).
 *
 * <p>
 * The worst cases need closed days (a copy written into a day whose write window has
 * passed reads the status's watermark): orders are placed through the service with the
 * clock set fifty days back, where no other test's orders are, then cancelled, and the
 * clock and the watermarks put back after each test.
 */
@EcommerceOrdersIntegrationTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionBudgetIntegrationTests {

	private static final PartitionBudgets BUDGETS = PartitionBudgets.of(new EcommerceOrdersQueryCatalog());

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private OrderService orders;

	@Autowired
	private QueueWatermarks watermarks;

	@Autowired
	private FulfilmentProperties properties;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CqlSession session;

	@Autowired
	private ApplicationContext context;

	private Instant start;

	@BeforeEach
	void rememberTheClock() {
		this.start = this.clock.instant();
	}

	/**
	 * Tests move the clock days back; the clock is the whole context's, so it goes back
	 * to where it stood.
	 */
	@AfterEach
	void restoreTheClock() {
		this.clock.setInstant(this.start);
	}

	/** Reading an order reads its one partition. */
	@Test
	void readingAnOrderReadsItsPartition() {
		UUID userId = UUID.randomUUID();
		UUID orderId = this.orders.place(TestOrders.order(userId)).block().order().orderId();
		measure("GET /orders/{orderId}",
				() -> as(userId).get().uri("/orders/{id}", orderId).exchange().expectStatus().isOk());
	}

	/**
	 * A client's retry of a placement whose day has closed, with an
	 * {@code Idempotency-Key}, reads the key's claim (a transaction), the order (its
	 * transaction, then the order as Paxos sees it) and the PENDING watermark before
	 * rewriting the queue copy into that day.
	 */
	@Test
	void retriedPlacementReadsTheOrderAndTheWatermark() {
		NewOrder order = TestOrders.order(UUID.randomUUID());
		placeOrdersDaysAgo(List.of(order), false);
		try {
			measure("POST /orders",
					() -> as(order.userId()).post()
						.uri("/orders")
						.header("Idempotency-Key", UUID.randomUUID().toString())
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue(json(order))
						.exchange()
						.expectStatus()
						.isOk());
		}
		finally {
			cancel(List.of(order));
		}
	}

	/**
	 * A status change reads the order (then changes it by transaction, the same
	 * partition) and, for an order of a closed day, the new status's watermark.
	 */
	@Test
	void statusChangeReadsTheOrderAndTheWatermark() {
		NewOrder order = TestOrders.order(UUID.randomUUID());
		placeOrdersDaysAgo(List.of(order), false);
		try {
			measure("POST /orders/{orderId}/status",
					() -> staff().post()
						.uri("/orders/{id}/status", order.orderId())
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue("{\"status\": \"PAID\"}")
						.exchange()
						.expectStatus()
						.isOk());
		}
		finally {
			cancel(List.of(order));
		}
	}

	/**
	 * A page of the fulfilment queue whose oldest open order is a week old, read a minute
	 * before midnight, walks the watermark and every day from that order's to tomorrow.
	 * It runs fifty days in the past, where no other test's orders fill the page;
	 * afterwards the order is cancelled and the watermark moved back up.
	 */
	@Test
	void queuePageWalksEveryDayFromTheOldestOpenOrder() {
		Instant minuteBeforeMidnight = LocalDate.ofInstant(this.start, ZoneOffset.UTC)
			.minusDays(50)
			.atStartOfDay(ZoneOffset.UTC)
			.toInstant()
			.minusSeconds(60);
		this.clock.setInstant(minuteBeforeMidnight);
		UUID orderId = this.orders
			.place(TestOrders.order(UUID.randomUUID()),
					minuteBeforeMidnight.minus(Duration.ofDays(EcommerceOrdersQueryCatalog.OPEN_ORDER_DAYS)))
			.block()
			.order()
			.orderId();
		try {
			measure("GET /orders",
					() -> staff().get().uri("/orders?status=PENDING&limit=100").exchange().expectStatus().isOk());
		}
		finally {
			this.orders.changeStatus(orderId, OrderStatus.CANCELLED, null).block();
			this.clock.setInstant(this.start);
			this.watermarks.advance(OrderStatus.PENDING, this.start.plus(this.properties.writeWindow().multipliedBy(2)))
				.block();
		}
	}

	/** A page of a user's orders reads the user's one history partition. */
	@Test
	void userOrdersReadOnePartition() {
		UUID userId = UUID.randomUUID();
		this.orders.place(TestOrders.order(userId)).block();
		measure("GET /users/{userId}/orders",
				() -> as(userId).get().uri("/users/{id}/orders", userId).exchange().expectStatus().isOk());
	}

	/** A user's shipping address is one partition. */
	@Test
	void shippingAddressReadsOnePartition() {
		UUID userId = UUID.randomUUID();
		changeAddress(userId, "Hauptstrasse 1");
		measure("GET /users/{userId}/shipping-address",
				() -> as(userId).get().uri("/users/{id}/shipping-address", userId).exchange().expectStatus().isOk());
	}

	/**
	 * An address change reads the user's address and open orders, then each open order
	 * (as many as the catalogue declares a user may have), and the watermarks of both
	 * open statuses: the price of copying the address into every open order.
	 */
	@Test
	void addressChangeReadsEveryOpenOrder() {
		UUID userId = UUID.randomUUID();
		List<NewOrder> open = new ArrayList<>();
		for (int i = 0; i < EcommerceOrdersQueryCatalog.OPEN_ORDERS_PER_USER; i++) {
			open.add(TestOrders.order(userId));
		}
		placeOrdersDaysAgo(open, true);
		try {
			measure("PUT /users/{userId}/shipping-address", () -> changeAddress(userId, "Bahnhofstrasse 2"));
		}
		finally {
			cancel(open);
		}
	}

	/**
	 * An erasure reads the user's address (its transaction), history and open orders,
	 * every order of a heavy buyer's history (the catalogue's thousand), and the
	 * watermarks of the three queues in which three of them still wait, in a closed day.
	 * Those three are placed through the service; the rest of the history, delivered
	 * orders, is written as the service writes it, directly: placing and delivering a
	 * thousand orders would take minutes.
	 */
	@Test
	void erasureReadsEveryOrderOfTheUser() {
		UUID userId = UUID.randomUUID();
		List<NewOrder> queued = List.of(TestOrders.order(userId), TestOrders.order(userId), TestOrders.order(userId));
		Instant noon = LocalDate.ofInstant(this.start, ZoneOffset.UTC)
			.minusDays(50)
			.atTime(12, 0)
			.toInstant(ZoneOffset.UTC);
		this.clock.setInstant(noon);
		queued.forEach((order) -> this.orders.place(order).block());
		this.orders.changeStatus(queued.get(1).orderId(), OrderStatus.PAID, null).block();
		this.orders.changeStatus(queued.get(2).orderId(), OrderStatus.PAID, null).block();
		this.orders.changeStatus(queued.get(2).orderId(), OrderStatus.SHIPPED, null).block();
		writeDeliveredOrders(userId, EcommerceOrdersQueryCatalog.ORDERS_PER_USER - queued.size(),
				noon.minus(Duration.ofDays(1)));
		this.clock.add(Duration.ofDays(1));
		try {
			measure("DELETE /users/{userId}",
					() -> as(userId).delete().uri("/users/{id}", userId).exchange().expectStatus().isNoContent());
		}
		finally {
			this.orders.changeStatus(queued.get(0).orderId(), OrderStatus.CANCELLED, null).block();
			this.orders.changeStatus(queued.get(1).orderId(), OrderStatus.CANCELLED, null).block();
			this.orders.changeStatus(queued.get(2).orderId(), OrderStatus.DELIVERED, null).block();
			this.clock.setInstant(this.start);
			Instant later = this.start.plus(this.properties.writeWindow().multipliedBy(2));
			for (OrderStatus status : List.of(OrderStatus.PENDING, OrderStatus.PAID, OrderStatus.SHIPPED)) {
				this.watermarks.advance(status, later).block();
			}
		}
	}

	/**
	 * Writes delivered orders of a user, one a minute back from a moment, as the service
	 * leaves them: the order by lightweight transaction (the only way that table is
	 * written) and its copy in the user's history with the version's timestamp. Delivered
	 * orders have no other copy that holds the address, and no queue row.
	 */
	private void writeDeliveredOrders(UUID userId, int count, Instant latest) {
		String address = "{street: 'Hauptstrasse 1', city: 'Berlin', postal_code: '10115', country: 'DE'}";
		PreparedStatement order = this.session.prepare("INSERT INTO orders_by_id (order_id, user_id, order_time, "
				+ "status, items, total, shipping_address, address_version, version, placement_digest, operations, "
				+ "updated_at) VALUES (?, ?, ?, 'DELIVERED', [{product_id: " + UUID.randomUUID()
				+ ", name: 'Filter', quantity: 1, unit_price: 4.95}], 4.95, " + address
				+ ", 0, 4, 'written by the test', [], ?) IF NOT EXISTS");
		PreparedStatement copy = this.session.prepare("INSERT INTO orders_by_user (user_id, order_time, order_id, "
				+ "status, total, item_count, shipping_address) VALUES (?, ?, ?, 'DELIVERED', 4.95, 1, " + address
				+ ") USING TIMESTAMP ?");
		Flux.range(0, count).flatMap((i) -> {
			UUID orderId = UUID.randomUUID();
			Instant orderTime = latest.minus(Duration.ofMinutes(i));
			return Mono
				.fromCompletionStage(() -> this.session.executeAsync(order.bind(orderId, userId, orderTime, orderTime)))
				.then(Mono.fromCompletionStage(() -> this.session
					.executeAsync(copy.bind(userId, orderTime, orderId, orderTime.toEpochMilli() * 1000 + 4))));
		}, 32).blockLast();
	}

	/**
	 * A page of a product sold once a month in each of the months kept walks every one of
	 * them, after the product's list of months. The rows are written as the service
	 * writes them, directly: placing five years of orders would move the queues'
	 * watermarks five years back.
	 */
	@Test
	void productPageWalksEveryMonthKept() {
		UUID productId = UUID.randomUUID();
		PreparedStatement line = this.session.prepare("INSERT INTO orders_by_product (product_id, month, order_time, "
				+ "order_id, user_id, status, quantity, unit_price) VALUES (?, ?, ?, ?, ?, 'DELIVERED', 1, ?)");
		PreparedStatement month = this.session
			.prepare("INSERT INTO product_order_months (product_id, month) VALUES (?, ?)");
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < EcommerceOrdersQueryCatalog.MONTHS_KEPT; i++) {
			Instant orderTime = now.atZone(ZoneOffset.UTC).minusMonths(i).toInstant();
			String key = Bucket.of(BucketGranularity.MONTH, orderTime).key();
			this.session.execute(
					line.bind(productId, key, orderTime, UUID.randomUUID(), UUID.randomUUID(), new BigDecimal("9.90")));
			this.session.execute(month.bind(productId, key));
		}
		measure("GET /products/{productId}/orders",
				() -> staff().get().uri("/products/{id}/orders?limit=100", productId).exchange().expectStatus().isOk());
	}

	/**
	 * Every route the application serves has a partition budget, and every budget names a
	 * route it serves.
	 */
	@Test
	void everyRouteHasABudget() {
		BUDGETS.verifyRoutes(RequestPartitions.routes(this.context, "dev.querydriven.ecommerceorders"));
	}

	/**
	 * The README's "Partitions per request" table shows every route's budget, worst case
	 * and what the tests above measured (runs last).
	 */
	@Test
	@Order(Integer.MAX_VALUE)
	void readmeShowsEveryRouteAsMeasured() {
		BUDGETS.verifyReadme(Path.of("README.md"));
	}

	private void measure(String route, Runnable request) {
		BUDGETS.measured(route, RequestPartitions.read(this.recorder, route, request));
	}

	/**
	 * Places orders at noon fifty days ago (before any other test's orders) (half of them
	 * paid when {@code payHalf}), then moves the clock a day on: their day has closed,
	 * and it is older than every queue's watermark, so no watermark row or protection a
	 * writer cached covers it, and the next copy into that day reads the watermark.
	 */
	private void placeOrdersDaysAgo(List<NewOrder> placed, boolean payHalf) {
		Instant noon = LocalDate.ofInstant(this.start, ZoneOffset.UTC)
			.minusDays(50)
			.atTime(12, 0)
			.toInstant(ZoneOffset.UTC);
		this.clock.setInstant(noon);
		for (int i = 0; i < placed.size(); i++) {
			this.orders.place(placed.get(i)).block();
			if (payHalf && i % 2 == 1) {
				this.orders.changeStatus(placed.get(i).orderId(), OrderStatus.PAID, null).block();
			}
		}
		this.clock.add(Duration.ofDays(1));
	}

	/**
	 * Cancels a test's orders (they leave the queues), then moves the clock back and the
	 * open statuses' watermarks forward again, past the emptied days.
	 */
	private void cancel(List<NewOrder> placed) {
		placed.forEach((order) -> this.orders.changeStatus(order.orderId(), OrderStatus.CANCELLED, null).block());
		this.clock.setInstant(this.start);
		Instant later = this.start.plus(this.properties.writeWindow().multipliedBy(2));
		this.watermarks.advance(OrderStatus.PENDING, later).block();
		this.watermarks.advance(OrderStatus.PAID, later).block();
	}

	private void changeAddress(UUID userId, String street) {
		as(userId).put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("""
					{"street": "%s", "city": "Berlin", "postalCode": "10115", "country": "DE"}
					""".formatted(street))
			.exchange()
			.expectStatus()
			.isOk();
	}

	private WebTestClient as(UUID userId) {
		return this.client.mutateWith(this.callers.as(userId));
	}

	private WebTestClient staff() {
		return this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF));
	}

	/** The request body of an order (its user is the caller's token's). */
	private static String json(NewOrder order) {
		List<String> items = new ArrayList<>();
		for (OrderItem item : order.items()) {
			items.add("""
					{"productId": "%s", "name": "%s", "quantity": %d, "unitPrice": "%s"}""".formatted(item.productId(),
					item.name(), item.quantity(), item.unitPrice().toPlainString()));
		}
		return """
				{"orderId": "%s", "items": [%s],
				 "shippingAddress": {"street": "%s", "city": "%s", "postalCode": "%s", "country": "%s"}}
				""".formatted(order.orderId(), String.join(", ", items), order.shippingAddress().street(),
				order.shippingAddress().city(), order.shippingAddress().postalCode(),
				order.shippingAddress().country());
	}

}
