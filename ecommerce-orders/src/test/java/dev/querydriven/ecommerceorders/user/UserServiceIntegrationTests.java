package dev.querydriven.ecommerceorders.user;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.ecommerceorders.TestOrders;
import dev.querydriven.ecommerceorders.order.AddressChangeOutcome;
import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's order history and shipping address on a real node: the address change reaches
 * every open order in every table that holds it, and leaves closed ones alone.
 */
@EcommerceOrdersIntegrationTest
class UserServiceIntegrationTests {

	private static final ShippingAddress HOME = new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE");

	private static final ShippingAddress NEW_HOME = new ShippingAddress("Lindenallee 7", "Leipzig", "04109", "DE");

	@Autowired
	private UserService users;

	@Autowired
	private OrderService orders;

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
	 * A user's orders come newest first, page by page, each exactly once, including two
	 * placed in the same millisecond (the clustering key ends with the order id).
	 */
	@Test
	@ServesQuery("Q1")
	void ordersComeNewestFirstAcrossPages() {
		Instant base = this.clock.instant().truncatedTo(ChronoUnit.MILLIS).minusSeconds(60);
		List<UUID> placed = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			placed.add(place(base.plusSeconds(i)));
		}
		placed.add(place(base.plusSeconds(3)));
		List<OrdersByUserRow> read = new ArrayList<>();
		String cursor = null;
		do {
			Page<OrdersByUserRow> page = this.users.orders(this.userId, cursor, 2).block();
			assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
			read.addAll(page.items());
			cursor = page.next();
		}
		while (cursor != null);
		assertThat(read).extracting(OrdersByUserRow::orderId).containsExactlyInAnyOrderElementsOf(placed);
		assertThat(read).isSortedAccordingTo(Comparator.comparing(OrdersByUserRow::orderTime)
			.thenComparing((row) -> row.orderId().toString())
			.reversed());
	}

	/**
	 * Changing the address updates every open order (PENDING, PAID) in every table that
	 * holds the address, and leaves shipped, delivered and cancelled orders as they were.
	 */
	@Test
	@ServesQuery({ "Q7", "Q8" })
	void addressChangeReachesEveryOpenOrderAndNoClosedOne() {
		UUID pending = place();
		UUID paid = placeIn(OrderStatus.PAID);
		UUID shipped = placeIn(OrderStatus.PAID, OrderStatus.SHIPPED);
		UUID delivered = placeIn(OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.DELIVERED);
		UUID cancelled = placeIn(OrderStatus.CANCELLED);
		this.users.changeShippingAddress(this.userId, NEW_HOME).as(StepVerifier::create).assertNext((change) -> {
			assertThat(change.user().shippingAddress()).isEqualTo(NEW_HOME);
			assertThat(change.user().addressVersion()).isEqualTo(1);
			assertThat(outcomes(change)).containsOnly(Map.entry(pending, AddressChangeOutcome.UPDATED),
					Map.entry(paid, AddressChangeOutcome.UPDATED));
		}).verifyComplete();
		for (UUID open : List.of(pending, paid)) {
			assertThat(this.tables.address(this.tables.assertCopiesAgree(open))).isEqualTo(NEW_HOME);
		}
		for (UUID closed : List.of(shipped, delivered, cancelled)) {
			assertThat(this.tables.address(this.tables.assertCopiesAgree(closed))).isEqualTo(HOME);
		}
		this.users.shippingAddress(this.userId)
			.as(StepVerifier::create)
			.assertNext((user) -> assertThat(user.shippingAddress()).isEqualTo(NEW_HOME))
			.verifyComplete();
	}

	/**
	 * The same address again is a retry, not a change: it keeps its version and finds
	 * every open order already up to date. A real change gets the next version.
	 */
	@Test
	@ServesQuery("Q7")
	void repeatedAddressKeepsItsVersionAndANewOneIsTheNext() {
		UUID pending = place();
		this.users.changeShippingAddress(this.userId, NEW_HOME).block();
		this.users.changeShippingAddress(this.userId, NEW_HOME).as(StepVerifier::create).assertNext((change) -> {
			assertThat(change.user().addressVersion()).isEqualTo(1);
			assertThat(outcomes(change)).containsOnly(Map.entry(pending, AddressChangeOutcome.ALREADY_CURRENT));
		}).verifyComplete();
		this.users.changeShippingAddress(this.userId, HOME)
			.as(StepVerifier::create)
			.assertNext((change) -> assertThat(change.user().addressVersion()).isEqualTo(2))
			.verifyComplete();
		assertThat(this.tables.assertCopiesAgree(pending).getLong("address_version")).isEqualTo(2);
	}

	/**
	 * An order placed after the address changed keeps the address it was placed with,
	 * even when the change is applied again.
	 */
	@Test
	void orderPlacedAfterTheChangeKeepsItsOwnAddress() {
		this.users.changeShippingAddress(this.userId, NEW_HOME).block();
		UUID later = place(this.clock.instant().plusMillis(5));
		this.users.changeShippingAddress(this.userId, NEW_HOME)
			.as(StepVerifier::create)
			.assertNext((change) -> assertThat(outcomes(change))
				.containsOnly(Map.entry(later, AddressChangeOutcome.PLACED_AFTER_CHANGE)))
			.verifyComplete();
		assertThat(this.tables.address(this.tables.assertCopiesAgree(later))).isEqualTo(HOME);
	}

	/**
	 * If the open-orders index still lists an order that has shipped (its delete has not
	 * landed yet), the transaction's {@code IF status IN ('PENDING', 'PAID')} refuses the
	 * change: the shipped order keeps the address it shipped to.
	 */
	@Test
	@ServesQuery("Q8")
	void staleOpenOrderRowCannotChangeAShippedOrder() {
		UUID shipped = placeIn(OrderStatus.PAID, OrderStatus.SHIPPED);
		// The stale row comes back after the shipment deleted it, in the service's time:
		// the tests' clock, which other tests of the shared context may have moved ahead
		// of the wall clock (a row written at the node's time would lose to the delete).
		this.clock.add(Duration.ofMillis(1));
		this.tables.one(
				"INSERT INTO open_orders_by_user (user_id, order_id, order_time) VALUES (?, ?, ?) USING TIMESTAMP ?",
				this.userId, shipped, this.clock.instant(),
				ChronoUnit.MICROS.between(Instant.EPOCH, this.clock.instant()));
		this.users.changeShippingAddress(this.userId, NEW_HOME)
			.as(StepVerifier::create)
			.assertNext((change) -> assertThat(outcomes(change))
				.containsOnly(Map.entry(shipped, AddressChangeOutcome.CLOSED)))
			.verifyComplete();
		assertThat(this.tables.address(this.tables.orderById(shipped))).isEqualTo(HOME);
	}

	/** A user who never set an address has none: 404. */
	@Test
	@ServesQuery("Q7")
	void unknownUserHasNoAddress() {
		this.users.shippingAddress(UUID.randomUUID())
			.as(StepVerifier::create)
			.expectError(NotFoundException.class)
			.verify();
	}

	/**
	 * Places an order now, then lets a millisecond pass (the clock stands still until a
	 * test moves it): an address change that follows finds the order placed before it.
	 */
	private UUID place() {
		Instant now = this.clock.instant();
		this.clock.add(Duration.ofMillis(1));
		return place(now);
	}

	private UUID place(Instant orderTime) {
		NewOrder request = TestOrders.order(this.userId);
		return this.orders.place(request, orderTime).map((placed) -> placed.order().orderId()).block();
	}

	private UUID placeIn(OrderStatus... path) {
		UUID orderId = place();
		for (OrderStatus status : path) {
			this.orders.changeStatus(orderId, status, null).block();
		}
		return orderId;
	}

	private static Map<UUID, AddressChangeOutcome> outcomes(UserService.AddressChange change) {
		return change.orders()
			.stream()
			.collect(Collectors.toMap(UserService.AddressChange.OrderOutcome::orderId,
					UserService.AddressChange.OrderOutcome::outcome));
	}

}
