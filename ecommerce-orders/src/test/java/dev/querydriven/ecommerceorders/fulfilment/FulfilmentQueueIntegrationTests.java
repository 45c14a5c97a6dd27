package dev.querydriven.ecommerceorders.fulfilment;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.ecommerceorders.TestOrders;
import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fulfilment queue on a real node: bucketed by day, read oldest first from a
 * watermark that writers lower and protect and the advancer moves forward.
 *
 * <p>
 * The queue is shared by every test of this JVM (its partitions are keyed by status and
 * day, not by anything random), so these tests place their orders on days of their own in
 * the past and assert on their own orders; whole-queue properties (no duplicates, oldest
 * first) are asserted on everything read.
 */
@EcommerceOrdersIntegrationTest
class FulfilmentQueueIntegrationTests {

	@Autowired
	private OrderService orders;

	@Autowired
	private FulfilmentService fulfilment;

	@Autowired
	private QueueWatermarks watermarks;

	@Autowired
	private FulfilmentProperties properties;

	@Autowired
	private CqlSession session;

	@Autowired
	private MutableClock clock;

	private OrderTables tables;

	@BeforeEach
	void tables() {
		this.tables = new OrderTables(this.session);
	}

	/**
	 * Paging through the PENDING queue across several day partitions returns every
	 * pending order exactly once, oldest first, including orders placed in the same
	 * millisecond; orders that moved on appear in their new queue only.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4" })
	void queueReturnsEveryPendingOrderExactlyOnceAcrossDays() {
		Instant today = this.clock.instant().truncatedTo(ChronoUnit.DAYS);
		List<UUID> pending = new ArrayList<>();
		List<UUID> paid = new ArrayList<>();
		for (int daysAgo = 6; daysAgo >= 3; daysAgo--) {
			Instant time = today.minus(Duration.ofDays(daysAgo)).plus(Duration.ofHours(9));
			// Two orders in the same millisecond: the clustering key's order_id keeps
			// both.
			pending.add(place(time));
			pending.add(place(time));
			paid.add(place(time.plusSeconds(60)));
			UUID cancelled = place(time.plusSeconds(120));
			this.orders.changeStatus(cancelled, OrderStatus.CANCELLED, null).block();
		}
		for (UUID orderId : paid) {
			this.orders.changeStatus(orderId, OrderStatus.PAID, null).block();
		}

		List<OrdersByStatusRow> pendingQueue = readAll(OrderStatus.PENDING, 3);
		assertExactlyOnceOldestFirst(pendingQueue, pending);
		assertThat(pendingQueue).extracting(OrdersByStatusRow::orderId).doesNotContainAnyElementsOf(paid);

		List<OrdersByStatusRow> paidQueue = readAll(OrderStatus.PAID, 2);
		assertExactlyOnceOldestFirst(paidQueue, paid);
		pending.forEach(this.tables::assertCopiesAgree);
		paid.forEach(this.tables::assertCopiesAgree);
	}

	/**
	 * A write into an older day (an old order paid today) first lowers the PAID watermark
	 * to that day and protects the day for two write windows.
	 */
	@Test
	@ServesQuery("Q4")
	void writeIntoAnOlderDayLowersAndProtectsTheWatermark() {
		Instant placed = this.clock.instant().truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(20)).plusSeconds(3600);
		UUID orderId = place(placed);
		Instant before = this.clock.instant();
		this.orders.changeStatus(orderId, OrderStatus.PAID, null).block();
		Row watermark = this.tables.one("SELECT * FROM status_watermarks WHERE status = 'PAID'");
		LocalDate day = LocalDate.ofInstant(placed, ZoneOffset.UTC);
		assertThat(watermark.getLocalDate("oldest_day")).isBeforeOrEqualTo(day);
		assertThat(watermark.getLocalDate("protected_day")).isBeforeOrEqualTo(day);
		assertThat(watermark.getInstant("protected_until"))
			.isAfter(before.plus(this.properties.writeWindow()).truncatedTo(ChronoUnit.MILLIS));
		this.fulfilment.page(OrderStatus.PAID, null, 100)
			.expand((page) -> (page.next() != null)
					? this.fulfilment.page(OrderStatus.PAID, this.fulfilment.encode(OrderStatus.PAID, page.next()), 100)
					: Mono.empty())
			.flatMapIterable(BucketPage::items)
			.map(OrdersByStatusRow::orderId)
			.collectList()
			.as(StepVerifier::create)
			.assertNext((ids) -> assertThat(ids).contains(orderId))
			.verifyComplete();
		this.orders.changeStatus(orderId, OrderStatus.CANCELLED, null).block();
	}

	/**
	 * The advancer passes only days that are closed, unprotected and empty, and stops at
	 * the first day holding a row; once it has, a queue read starts there instead of
	 * walking the empty days behind it.
	 */
	@Test
	@ServesQuery({ "Q3", "Q4" })
	void advancerPassesOnlyClosedUnprotectedEmptyDaysSoReadsSkipEmptyHistory() {
		Instant today = this.clock.instant().truncatedTo(ChronoUnit.DAYS);
		Instant emptied = today.minus(Duration.ofDays(40)).plusSeconds(3600);
		UUID first = place(emptied);
		UUID second = place(emptied.plus(Duration.ofDays(1)));
		Instant kept = today.minus(Duration.ofDays(35)).plusSeconds(3600);
		UUID waiting = place(kept);
		this.orders.changeStatus(first, OrderStatus.CANCELLED, null).block();
		this.orders.changeStatus(second, OrderStatus.CANCELLED, null).block();
		LocalDate emptiedDay = LocalDate.ofInstant(emptied, ZoneOffset.UTC);
		LocalDate keptDay = LocalDate.ofInstant(kept, ZoneOffset.UTC);

		// The days were just written into: protected, the advancer leaves them alone.
		this.watermarks.advance(OrderStatus.PENDING, this.clock.instant())
			.as(StepVerifier::create)
			.assertNext((day) -> assertThat(day).isBeforeOrEqualTo(emptiedDay))
			.verifyComplete();
		LocalDate start = this.watermarks.oldestDay(OrderStatus.PENDING).block();
		BucketPage<OrdersByStatusRow, OrdersByStatusRow.QueuePosition> before = this.fulfilment
			.page(OrderStatus.PENDING, null, 1)
			.block();

		// Two write windows later the protection is over: the empty days are passed, and
		// the advancer stops at the day that still holds an order.
		Instant later = this.clock.instant().plus(this.properties.writeWindow().multipliedBy(2)).plusSeconds(1);
		this.watermarks.advance(OrderStatus.PENDING, later)
			.as(StepVerifier::create)
			.expectNext(keptDay)
			.verifyComplete();
		this.fulfilment.page(OrderStatus.PENDING, null, 1).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).extracting(OrdersByStatusRow::orderId).containsExactly(waiting);
			assertThat(page.partitionsRead()).isEqualTo(1);
		}).verifyComplete();
		assertThat(before.partitionsRead()).isEqualTo(ChronoUnit.DAYS.between(start, keptDay) + 1);
		this.orders.changeStatus(waiting, OrderStatus.CANCELLED, null).block();
	}

	/**
	 * A write that landed after its deadline (the advancer may have passed its day
	 * meanwhile) lowers the watermark back to its day.
	 */
	@Test
	@ServesQuery("Q4")
	void lateWriteLowersTheWatermarkAgain() {
		LocalDate oldest = this.watermarks.oldestDay(OrderStatus.SHIPPED).block();
		LocalDate day = oldest.minusDays(1);
		this.watermarks
			.confirm(OrderStatus.SHIPPED, QueueWatermarks.dayOf(day.atStartOfDay(ZoneOffset.UTC).toInstant()),
					this.clock.instant().minusSeconds(1))
			.as(StepVerifier::create)
			.verifyComplete();
		assertThat(this.watermarks.oldestDay(OrderStatus.SHIPPED).block()).isEqualTo(day);
		// Empty and, two windows on, unprotected: the advancer moves it forward again.
		Instant later = this.clock.instant().plus(this.properties.writeWindow().multipliedBy(2)).plusSeconds(1);
		this.watermarks.advance(OrderStatus.SHIPPED, later)
			.as(StepVerifier::create)
			.assertNext((advanced) -> assertThat(advanced).isAfter(day))
			.verifyComplete();
	}

	/**
	 * Delivered and cancelled orders are history, not work: asking for their queue is a
	 * 400 naming the status.
	 */
	@Test
	void finalStatusesHaveNoQueue() {
		this.fulfilment.page(OrderStatus.DELIVERED, null, 20)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(InvalidRequestException.class)
				.extracting("field")
				.isEqualTo("status"))
			.verify();
	}

	/** A cursor of another queue is rejected, naming the cursor. */
	@Test
	void cursorOfAnotherQueueIsRejected() {
		place(this.clock.instant());
		place(this.clock.instant());
		String pendingCursor = this.fulfilment.page(OrderStatus.PENDING, null, 1)
			.map((page) -> this.fulfilment.encode(OrderStatus.PENDING, page.next()))
			.block();
		assertThat(pendingCursor).isNotNull();
		this.fulfilment.page(OrderStatus.PAID, pendingCursor, 1)
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(InvalidRequestException.class)
				.extracting("field")
				.isEqualTo("cursor"))
			.verify();
	}

	private UUID place(Instant orderTime) {
		NewOrder request = TestOrders.order(UUID.randomUUID());
		return this.orders.place(request, orderTime).map((placed) -> placed.order().orderId()).block();
	}

	private List<OrdersByStatusRow> readAll(OrderStatus status, int pageSize) {
		List<OrdersByStatusRow> rows = new ArrayList<>();
		String cursor = null;
		do {
			BucketPage<OrdersByStatusRow, OrdersByStatusRow.QueuePosition> page = this.fulfilment
				.page(status, cursor, pageSize)
				.block();
			assertThat(page.items()).hasSizeLessThanOrEqualTo(pageSize);
			rows.addAll(page.items());
			cursor = this.fulfilment.encode(status, page.next());
		}
		while (cursor != null);
		return rows;
	}

	private static void assertExactlyOnceOldestFirst(List<OrdersByStatusRow> queue, List<UUID> expected) {
		Set<UUID> seen = new HashSet<>();
		assertThat(queue)
			.allSatisfy((row) -> assertThat(seen.add(row.orderId())).as("%s read once", row.orderId()).isTrue());
		// Cassandra orders uuids by their unsigned bytes, the order of their hex strings.
		assertThat(queue).isSortedAccordingTo(
				Comparator.comparing(OrdersByStatusRow::orderTime).thenComparing((row) -> row.orderId().toString()));
		List<UUID> ours = queue.stream().map(OrdersByStatusRow::orderId).filter(expected::contains).toList();
		assertThat(ours).containsExactlyInAnyOrderElementsOf(expected);
	}

}
