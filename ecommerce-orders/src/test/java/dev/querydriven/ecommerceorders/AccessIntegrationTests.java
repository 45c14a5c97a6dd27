package dev.querydriven.ecommerceorders;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.RecordedRequest;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClientConfigurer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may act, over HTTP with real signed tokens: each route answers a caller without a
 * token with a 401 and the bearer challenge, a caller who may not act with a 403, and its
 * owner or staff with what they asked for; a buyer may cancel their open order and make
 * no other change, and a refused change writes nothing.
 */
@EcommerceOrdersIntegrationTest
class AccessIntegrationTests {

	private static final String ADDRESS = """
			{"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}""";

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private CqlSession session;

	private final UUID buyer = UUID.randomUUID();

	private final UUID productId = UUID.randomUUID();

	private UUID orderId;

	@BeforeEach
	void placeAnOrder() {
		this.orderId = place();
	}

	/** Every route of the API, as its owner or staff sends it. */
	enum Route {

		PLACE(HttpMethod.POST, "/orders", "signed-in"), READ(HttpMethod.GET, "/orders/{orderId}", "owner or staff"),
		CHANGE_STATUS(HttpMethod.POST, "/orders/{orderId}/status", "staff, or owner to cancel"),
		QUEUE(HttpMethod.GET, "/orders", "staff"),
		PRODUCT_ORDERS(HttpMethod.GET, "/products/{productId}/orders", "staff"),
		USER_ORDERS(HttpMethod.GET, "/users/{userId}/orders", "owner"),
		ADDRESS(HttpMethod.GET, "/users/{userId}/shipping-address", "owner"),
		CHANGE_ADDRESS(HttpMethod.PUT, "/users/{userId}/shipping-address", "owner"),
		ERASE(HttpMethod.DELETE, "/users/{userId}", "owner or admin");

		final HttpMethod method;

		final String path;

		final String rule;

		Route(HttpMethod method, String path, String rule) {
			this.method = method;
			this.path = path;
			this.rule = rule;
		}

		/** Whether the owner (not staff) is who acts here. */
		boolean forTheOwner() {
			return this.rule.startsWith("owner") || this.rule.equals("signed-in");
		}

	}

	/**
	 * Without a token, every route is a 401 problem whose {@code WWW-Authenticate} starts
	 * with {@code Bearer}, and nothing of the request reaches the service.
	 */
	@ParameterizedTest
	@EnumSource(Route.class)
	void withoutATokenEveryRouteIs401(Route route) {
		send(this.client, route).expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	/**
	 * A signed-in user who is neither the owner nor staff gets a 403 problem on every
	 * route but placing an order (for themselves), which any signed-in user may do.
	 */
	@ParameterizedTest
	@EnumSource(value = Route.class, names = "PLACE", mode = EnumSource.Mode.EXCLUDE)
	void anotherUserIsRefusedWith403(Route route) {
		send(this.client.mutateWith(this.callers.as(UUID.randomUUID())), route).expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	/**
	 * Every route serves its owner (the buyer) or staff, whichever its rule names; the
	 * staff's own routes are refused to the buyer.
	 */
	@ParameterizedTest
	@EnumSource(Route.class)
	void theOwnerOrStaffIsServed(Route route) {
		WebTestClient owner = this.client.mutateWith(this.callers.as(this.buyer));
		WebTestClient staff = this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF));
		if (route == Route.ADDRESS) {
			send(owner, Route.CHANGE_ADDRESS).expectStatus().isOk();
		}
		send(route.forTheOwner() ? owner : staff, route).expectStatus().is2xxSuccessful();
		if (!route.forTheOwner()) {
			send(owner, route).expectStatus().isForbidden();
		}
	}

