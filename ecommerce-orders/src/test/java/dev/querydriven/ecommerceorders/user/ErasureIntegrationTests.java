package dev.querydriven.ecommerceorders.user;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testcassandra.SharedCassandra;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.testsupport.TableSnapshot;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.SweepReport;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Erasure ({@code DELETE /users/{userId}}): the user's address leaves every table of the
 * keyspace, shown by a {@link TableSnapshot} of all of them searched for markers planted
 * in every personal field, while the orders stay readable with an anonymised address, and
 * nobody else's data changes. A repeat changes nothing more, and an erasure cut short is
 * finished by the sweeper from its write intent.
 */
@EcommerceOrdersIntegrationTest
class ErasureIntegrationTests {

	private static final String KEYSPACE = "ecommerce_orders";

	private static final ShippingAddress ANONYMISED = ShippingAddress.countryOnly("DE");

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private WriteIntents intents;

	@Autowired
	private IntentSweeper sweeper;

	@Autowired
	private MutableClock clock;

	private OrderTables tables;

	@BeforeEach
	void tables() {
		this.tables = new OrderTables(this.session);
		this.failures.reset();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
	}

	/**
	 * After an erasure no table holds any field of any address the user ever gave (an
	 * order in each status, the address row, the address that moved their open orders),
	 * nor does the Paxos state of their partitions (the erasure's own transactions
	 * replaced it), every order is still there with the country alone, in every copy, and
	 * another user's orders and address are untouched.
	 */
	@Test
	void erasureLeavesNoAddressAnywhereAndKeepsTheOrders() {
		UUID userId = UUID.randomUUID();
		Map<OrderStatus, UUID> orders = new HashMap<>();
		List<Markers> given = new ArrayList<>();
		for (OrderStatus status : OrderStatus.values()) {
			Markers markers = Markers.fresh();
			given.add(markers);
			orders.put(status, placeAndMove(userId, markers, status));
		}
		Markers home = Markers.fresh();
		given.add(home);
		this.clock.add(Duration.ofMillis(1));
		changeAddress(userId, home).expectStatus().isOk();
		UUID otherUser = UUID.randomUUID();
		Markers others = Markers.fresh();
		UUID othersOrder = place(otherUser, others);
		changeAddress(otherUser, others).expectStatus().isOk();
		TableSnapshot before = TableSnapshot.of(this.session, KEYSPACE);
		assertThat(home.all()).as("the snapshot sees the user's address")
			.allSatisfy((marker) -> assertThat(before.rowsContaining(marker)).isNotEmpty());

		erase(userId, userId).expectStatus().isNoContent();

		TableSnapshot after = TableSnapshot.of(this.session, KEYSPACE);
		TableSnapshot paxos;
		try (CqlSession admin = SharedCassandra.adminSession()) {
			paxos = TableSnapshot.of(admin, "system", List.of("paxos"));
		}
		for (Markers markers : given) {
			for (String marker : markers.all()) {
				assertThat(after.rowsContaining(marker)).as("rows holding %s", marker).isEmpty();
				assertThat(paxos.rowsContaining(marker)).as("Paxos state holding %s", marker).isEmpty();
			}
		}
		orders.forEach((status, orderId) -> {
			readOrder(userId, orderId).jsonPath("$.status")
				.isEqualTo(status.name())
				.jsonPath("$.shippingAddress.street")
				.isEqualTo("")
				.jsonPath("$.shippingAddress.postalCode")
				.isEqualTo("")
				.jsonPath("$.shippingAddress.country")
				.isEqualTo("DE");
			assertThat(this.tables.address(this.tables.assertCopiesAgree(orderId))).isEqualTo(ANONYMISED);
		});
		assertThat(this.tables.one("SELECT user_id FROM users_by_id WHERE user_id = ?", userId)).as("users_by_id")
			.isNull();
		assertThat(this.tables.openOrders(userId)).as("open_orders_by_user").isEmpty();
		this.client.mutateWith(this.callers.as(userId))
			.get()
			.uri("/users/{id}/orders", userId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items.length()")
			.isEqualTo(OrderStatus.values().length);

		assertThat(others.all()).as("another user's address")
			.allSatisfy((marker) -> assertThat(after.rowsContaining(marker)).isNotEmpty());
		assertThat(this.tables.address(this.tables.assertCopiesAgree(othersOrder))).isEqualTo(others.address());
		assertThat(this.tables.openOrders(otherUser)).containsExactly(othersOrder);
	}

	/**
	 * Erasing again, or erasing a user the service never knew, answers 204 and changes
	 * nothing: no order gets a new version, and every copy still agrees with its order.
	 */
	@Test
	void repeatedErasureIsSafe() {
		UUID userId = UUID.randomUUID();
		UUID open = place(userId, Markers.fresh());
		UUID delivered = placeAndMove(userId, Markers.fresh(), OrderStatus.DELIVERED);
		erase(userId, userId).expectStatus().isNoContent();
		long openVersion = this.tables.orderById(open).getLong("version");
		long deliveredVersion = this.tables.orderById(delivered).getLong("version");

		erase(userId, userId).expectStatus().isNoContent();
		assertThat(this.tables.assertCopiesAgree(open).getLong("version")).isEqualTo(openVersion);
		assertThat(this.tables.assertCopiesAgree(delivered).getLong("version")).isEqualTo(deliveredVersion);
		UUID stranger = UUID.randomUUID();
		erase(stranger, stranger).expectStatus().isNoContent();
	}

	/**
	 * An admin may erase any user; staff and another user get a 403, and their refused
	 * request leaves the address where it was.
	 */
	@Test
	void theUserOrAnAdminMayEraseNobodyElse() {
		UUID userId = UUID.randomUUID();
		Markers markers = Markers.fresh();
		UUID orderId = place(userId, markers);
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF))
			.delete()
			.uri("/users/{id}", userId)
			.exchange()
			.expectStatus()
			.isForbidden();
		erase(UUID.randomUUID(), userId).expectStatus().isForbidden();
		assertThat(this.tables.address(this.tables.orderById(orderId))).isEqualTo(markers.address());

		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.delete()
			.uri("/users/{id}", userId)
			.exchange()
			.expectStatus()
			.isNoContent();
		assertThat(this.tables.address(this.tables.assertCopiesAgree(orderId))).isEqualTo(ANONYMISED);
	}

	/**
	 * An erased order that is still open stays the shop's to ship, but never the user's
	 * open order again: paying it does not list it among them, and an address the user
	 * sets later does not reach it.
	 */
	@Test
	void anErasedOpenOrderNoLongerFollowsTheUsersAddress() {
		UUID userId = UUID.randomUUID();
		UUID orderId = place(userId, Markers.fresh());
		erase(userId, userId).expectStatus().isNoContent();

		changeStatus(orderId, OrderStatus.PAID);
		this.clock.add(Duration.ofMillis(1));
		changeAddress(userId, Markers.fresh()).expectStatus().isOk().expectBody().jsonPath("$.orders").isEmpty();
		assertThat(this.tables.openOrders(userId)).isEmpty();
		Row order = this.tables.assertCopiesAgree(orderId);
		assertThat(order.getString("status")).isEqualTo(OrderStatus.PAID.name());
		assertThat(this.tables.address(order)).isEqualTo(ANONYMISED);
	}

	/**
	 * An erasure whose copy in the user's history failed for good leaves that copy with
	 * the address; nobody repeats it, and once its deadline passed the sweeper finishes
	 * it from its write intent: no table holds the address any more.
	 */
	@Test
	void theSweeperFinishesAnInterruptedErasure() {
		UUID userId = UUID.randomUUID();
		Markers markers = Markers.fresh();
		UUID orderId = place(userId, markers);
		reachTheSweepersWatermark();
		Instant minute = this.clock.instant().truncatedTo(ChronoUnit.MINUTES);
		this.failures.failWrites("orders_by_user", 1, Failure.INVALID_QUERY);

		erase(userId, userId).expectStatus().isEqualTo(500);
		assertThat(this.tables.address(this.tables.orderById(orderId))).as("the order's transaction applied")
			.isEqualTo(ANONYMISED);
		assertThat(TableSnapshot.of(this.session, KEYSPACE).rowsContaining(markers.street()))
			.as("rows still holding the street")
			.singleElement()
			.asString()
			.startsWith("orders_by_user: ");

		Instant past = minute.plus(Duration.ofMinutes(1)).plus(this.intents.settings().deadline()).plusSeconds(1);
		if (this.clock.instant().isBefore(past)) {
			this.clock.setInstant(past);
		}
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			this.sweeper.sweep().block();
			TableSnapshot swept = TableSnapshot.of(this.session, KEYSPACE);
			assertThat(markers.all()).allSatisfy((marker) -> assertThat(swept.rowsContaining(marker)).isEmpty());
		});
		assertThat(this.tables.address(this.tables.assertCopiesAgree(orderId))).isEqualTo(ANONYMISED);
	}

	/**
	 * Moves the clock (forward only: the context shares it) to the sweeper's watermark at
	 * least, so that this test's intent falls in a minute the sweeper still reads.
	 */
	private void reachTheSweepersWatermark() {
		Instant watermark = this.sweeper.sweep().map(SweepReport::sweptUntil).block();
		if (this.clock.instant().isBefore(watermark)) {
			this.clock.setInstant(watermark);
		}
	}

	/** Places an order with the markers' address, then moves it to a status as staff. */
	private UUID placeAndMove(UUID userId, Markers markers, OrderStatus status) {
		UUID orderId = place(userId, markers);
		List<OrderStatus> path = switch (status) {
			case PENDING -> List.of();
			case PAID -> List.of(OrderStatus.PAID);
			case SHIPPED -> List.of(OrderStatus.PAID, OrderStatus.SHIPPED);
			case DELIVERED -> List.of(OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.DELIVERED);
			case CANCELLED -> List.of(OrderStatus.CANCELLED);
		};
		path.forEach((next) -> changeStatus(orderId, next));
		return orderId;
	}

	private UUID place(UUID userId, Markers markers) {
		return UUID.fromString(this.client.mutateWith(this.callers.as(userId))
			.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("""
					{"items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
					 "shippingAddress": %s}""".formatted(UUID.randomUUID(), markers.json()))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(JsonNode.class)
			.returnResult()
			.getResponseBody()
			.get("orderId")
			.asString());
	}

	private void changeStatus(UUID orderId, OrderStatus status) {
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF))
			.post()
			.uri("/orders/{id}/status", orderId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("status", status))
			.exchange()
			.expectStatus()
			.isOk();
	}

	private WebTestClient.ResponseSpec changeAddress(UUID userId, Markers markers) {
		return this.client.mutateWith(this.callers.as(userId))
			.put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(markers.json())
			.exchange();
	}

	private WebTestClient.ResponseSpec erase(UUID caller, UUID userId) {
		return this.client.mutateWith(this.callers.as(caller)).delete().uri("/users/{id}", userId).exchange();
	}

	private WebTestClient.BodyContentSpec readOrder(UUID userId, UUID orderId) {
		return this.client.mutateWith(this.callers.as(userId))
			.get()
			.uri("/orders/{id}", orderId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody();
	}

	/**
	 * An address whose every personal field is a marker found nowhere else: street, city
	 * and postal code (the country, kept after an erasure, is no marker).
	 *
	 * @param street the street marker
	 * @param city the city marker
	 * @param postalCode the postal code marker
	 */
	record Markers(String street, String city, String postalCode) {

		static Markers fresh() {
			String id = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), 36);
			return new Markers("Street" + id, "City" + id, "PC" + id);
		}

		List<String> all() {
			return List.of(this.street, this.city, this.postalCode);
		}

		ShippingAddress address() {
			return new ShippingAddress(this.street, this.city, this.postalCode, "DE");
		}

		String json() {
			return """
					{"street": "%s", "city": "%s", "postalCode": "%s", "country": "DE"}""".formatted(this.street,
					this.city, this.postalCode);
		}

	}

}
