package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.ecommerceorders.TestOrders;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.testsupport.Bursts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order's life on a real node: placement, replays, transitions, concurrency and lost
 * answers, with every table checked against {@code orders_by_id} after every write.
 */
@EcommerceOrdersIntegrationTest
class OrderServiceIntegrationTests {

	@Autowired
	private OrderService orders;

	@Autowired
	private OrderRepository repository;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	private OrderTables tables;

	private final UUID userId = UUID.randomUUID();

	@BeforeEach
	void tables() {
		this.tables = new OrderTables(this.session);
	}

	/**
	 * A burst of reads at once, more than the session's connections carry, is queued by
	 * the driver's throttler and served, none refused.
	 */
	@Test
	@ServesQuery("Q2")
	void aBurstBeyondTheConnectionsIsQueuedNotRefused() {
		OrdersByIdRow order = this.orders
			.place(TestOrders.order(this.userId, List.of(TestOrders.item("Kettle", 1, "9.90"))))
			.map(PlacedOrder::order)
			.block();
		assertThat(Bursts.beyondTheConnections(() -> this.orders.find(order.orderId())))
			.hasSize(Bursts.BEYOND_THE_CONNECTIONS)
			.allSatisfy((found) -> assertThat(found.orderId()).isEqualTo(order.orderId()));
	}

	/**
	 * A placement writes the order and every copy, with a total computed from the lines
	 * and the copies' timestamp derived from version 1.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q3", "Q5", "Q6", "Q8" })
	void placementWritesTheOrderAndEveryCopy() {
		NewOrder request = TestOrders.order(this.userId);
		this.orders.place(request).as(StepVerifier::create).assertNext((placed) -> {
			assertThat(placed.created()).isTrue();
			assertThat(placed.order().orderId()).isEqualTo(request.orderId());
			assertThat(placed.order().status()).isEqualTo(OrderStatus.PENDING);
			assertThat(placed.order().total()).isEqualTo(new BigDecimal("40.00"));
			assertThat(placed.order().version()).isEqualTo(1);
		}).verifyComplete();
		Row order = this.tables.assertCopiesAgree(request.orderId());
		assertThat(order.getBigDecimal("total")).isEqualTo(new BigDecimal("40.00"));
	}

	/**
	 * A replay with the same order id and content returns the same order and creates no
	 * second one; prices compare by value (9.9 is 9.90).
	 */
	@Test
	@ServesQuery("Q2")
	void replayedPlacementReturnsTheSameOrderWithoutDuplicate() {
		NewOrder request = TestOrders.order(this.userId,
				List.of(TestOrders.item("Kettle", 1, "9.90"), TestOrders.item("Filters", 3, "4.95")));
		OrdersByIdRow first = this.orders.place(request).map(PlacedOrder::order).block();
		NewOrder sameByValue = new NewOrder(request.orderId(), request.userId(),
				List.of(new OrderItem(request.items().get(0).productId(), "Kettle", 1, new BigDecimal("9.9")),
						request.items().get(1)),
				request.shippingAddress());
		this.orders.place(sameByValue).as(StepVerifier::create).assertNext((replayed) -> {
			assertThat(replayed.created()).isFalse();
			assertThat(replayed.order()).isEqualTo(first);
		}).verifyComplete();
		assertThat(this.tables.all("SELECT order_id FROM orders_by_user WHERE user_id = ?", this.userId)).hasSize(1);
		this.tables.assertCopiesAgree(request.orderId());
	}

