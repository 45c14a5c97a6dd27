package dev.querydriven.ecommerceorders;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.threeten.extra.MutableClock;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service end to end over HTTP on a real node: the README's walk through the API, as
 * a buyer and a member of staff, and bad input that gets a 4xx problem naming the field,
 * never a 5xx, and writes nothing.
 */
@EcommerceOrdersIntegrationTest
class EcommerceOrdersApplicationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@LocalManagementPort
	private int managementPort;

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
	 * The buyer places (201), replays (200, same order) and reads the order; staff find
	 * it in the product's orders and the queue, pay it, replay the payment (200) and try
	 * an illegal change (409); the buyer changes the address of the open order.
	 */
	@Test
	@ServesQuery({ "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8" })
	void orderLifecycleOverHttp() {
		UUID userId = UUID.randomUUID();
		WebTestClient buyer = this.client.mutateWith(this.callers.as(userId));
		WebTestClient staff = staff();
		UUID orderId = UUID.randomUUID();
		UUID productId = UUID.randomUUID();
		String order = """
				{"orderId": "%s",
				 "items": [{"productId": "%s", "name": "Pour-over kettle", "quantity": 2, "unitPrice": "19.90"},
				           {"productId": "%s", "name": "Filters", "quantity": 1, "unitPrice": 4.95}],
				 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
				"""
			.formatted(orderId, productId, UUID.randomUUID());
		post(buyer, "/orders", order).expectStatus()
			.isCreated()
			.expectHeader()
			.location("/orders/" + orderId)
			.expectBody()
			.jsonPath("$.total")
			.isEqualTo("44.75")
			.jsonPath("$.items[0].unitPrice")
			.isEqualTo("19.90")
			.jsonPath("$.items[0].lineTotal")
			.isEqualTo("39.80")
			.jsonPath("$.status")
			.isEqualTo("PENDING")
			.jsonPath("$.userId")
			.isEqualTo(userId.toString());
		post(buyer, "/orders", order).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.orderId")
			.isEqualTo(orderId.toString());

		buyer.get()
			.uri("/orders/{id}", orderId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.version")
			.isEqualTo(1);
		buyer.get()
			.uri("/users/{id}/orders", userId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].orderId")
			.isEqualTo(orderId.toString())
			.jsonPath("$.next")
			.isEmpty();
		staff.get()
			.uri("/products/{id}/orders", productId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].quantity")
			.isEqualTo(2);
		assertThat(queue("PENDING")).contains(orderId.toString());

		String payment = "{\"status\": \"PAID\", \"operationId\": \"" + UUID.randomUUID() + "\"}";
		post(staff, "/orders/" + orderId + "/status", payment).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("PAID");
		post(staff, "/orders/" + orderId + "/status", payment).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.version")
			.isEqualTo(2);
		assertThat(queue("PAID")).contains(orderId.toString());
		assertThat(queue("PENDING")).doesNotContain(orderId.toString());
		post(staff, "/orders/" + orderId + "/status", "{\"status\": \"DELIVERED\"}").expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);

		// A moment later (the clock stands still until a test moves it), the user moves:
		// the open order placed before follows the new address.
		this.clock.add(Duration.ofMillis(1));
		buyer.put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"street\": \"Lindenallee 7\", \"city\": \"Leipzig\", \"postalCode\": \"04109\", "
					+ "\"country\": \"DE\"}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.version")
			.isEqualTo(1)
			.jsonPath("$.orders[0].outcome")
			.isEqualTo("UPDATED");
		buyer.get()
			.uri("/users/{id}/shipping-address", userId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.shippingAddress.city")
			.isEqualTo("Leipzig");
		this.tables.assertCopiesAgree(orderId);
	}

	static List<Map.Entry<String, String>> badOrders() {
		String item = "{\"productId\": \"%s\", \"name\": \"Kettle\", \"quantity\": %s, \"unitPrice\": %s}";
		String address = "{\"street\": \"Hauptstrasse 1\", \"city\": \"Berlin\", \"postalCode\": \"10115\", "
				+ "\"country\": \"DE\"}";
		String order = "{\"orderId\": \"%s\", \"items\": [%s], \"shippingAddress\": %s}";
		String many = String.join(",", Collections.nCopies(51, item.formatted(UUID.randomUUID(), "1", "\"1.00\"")));
		return List.of(Map.entry("items", order.formatted("%s", "", address)),
				Map.entry("items[0].quantity",
						order.formatted("%s", item.formatted(UUID.randomUUID(), "0", "1"), address)),
				Map.entry("items[0].quantity",
						order.formatted("%s", item.formatted(UUID.randomUUID(), "1.5", "1"), address)),
				Map.entry("items[0].unitPrice",
						order.formatted("%s", item.formatted(UUID.randomUUID(), "1", "-0.01"), address)),
				Map.entry("items[0].unitPrice",
						order.formatted("%s", item.formatted(UUID.randomUUID(), "1", "\"19.999\""), address)),
				Map.entry("items[0].unitPrice",
						order.formatted("%s", item.formatted(UUID.randomUUID(), "1", "\"abc\""), address)),
				Map.entry("items", order.formatted("%s", many, address)),
				Map.entry("userId", "{\"orderId\": \"%s\", \"userId\": \"" + UUID.randomUUID() + "\", \"items\": ["
						+ item.formatted(UUID.randomUUID(), "1", "1") + "], \"shippingAddress\": " + address + "}"),
				Map.entry("shippingAddress.country",
						order.formatted("%s", item.formatted(UUID.randomUUID(), "1", "1"),
								address.replace("\"DE\"", "\"Germany\""))),
				Map.entry("body", "{\"orderId\": \"%s\", \"items\": "));
	}

	/**
	 * Every kind of bad order is a 400 problem naming the field, and leaves no row in any
	 * table; a {@code userId} in the body is no field of the request, since an order is
	 * always the caller's.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("badOrders")
	void badOrderIsA400NamingTheFieldAndWritesNothing(Map.Entry<String, String> bad) {
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		String body = bad.getValue().replaceFirst("%s", orderId.toString());
		post(this.client.mutateWith(this.callers.as(userId)), "/orders", body).expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + bad.getKey() + "')]")
			.exists();
		this.tables.assertNoTrace(orderId, userId, List.of(), today());
	}

	/**
	 * Bad status changes and list parameters are 4xx problems too: an unknown status, an
	 * invalid id, a final status as a queue, a page size out of range.
	 */
	@Test
	void badParametersAre4xxProblems() {
		UUID orderId = UUID.randomUUID();
		WebTestClient staff = staff();
		post(staff, "/orders/" + orderId + "/status", "{\"status\": \"SHIPPING\"}").expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("status");
		post(staff, "/orders/" + orderId + "/status", "{\"status\": \"PAID\"}").expectStatus().isNotFound();
		staff.get().uri("/orders/not-a-uuid").exchange().expectStatus().isBadRequest();
		staff.get()
			.uri("/orders?status=DELIVERED")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("status");
		staff.get()
			.uri("/orders?status=PENDING&limit=101")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		UUID userId = UUID.randomUUID();
		this.client.mutateWith(this.callers.as(userId))
			.get()
			.uri("/users/{id}/orders?cursor=forged", userId)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
		assertThat(this.tables.orderById(orderId)).isNull();
	}

	/**
	 * A misspelled {@code orderId} is refused, naming it, rather than ignored: ignored,
	 * it would turn the client's safe retry into a second order.
	 */
	@Test
	void misspelledOrderIdIsRefusedNotANewOrder() {
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		String order = """
				{"orderID": "%s",
				 "items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": 19.90}],
				 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
				"""
			.formatted(orderId, UUID.randomUUID());
		post(this.client.mutateWith(this.callers.as(userId)), "/orders", order).expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].pointer")
			.isEqualTo("#/orderID");
		this.tables.assertNoTrace(orderId, userId, List.of(), today());
	}

	/**
	 * A misspelled {@code operationId} on a status change is refused too: ignored, a
	 * retried payment would be a new operation and answer 409 instead of 200.
	 */
	@Test
	void misspelledOperationIdIsRefused() {
		UUID orderId = UUID.randomUUID();
		WebTestClient buyer = this.client.mutateWith(this.callers.as(UUID.randomUUID()));
		String order = """
				{"orderId": "%s",
				 "items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
				 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
				"""
			.formatted(orderId, UUID.randomUUID());
		post(buyer, "/orders", order).expectStatus().isCreated();
		post(staff(), "/orders/" + orderId + "/status",
				"{\"status\": \"PAID\", \"operationID\": \"" + UUID.randomUUID() + "\"}")
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].pointer")
			.isEqualTo("#/operationID");
		buyer.get()
			.uri("/orders/{id}", orderId)
			.exchange()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("PENDING")
			.jsonPath("$.version")
			.isEqualTo(1);
	}

	/**
	 * A JSON number where a string is expected is refused, not turned into text; a number
	 * for a price is the one documented leniency the other way round.
	 */
	@Test
	void numberWhereAStringIsExpectedIsRefused() {
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		String order = """
				{"orderId": "%s",
				 "items": [{"productId": "%s", "name": 42, "quantity": 1, "unitPrice": "19.90"}],
				 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": 10115, "country": "DE"}}
				"""
			.formatted(orderId, UUID.randomUUID());
		post(this.client.mutateWith(this.callers.as(userId)), "/orders", order).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].pointer")
			.value((String pointer) -> assertThat(pointer).isIn("#/items/0/name", "#/shippingAddress/postalCode"));
		this.tables.assertNoTrace(orderId, userId, List.of(), today());
	}

	/**
	 * The API documentation is public and names each operation's rule; the health
	 * endpoint answers anyone on the management port, whose other endpoints are for
	 * admins, and nothing of actuator is left on the application port. The document shows
	 * the paging parameters' bounds.
	 */
	@Test
	void openApiAndHealthAreServed() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.paths['/orders/{orderId}/status'].post.x-access")
			.isEqualTo("staff, or owner to cancel")
			.jsonPath("$.paths['/orders'].post.x-access")
			.isEqualTo("signed-in")
			// The paging bounds, checked where the parameters are read, are documented.
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[1].name")
			.isEqualTo("cursor")
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[1].schema.maxLength")
			.isEqualTo(1024)
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[2].name")
			.isEqualTo("limit")
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[2].schema.type")
			.isEqualTo("integer")
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[2].schema.minimum")
			.isEqualTo(1)
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[2].schema.maximum")
			.isEqualTo(100)
			.jsonPath("$.paths['/users/{userId}/orders'].get.parameters[2].schema.default")
			.isEqualTo(20)
			.jsonPath("$.components.schemas.PageLimit")
			.doesNotExist();
		WebTestClient management = WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.managementPort)
			.responseTimeout(Duration.ofSeconds(30))
			.build();
		management.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
		management.get().uri("/actuator/metrics").exchange().expectStatus().isUnauthorized();
		management.mutateWith(this.callers.as(UUID.randomUUID()))
			.get()
			.uri("/actuator/metrics")
			.exchange()
			.expectStatus()
			.isForbidden();
		management.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/actuator/metrics")
			.exchange()
			.expectStatus()
			.isOk();
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isNotFound();
	}

	private WebTestClient staff() {
		return this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF));
	}

	private static WebTestClient.ResponseSpec post(WebTestClient client, String uri, String json) {
		return client.post().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(json).exchange();
	}

	private List<String> queue(String status) {
		List<String> ids = new ArrayList<>();
		String cursor = null;
		do {
			String after = cursor;
			QueuePage page = staff().get()
				.uri((uri) -> uri.path("/orders")
					.queryParam("status", status)
					.queryParam("limit", 100)
					.queryParamIfPresent("cursor", Optional.ofNullable(after))
					.build())
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody(QueuePage.class)
				.returnResult()
				.getResponseBody();
			page.items().forEach((item) -> ids.add(String.valueOf(item.get("orderId"))));
			cursor = page.next();
		}
		while (cursor != null);
		return ids;
	}

	record QueuePage(List<Map<String, Object>> items, String next) {

	}

	private LocalDate today() {
		return LocalDate.ofInstant(this.clock.instant(), ZoneOffset.UTC);
	}

}
