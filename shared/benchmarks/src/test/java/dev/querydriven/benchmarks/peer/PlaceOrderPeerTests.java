package dev.querydriven.benchmarks.peer;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the placement peer computes before it writes: the checks of the request, the lines
 * and address as stored, the total, the placement's digest, the month bucket and the JSON
 * of its answer.
 */
class PlaceOrderPeerTests {

	private static final UUID USER = UUID.fromString("0f6b7a52-9d0c-4c8e-a5a1-3f0e8f2c9b11");

	private static final UUID KETTLE = UUID.fromString("11111111-2222-3333-4444-555555555555");

	private static final UUID TEAPOT = UUID.fromString("aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee");

	private static final PlaceOrderPeer.AddressBody ADDRESS = new PlaceOrderPeer.AddressBody(" Hauptstrasse 1 ",
			"Berlin", "10115", "DE");

	/** Names and address fields are stored stripped, prices with exactly two decimals. */
	@Test
	void aPlacementIsStoredAsTheServiceStoresIt() {
		UUID orderId = UUID.randomUUID();
		PlaceOrderPeer.Placement placement = PlaceOrderPeer
			.placement(
					new PlaceOrderPeer.Body(orderId,
							List.of(new PlaceOrderPeer.ItemBody(KETTLE, " Kettle ", 2, new BigDecimal("19.9")),
									new PlaceOrderPeer.ItemBody(TEAPOT, "Teapot", 1, new BigDecimal("5"))),
							ADDRESS),
					USER);
		assertThat(placement.orderId()).isEqualTo(orderId);
		assertThat(placement.items()).containsExactly(
				new PlaceOrderPeer.Line(KETTLE, "Kettle", 2, new BigDecimal("19.90")),
				new PlaceOrderPeer.Line(TEAPOT, "Teapot", 1, new BigDecimal("5.00")));
		assertThat(placement.address())
			.isEqualTo(new OrderHistoryPeer.Address("Hauptstrasse 1", "Berlin", "10115", "DE"));
		assertThat(PlaceOrderPeer.total(placement.items())).isEqualTo(new BigDecimal("44.80"));
	}