	/**
	 * Staff read any order; the order a user places is theirs, whatever the request might
	 * have wanted.
	 */
	@Test
	void staffReadAnyOrderAndAnOrderIsItsCallers() {
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF))
			.get()
			.uri("/orders/{orderId}", this.orderId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.userId")
			.isEqualTo(this.buyer.toString());
	}

	/**
	 * The buyer cancels their order while it is {@code PENDING} or {@code PAID}; staff
	 * move it any legal way.
	 */
	@Test
	void theBuyerCancelsAnOpenOrder() {
		changeStatus(this.callers.as(this.buyer), this.orderId, OrderStatus.CANCELLED).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("CANCELLED");
		UUID paid = place();
		changeStatus(staff(), paid, OrderStatus.PAID).expectStatus().isOk();
		changeStatus(this.callers.as(this.buyer), paid, OrderStatus.CANCELLED).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("CANCELLED");
	}

	/**
	 * Every other change of the buyer's is a 403, a legal one for staff included (paying,
	 * cancelling a shipped order), and so is another user's cancel; each refused change
	 * reads the order and writes nothing, and staff may then make the legal ones.
	 */
	@Test
	void everyOtherChangeIsRefusedBeforeAnythingIsWritten() {
		assertRefusedWithoutAWrite(this.callers.as(this.buyer), this.orderId, OrderStatus.PAID);
		assertRefusedWithoutAWrite(this.callers.as(UUID.randomUUID()), this.orderId, OrderStatus.CANCELLED);
		assertThat(status(this.orderId)).isEqualTo(OrderStatus.PENDING);

		changeStatus(staff(), this.orderId, OrderStatus.PAID).expectStatus().isOk();
		changeStatus(staff(), this.orderId, OrderStatus.SHIPPED).expectStatus().isOk();
		assertRefusedWithoutAWrite(this.callers.as(this.buyer), this.orderId, OrderStatus.CANCELLED);
		assertRefusedWithoutAWrite(this.callers.as(this.buyer), this.orderId, OrderStatus.DELIVERED);
		assertThat(status(this.orderId)).isEqualTo(OrderStatus.SHIPPED);
		changeStatus(staff(), this.orderId, OrderStatus.DELIVERED).expectStatus().isOk();
	}

	/**
	 * The OpenAPI document shows every operation's rule ({@code x-access}) and the bearer
	 * scheme on each that needs a token.
	 */
	@Test
	void theDocumentShowsEveryOperationsRule() {
		JsonNode paths = this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(JsonNode.class)
			.returnResult()
			.getResponseBody()
			.get("paths");
		for (Route route : Route.values()) {
			JsonNode operation = paths.get(route.path).get(route.method.name().toLowerCase());
			assertThat(operation.get("x-access").asString()).as("%s %s", route.method, route.path)
				.isEqualTo(route.rule);
			assertThat(operation.get("security").toString()).contains("bearer");
		}
		assertThat(paths.properties()).as("operations of the document")
			.allSatisfy((path) -> path.getValue()
				.properties()
				.forEach((operation) -> assertThat(operation.getValue().has("x-access"))
					.as("%s %s", operation.getKey(), path.getKey())
					.isTrue()));
	}

	private void assertRefusedWithoutAWrite(WebTestClientConfigurer caller, UUID orderId, OrderStatus target) {
		List<RecordedRequest> requests = this.recorder
			.record(() -> changeStatus(caller, orderId, target).expectStatus().isForbidden())
			.requests("POST /orders/{orderId}/status")
			.stream()
			// Only this change: a copy another test's change still completes may land
			// here.
			.filter((request) -> request.partitionsRead()
				.contains(new RecordedStatement.Partition("ecommerce_orders.orders_by_id", List.of(orderId))))
			.toList();
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.partitionsWritten()).as("written by a refused change").isEmpty();
			assertThat(request.statements()).as("its statements")
				.allSatisfy((statement) -> assertThat(statement.table()).isEqualTo("ecommerce_orders.orders_by_id"));
		});
	}

	private WebTestClient.ResponseSpec changeStatus(WebTestClientConfigurer caller, UUID orderId, OrderStatus target) {
		return this.client.mutateWith(caller)
			.post()
			.uri("/orders/{orderId}/status", orderId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("status", target))
			.exchange();
	}

	private WebTestClientConfigurer staff() {
		return this.callers.as(UUID.randomUUID(), Caller.STAFF);
	}

	/** A request of the route, on this test's order, product and buyer. */
	private WebTestClient.ResponseSpec send(WebTestClient client, Route route) {
		String uri = route.path.replace("{orderId}", this.orderId.toString())
			.replace("{productId}", this.productId.toString())
			.replace("{userId}", this.buyer.toString());
		return switch (route) {
			case PLACE -> client.post().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(order()).exchange();
			case CHANGE_STATUS -> client.post()
				.uri(uri)
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue("{\"status\": \"PAID\"}")
				.exchange();
			case QUEUE -> client.get().uri(uri + "?status=PENDING&limit=1").exchange();
			case CHANGE_ADDRESS ->
				client.put().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(ADDRESS).exchange();
			default -> client.method(route.method).uri(uri).exchange();
		};
	}

	/** Places an order of this test's product for the buyer, over HTTP. */
	private UUID place() {
		return UUID.fromString(this.client.mutateWith(this.callers.as(this.buyer))
			.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order())
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.CREATED)
			.expectBody(JsonNode.class)
			.returnResult()
			.getResponseBody()
			.get("orderId")
			.asString());
	}

	private String order() {
		return """
				{"items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
				 "shippingAddress": %s}""".formatted(this.productId, ADDRESS);
	}

	private OrderStatus status(UUID orderId) {
		Row row = new OrderTables(this.session).orderById(orderId);
		return OrderStatus.valueOf(row.getString("status"));
	}

}