	/**
	 * The same order id with other content is another order: a conflict that changes
	 * nothing anywhere.
	 */
	@Test
	@ServesQuery("Q2")
	void sameOrderIdWithOtherContentIsAConflictAndChangesNothing() {
		NewOrder request = TestOrders.order(this.userId);
		OrdersByIdRow first = this.orders.place(request).map(PlacedOrder::order).block();
		NewOrder other = new NewOrder(request.orderId(), request.userId(),
				List.of(TestOrders.item("Something else", 1, "1.00")), request.shippingAddress());
		this.orders.place(other)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(ConflictException.class)
				.hasMessageContaining("different content"))
			.verify();
		this.repository.findById(request.orderId()).as(StepVerifier::create).expectNext(first).verifyComplete();
		this.tables.assertCopiesAgree(request.orderId());
		this.tables.assertNoTrace(UUID.randomUUID(), this.userId, List.of(other.items().get(0).productId()), today());
	}

	/**
	 * A rule broken in the request (a product listed twice) is rejected before the first
	 * write: no table holds any trace of the order.
	 */
	@Test
	void rejectedPlacementLeavesNoRowAnywhere() {
		OrderItem line = TestOrders.item("Kettle", 1, "9.90");
		NewOrder request = TestOrders.order(this.userId, List.of(line, line));
		this.orders.place(request)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(InvalidRequestException.class)
				.extracting("field")
				.isEqualTo("items[1].productId"))
			.verify();
		this.tables.assertNoTrace(request.orderId(), this.userId, List.of(line.productId()), today());
	}

	/**
	 * Each transition moves the order between queue partitions and updates every copy,
	 * the copies always written with the new version's timestamp.
	 */
	@Test
	@ServesQuery({ "Q2", "Q3" })
	void eachTransitionUpdatesEveryCopy() {
		UUID orderId = place();
		for (OrderStatus next : List.of(OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.DELIVERED)) {
			this.orders.changeStatus(orderId, next, null)
				.as(StepVerifier::create)
				.assertNext((order) -> assertThat(order.status()).isEqualTo(next))
				.verifyComplete();
			this.tables.assertCopiesAgree(orderId);
		}
		assertThat(this.tables.orderById(orderId).getLong("version")).isEqualTo(4);
	}

	/**
	 * A cancelled order leaves every queue and the user's open orders, and stays in the
	 * user's and the products' history.
	 */
	@Test
	@ServesQuery({ "Q3", "Q8" })
	void cancellationRemovesTheOrderFromQueuesAndOpenOrders() {
		UUID orderId = place();
		this.orders.changeStatus(orderId, OrderStatus.PAID, null).block();
		this.orders.changeStatus(orderId, OrderStatus.CANCELLED, null)
			.as(StepVerifier::create)
			.assertNext((order) -> assertThat(order.status()).isEqualTo(OrderStatus.CANCELLED))
			.verifyComplete();
		this.tables.assertCopiesAgree(orderId);
		assertThat(this.tables.openOrders(this.userId)).isEmpty();
	}

	/**
	 * An illegal transition is a conflict and changes nothing, neither the order nor any
	 * copy.
	 */
	@Test
	@ServesQuery("Q2")
	void illegalTransitionIsAConflictAndChangesNothing() {
		UUID orderId = place();
		this.orders.changeStatus(orderId, OrderStatus.SHIPPED, null)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(ConflictException.class)
				.hasMessageContaining("is PENDING and cannot become SHIPPED"))
			.verify();
		Row order = this.tables.assertCopiesAgree(orderId);
		assertThat(order.getString("status")).isEqualTo("PENDING");
		assertThat(order.getLong("version")).isEqualTo(1);
	}

	/** Changing the status of an order that does not exist is a 404, not a write. */
	@Test
	void unknownOrderIsNotFound() {
		UUID orderId = UUID.randomUUID();
		this.orders.changeStatus(orderId, OrderStatus.PAID, null)
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
		assertThat(this.tables.orderById(orderId)).isNull();
	}

	/**
	 * Of concurrent transitions from the same status, exactly one wins (Paxos), the
	 * others get a conflict, and every copy shows the winner.
	 */
	@Test
	@ServesQuery({ "Q2", "Q3" })
	void concurrentTransitionsLetExactlyOneWin() {
		UUID orderId = place();
		this.orders.changeStatus(orderId, OrderStatus.PAID, null).block();
		AtomicInteger conflicts = new AtomicInteger();
		// From PAID, shipping and cancelling exclude each other: whichever request reads
		// the order first or last, only one can ever apply.
		List<OrderStatus> requested = List.of(OrderStatus.SHIPPED, OrderStatus.CANCELLED, OrderStatus.SHIPPED,
				OrderStatus.CANCELLED, OrderStatus.SHIPPED, OrderStatus.CANCELLED);
		List<OrdersByIdRow> winners = Flux.fromIterable(requested)
			.flatMap((status) -> this.orders.changeStatus(orderId, status, UUID.randomUUID())
				.subscribeOn(Schedulers.parallel())
				.onErrorResume(ConflictException.class, (ex) -> {
					conflicts.incrementAndGet();
					return Mono.empty();
				}), requested.size())
			.collectList()
			.block();
		assertThat(winners).hasSize(1);
		assertThat(conflicts).hasValue(requested.size() - 1);
		Row order = this.tables.assertCopiesAgree(orderId);
		assertThat(order.getString("status")).isEqualTo(winners.get(0).status().name());
		assertThat(order.getLong("version")).isEqualTo(3);
	}

	/**
	 * Replaying a status change with its operation id returns the order as it is, 200
	 * rather than 409, and applies nothing twice.
	 */
	@Test
	@ServesQuery("Q2")
	void replayedOperationIdReturnsTheOrderInsteadOfAConflict() {
		UUID orderId = place();
		UUID operationId = UUID.randomUUID();
		OrdersByIdRow paid = this.orders.changeStatus(orderId, OrderStatus.PAID, operationId).block();
		this.orders.changeStatus(orderId, OrderStatus.PAID, operationId)
			.as(StepVerifier::create)
			.expectNext(paid)
			.verifyComplete();
		assertThat(this.tables.orderById(orderId).getLong("version")).isEqualTo(2);
		this.tables.assertCopiesAgree(orderId);
	}

	/** An operation id already used for another change cannot be reused. */
	@Test
	void operationIdReusedForAnotherStatusIsAConflict() {
		UUID orderId = place();
		UUID operationId = UUID.randomUUID();
		this.orders.changeStatus(orderId, OrderStatus.PAID, operationId).block();
		this.orders.changeStatus(orderId, OrderStatus.CANCELLED, operationId)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(ConflictException.class)
				.hasMessageContaining("already applied PAID"))
			.verify();
	}

	/**
	 * A transaction applied whose answer was lost (a timeout) and whose copies were never
	 * written: the retry, finding the condition false, recognises its own operation id,
	 * answers with the order and writes the missing copies.
	 */
	@Test
	@ServesQuery({ "Q2", "Q3" })
	void lostAnswerIsRecognisedOnRetryAndTheCopiesCatchUp() {
		UUID orderId = place();
		UUID operationId = UUID.randomUUID();
		OrdersByIdRow placed = this.repository.findById(orderId).block();
		OrdersByIdRow paid = placed.withStatus(OrderStatus.PAID, operationId, this.clock.instant());
		this.repository.compareAndSetStatus(placed, paid).as(StepVerifier::create).expectNext(true).verifyComplete();
		// The first attempt's copies were never written: the queue still says PENDING.
		assertThat(this.tables
			.one("SELECT status FROM orders_by_user WHERE user_id = ? AND order_time = ? " + "AND order_id = ?",
					this.userId, placed.orderTime(), orderId)
			.getString("status")).isEqualTo("PENDING");
		this.orders.changeStatus(orderId, OrderStatus.PAID, operationId)
			.as(StepVerifier::create)
			.assertNext((order) -> {
				assertThat(order.status()).isEqualTo(OrderStatus.PAID);
				assertThat(order.version()).isEqualTo(2);
			})
			.verifyComplete();
		this.tables.assertCopiesAgree(orderId);
	}

	/**
	 * A placement whose transaction applied but whose copies were never written is
	 * completed by the client's retry with the same order id.
	 */
	@Test
	@ServesQuery("Q2")
	void placementRetryCompletesCopiesAnEarlierAttemptLeftUnwritten() {
		NewOrder request = TestOrders.order(this.userId);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		List<OrderItem> items = request.items()
			.stream()
			.map((item) -> new OrderItem(item.productId(), item.name(), item.quantity(), item.unitPrice().setScale(2)))
			.toList();
		ShippingAddress address = request.shippingAddress();
		OrdersByIdRow lonely = new OrdersByIdRow(request.orderId(), this.userId, now, OrderStatus.PENDING, items,
				new BigDecimal("40.00"), address, 0, 1, PlacementDigest.of(this.userId, items, address),
				List.of(new OrderOperation(UUID.randomUUID(), OrderOperation.PLACED, 1, now)), now);
		this.repository.insertIfNotExists(lonely).as(StepVerifier::create).expectNext(true).verifyComplete();
		assertThat(this.tables.all("SELECT order_id FROM orders_by_user WHERE user_id = ?", this.userId)).isEmpty();
		this.orders.place(request)
			.as(StepVerifier::create)
			.assertNext((replayed) -> assertThat(replayed.created()).isFalse())
			.verifyComplete();
		this.tables.assertCopiesAgree(request.orderId());
	}

	private java.time.LocalDate today() {
		return java.time.LocalDate.ofInstant(this.clock.instant(), java.time.ZoneOffset.UTC);
	}

	private UUID place() {
		return this.orders.place(TestOrders.order(this.userId)).map((placed) -> placed.order().orderId()).block();
	}

}