	/** Without the client's own id, a placement draws one. */
	@Test
	void anOrderWithoutAnIdGetsOne() {
		PlaceOrderPeer.Placement placement = PlaceOrderPeer.placement(new PlaceOrderPeer.Body(null,
				List.of(new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 1, BigDecimal.ONE)), ADDRESS), USER);
		assertThat(placement.orderId()).isNotNull();
	}

	/**
	 * The request's constraints, refused in Bean Validation's words and the service's.
	 */
	@Test
	void aBadPlacementIsRefusedNamingTheMember() {
		assertRefused(new PlaceOrderPeer.Body(null, List.of(), ADDRESS), "items", "must not be empty");
		assertRefused(body(new PlaceOrderPeer.ItemBody(KETTLE, " ", 1, BigDecimal.ONE)), "items[0].name",
				"must not be blank");
		assertRefused(body(new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 0, BigDecimal.ONE)), "items[0].quantity",
				"must be greater than or equal to 1");
		assertRefused(body(new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 1, new BigDecimal("-0.01"))),
				"items[0].unitPrice", "must be greater than or equal to 0.00");
		assertRefused(body(new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 1, new BigDecimal("1.005"))),
				"items[0].unitPrice", "numeric value out of bounds (<9 digits>.<2 digits> expected)");
		assertRefused(
				new PlaceOrderPeer.Body(null,
						List.of(new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 1, BigDecimal.ONE),
								new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 2, BigDecimal.ONE)),
						ADDRESS),
				"items[1].productId", "repeats the product of items[0]: order it once with a larger quantity");
		assertRefused(
				new PlaceOrderPeer.Body(null, List.of(new PlaceOrderPeer.ItemBody(KETTLE, "Kettle", 1, BigDecimal.ONE)),
						new PlaceOrderPeer.AddressBody("Hauptstrasse 1", "Berlin", "10115", "de")),
				"shippingAddress.country", "must be an ISO 3166 alpha-2 country code, such as DE");
	}

	/** The digest is the service's, byte for byte (computed by its PlacementDigest). */
	@Test
	void theDigestIsTheServices() {
		List<PlaceOrderPeer.Line> lines = List.of(new PlaceOrderPeer.Line(KETTLE, "Kettle", 2, new BigDecimal("19.90")),
				new PlaceOrderPeer.Line(TEAPOT, "Teapot ü", 1, new BigDecimal("5.00")));
		assertThat(PlaceOrderPeer.digest(USER, lines,
				new OrderHistoryPeer.Address("Hauptstrasse 1", "Berlin", "10115", "DE")))
			.isEqualTo("75d4071463f44ef6607c0de0a487a64281af5063cebac58d319e8cd3381508fa");
	}

	/**
	 * The month of orders_by_product and product_order_months is the month bucket's key.
	 */
	@Test
	void theMonthIsTheBucketsKey() {
		for (String instant : List.of("2026-01-31T23:59:59.999Z", "2026-02-01T00:00:00Z", "0999-12-01T00:00:00Z")) {
			Instant time = Instant.parse(instant);
			assertThat(PlaceOrderPeer.monthKey(time)).isEqualTo(Bucket.of(BucketGranularity.MONTH, time).key());
		}
	}

	/** The caller is the token's subject, or the name-based id of one that is no UUID. */
	@Test
	void theCallerIsTheSubject() {
		assertThat(PlaceOrderPeer.callerId(USER.toString())).isEqualTo(USER);
		assertThat(PlaceOrderPeer.callerId("auth0|42"))
			.isEqualTo(UUID.nameUUIDFromBytes("sub:auth0|42".getBytes(StandardCharsets.UTF_8)));
	}

	/** The answer's JSON is the service's (written by the service's OrderResponse). */
	@Test
	void theAnswerIsTheServicesJson() {
		PlaceOrderPeer.Order order = new PlaceOrderPeer.Order(USER, USER, Instant.parse("2026-01-02T03:04:05.120Z"),
				"PENDING", List.of(new PlaceOrderPeer.Line(KETTLE, "Kettle", 2, new BigDecimal("19.90"))),
				new BigDecimal("39.80"), new OrderHistoryPeer.Address("Hauptstrasse 1", "Berlin", "10115", "DE"), 1,
				"digest", List.of(UUID.randomUUID()));
		assertThat(JsonMapper.builder().build().writeValueAsString(PlaceOrderPeer.OrderResponse.of(order)))
			.isEqualTo("{\"orderId\":\"" + USER + "\",\"userId\":\"" + USER
					+ "\",\"orderTime\":\"2026-01-02T03:04:05.120Z\",\"status\":\"PENDING\",\"items\":[{\"productId\":\""
					+ KETTLE
					+ "\",\"name\":\"Kettle\",\"quantity\":2,\"unitPrice\":\"19.90\",\"lineTotal\":\"39.80\"}],"
					+ "\"total\":\"39.80\",\"shippingAddress\":{\"street\":\"Hauptstrasse 1\",\"city\":\"Berlin\","
					+ "\"postalCode\":\"10115\",\"country\":\"DE\"},\"version\":1}");
	}

	private static PlaceOrderPeer.Body body(PlaceOrderPeer.ItemBody item) {
		return new PlaceOrderPeer.Body(null, List.of(item), ADDRESS);
	}

	private static void assertRefused(PlaceOrderPeer.Body body, String field, String message) {
		assertThatExceptionOfType(Parameters.Invalid.class).isThrownBy(() -> PlaceOrderPeer.placement(body, USER))
			.withMessage(message)
			.satisfies((ex) -> assertThat(ex.response().block().statusCode().value()).isEqualTo(400))
			.satisfies((ex) -> assertThat(ex).extracting("name").isEqualTo(field));
	}

}
