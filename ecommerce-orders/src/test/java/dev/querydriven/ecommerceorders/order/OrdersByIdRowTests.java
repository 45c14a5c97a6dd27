package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The source-of-truth row's versioning: copy timestamps and remembered operations.
 */
class OrdersByIdRowTests {

	private static final Instant PLACED = Instant.parse("2026-05-03T10:15:30.123Z");

	/**
	 * The copy timestamp is the order time in microseconds plus the version: strictly
	 * increasing with every version, and no later than a few microseconds after the order
	 * time, so never near the node's 10-minute future-timestamp guardrail.
	 */
	@Test
	void copyTimestampGrowsWithTheVersionAndStaysAtTheOrderTime() {
		OrdersByIdRow v1 = order();
		OrdersByIdRow v2 = v1.withStatus(OrderStatus.PAID, UUID.randomUUID(), PLACED.plusSeconds(86_400 * 30));
		OrdersByIdRow v3 = v2.withShippingAddress(v2.shippingAddress(), 1, UUID.randomUUID(),
				PLACED.plusSeconds(86_400 * 31));
		assertThat(v1.copyTimestamp()).isEqualTo(1_777_803_330_123_001L);
		assertThat(v2.copyTimestamp()).isEqualTo(v1.copyTimestamp() + 1);
		assertThat(v3.copyTimestamp()).isEqualTo(v1.copyTimestamp() + 2);
	}

	/**
	 * An order remembers its last 16 operations, newest first, so a retry can find its
	 * own.
	 */
	@Test
	void remembersTheLastSixteenOperationsNewestFirst() {
		OrdersByIdRow order = order();
		UUID first = order.operations().get(0).operationId();
		UUID last = null;
		for (int i = 0; i < OrdersByIdRow.MAX_OPERATIONS; i++) {
			last = UUID.randomUUID();
			order = order.withShippingAddress(order.shippingAddress(), i + 1, last, PLACED);
		}
		assertThat(order.operations()).hasSize(OrdersByIdRow.MAX_OPERATIONS);
		assertThat(order.operations().get(0).operationId()).isEqualTo(last);
		assertThat(order.operation(last)).isPresent();
		assertThat(order.operation(first)).isEmpty();
		assertThat(order.version()).isEqualTo(OrdersByIdRow.MAX_OPERATIONS + 1);
	}

	/**
	 * Prices are compared by value in the placement digest: 9.9 and 9.90 are one price.
	 */
	@Test
	void placementDigestComparesPricesByValue() {
		UUID userId = UUID.randomUUID();
		UUID productId = UUID.randomUUID();
		ShippingAddress address = new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE");
		String a = PlacementDigest.of(userId, List.of(new OrderItem(productId, "Kettle", 1, new BigDecimal("9.9"))),
				address);
		String b = PlacementDigest.of(userId, List.of(new OrderItem(productId, "Kettle", 1, new BigDecimal("9.90"))),
				address);
		String c = PlacementDigest.of(userId, List.of(new OrderItem(productId, "Kettle", 2, new BigDecimal("9.90"))),
				address);
		assertThat(a).isEqualTo(b).isNotEqualTo(c);
	}

	/**
	 * Erasing the address keeps the order (status, items, total, the address version) and
	 * the country, empties the other fields in a new version, and replaces the placement
	 * digest, whose hash of the address would otherwise outlive it.
	 */
	@Test
	void erasureKeepsTheOrderAndTheCountryOnly() {
		OrdersByIdRow order = order().withStatus(OrderStatus.DELIVERED, UUID.randomUUID(), PLACED);
		UUID erasure = UUID.randomUUID();
		OrdersByIdRow erased = order.withAddressErased(erasure, PLACED.plusSeconds(60));
		assertThat(erased.shippingAddress()).isEqualTo(new ShippingAddress("", "", "", "DE"));
		assertThat(erased.shippingAddress().anonymised()).isTrue();
		assertThat(order.shippingAddress().anonymised()).isFalse();
		assertThat(erased).usingRecursiveComparison()
			.comparingOnlyFields("orderId", "userId", "orderTime", "status", "items", "total", "addressVersion")
			.isEqualTo(order);
		assertThat(erased.version()).isEqualTo(order.version() + 1);
		assertThat(erased.operation(erasure)).get()
			.extracting(OrderOperation::action)
			.isEqualTo(OrderOperation.ADDRESS_ERASED);
		assertThat(erased.placementDigest())
			.isEqualTo(PlacementDigest.of(order.userId(), order.items(), ShippingAddress.countryOnly("DE")))
			.isNotEqualTo(PlacementDigest.of(order.userId(), order.items(), order.shippingAddress()));
	}

	private static OrdersByIdRow order() {
		return new OrdersByIdRow(UUID.randomUUID(), UUID.randomUUID(), PLACED, OrderStatus.PENDING,
				List.of(new OrderItem(UUID.randomUUID(), "Kettle", 1, new BigDecimal("9.90"))), new BigDecimal("9.90"),
				new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"), 0, 1, "digest",
				List.of(new OrderOperation(UUID.randomUUID(), OrderOperation.PLACED, 1, PLACED)), PLACED);
	}

}
