package dev.querydriven.ecommerceorders.product;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.ecommerceorders.TestOrders;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A product's orders on a real node: month buckets, read newest first through the list of
 * months that hold rows.
 */
@EcommerceOrdersIntegrationTest
class ProductOrderServiceIntegrationTests {

	@Autowired
	private ProductOrderService products;

	@Autowired
	private ProductOrderRepository repository;

	@Autowired
	private OrderService orders;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	/**
	 * Orders of a product placed over three months come newest first across the month
	 * partitions, each exactly once, and only the months with sales are read.
	 */
	@Test
	@ServesQuery({ "Q5", "Q6" })
	void productOrdersComeNewestFirstAcrossMonths() {
		UUID productId = UUID.randomUUID();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		List<UUID> placed = new ArrayList<>();
		for (Instant time : List.of(now.minus(Duration.ofDays(62)), now.minus(Duration.ofDays(31)),
				now.minus(Duration.ofDays(31)).plusSeconds(5), now.minusSeconds(10), now.minusSeconds(5))) {
			placed.add(place(productId, time));
		}
		this.repository.findMonths(productId).collectList().as(StepVerifier::create).assertNext((months) -> {
			assertThat(months).hasSize(3);
			assertThat(months).isSortedAccordingTo(Comparator.reverseOrder());
		}).verifyComplete();
		List<OrdersByProductRow> read = new ArrayList<>();
		String cursor = null;
		do {
			Page<OrdersByProductRow> page = this.products.orders(productId, cursor, 2).block();
			read.addAll(page.items());
			cursor = page.next();
		}
		while (cursor != null);
		assertThat(read).extracting(OrdersByProductRow::orderId).containsExactlyInAnyOrderElementsOf(placed);
		assertThat(read).isSortedAccordingTo(Comparator.comparing(OrdersByProductRow::orderTime)
			.thenComparing((row) -> row.orderId().toString())
			.reversed());
		// The old orders leave the PENDING queue: other tests read it from its watermark.
		placed.forEach((orderId) -> this.orders.changeStatus(orderId, OrderStatus.CANCELLED, null).block());
	}

	/**
	 * A status change reaches the product rows of every line of the order (and an address
	 * change, which they do not hold, writes none).
	 */
	@Test
	@ServesQuery("Q5")
	void statusChangesReachEveryLineOfTheOrder() {
		UUID userId = UUID.randomUUID();
		OrderItem kettle = TestOrders.item("Kettle", 1, "39.00");
		OrderItem filters = TestOrders.item("Filters", 2, "4.95");
		UUID orderId = this.orders.place(TestOrders.order(userId, List.of(kettle, filters)))
			.map((placed) -> placed.order().orderId())
			.block();
		this.orders.changeStatus(orderId, OrderStatus.PAID, null).block();
		for (OrderItem item : List.of(kettle, filters)) {
			this.products.orders(item.productId(), null, 20).as(StepVerifier::create).assertNext((page) -> {
				assertThat(page.items()).singleElement().satisfies((row) -> {
					assertThat(row.orderId()).isEqualTo(orderId);
					assertThat(row.status()).isEqualTo(OrderStatus.PAID);
					assertThat(row.quantity()).isEqualTo(item.quantity());
				});
				assertThat(page.next()).isNull();
			}).verifyComplete();
		}
		new OrderTables(this.session).assertCopiesAgree(orderId);
	}

	/** A product never ordered has an empty list, read from one small partition. */
	@Test
	@ServesQuery("Q6")
	void productNeverOrderedHasNoOrders() {
		this.products.orders(UUID.randomUUID(), null, 20).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).isEmpty();
			assertThat(page.next()).isNull();
		}).verifyComplete();
	}

	private UUID place(UUID productId, Instant orderTime) {
		OrderItem line = new OrderItem(productId, "Burr grinder", 1, new BigDecimal("129.00"));
		return this.orders.place(TestOrders.order(UUID.randomUUID(), List.of(line)), orderTime)
			.map((placed) -> placed.order().orderId())
			.block();
	}

}
