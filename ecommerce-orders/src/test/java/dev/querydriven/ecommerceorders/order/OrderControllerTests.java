package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.SliceTestConfiguration;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mockito.ArgumentCaptor;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.Callers.mockCaller;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The order API's HTTP shape: status codes, money as decimal strings, a problem naming
 * the field for every kind of bad input, which never reaches the service, and the caller
 * taken from the token: an order is placed for the caller and read by its buyer or staff.
 */
@WebFluxTest(OrderController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ OrderMapperImpl.class, SliceTestConfiguration.class })
class OrderControllerTests {

	private static final String ADDRESS = "{\"street\": \"Hauptstrasse 1\", \"city\": \"Berlin\", "
			+ "\"postalCode\": \"10115\", \"country\": \"DE\"}";

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private OrderService orders;

	/** Who places the orders of {@link #post}. */
	private final UUID buyer = UUID.randomUUID();

	/** Who moves them ({@link #postAsStaff}). */
	private final UUID clerk = UUID.randomUUID();

	private boolean expectServiceCall;

	@AfterEach
	void badInputNeverReachesTheService() {
		if (!this.expectServiceCall) {
			verifyNoInteractions(this.orders);
		}
	}

	/**
	 * A new order is 201 with its location, placed for the caller; money is written as
	 * decimal strings and read exactly from a JSON string or number.
	 */
	@Test
	void newOrderIs201WithMoneyAsDecimalStrings() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		given(this.orders.place(any(NewOrder.class), (String) isNull()))
			.willReturn(Mono.just(new PlacedOrder(order, true)));
		post("/orders", order(item("\"19.90\"", "2"), item("4.95", "1"))).expectStatus()
			.isCreated()
			.expectHeader()
			.location("/orders/" + order.orderId())
			.expectBody()
			.jsonPath("$.total")
			.isEqualTo("44.75")
			.jsonPath("$.items[0].unitPrice")
			.isEqualTo("19.90")
			.jsonPath("$.items[0].lineTotal")
			.isEqualTo("39.80")
			.jsonPath("$.shippingAddress.country")
			.isEqualTo("DE");
		ArgumentCaptor<NewOrder> request = ArgumentCaptor.forClass(NewOrder.class);
		verify(this.orders).place(request.capture(), (String) isNull());
		assertThat(request.getValue().items()).extracting(OrderItem::unitPrice)
			.containsExactly(new BigDecimal("19.90"), new BigDecimal("4.95"));
		assertThat(request.getValue().userId()).as("the order's user").isEqualTo(this.buyer);
	}

	/** A replayed placement is 200 with the same order. */
	@Test
	void replayedOrderIs200() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		given(this.orders.place(any(NewOrder.class), (String) isNull()))
			.willReturn(Mono.just(new PlacedOrder(order, false)));
		post("/orders", order(item("19.90", "2"))).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.orderId")
			.isEqualTo(order.orderId().toString());
	}

	/**
	 * A {@code userId} in the body is refused as no field of the request, never taken: an
	 * order is always the caller's.
	 */
	@Test
	void userIdInTheBodyIsRefused() {
		post("/orders",
				"{\"userId\": \"" + UUID.randomUUID() + "\", \"items\": [" + item("1.00", "1")
						+ "], \"shippingAddress\": " + ADDRESS + "}")
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).startsWith("is not a field of this request"));
	}

	/**
	 * Without a token, placing an order is a 401 problem with the bearer challenge, and
	 * the service is never called.
	 */
	@Test
	void orderWithoutATokenIs401() {
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order(item("1.00", "1")))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	/** Every kind of bad order is a 400 problem naming the offending field. */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			items             | []
			items[0].quantity | [{"productId": "%s", "name": "Kettle", "quantity": 0, "unitPrice": 1}]
			items[0].quantity | [{"productId": "%s", "name": "Kettle", "quantity": -2, "unitPrice": 1}]
			items[0].quantity | [{"productId": "%s", "name": "Kettle", "quantity": 1.5, "unitPrice": 1}]
			items[0].quantity | [{"productId": "%s", "name": "Kettle", "quantity": 1001, "unitPrice": 1}]
			items[0].unitPrice | [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": -1}]
			items[0].unitPrice | [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": 19.999}]
			items[0].unitPrice | [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "1e12"}]
			items[0].unitPrice | [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "cheap"}]
			items[0].name     | [{"productId": "%s", "name": " ", "quantity": 1, "unitPrice": 1}]
			items[0].productId | [{"productId": "nope", "name": "Kettle", "quantity": 1, "unitPrice": 1}]
			items[0]          | [null]
			""")
	void badItemIsNamed(String field, String items) {
		post("/orders",
				"{\"items\": " + items.replace("%s", UUID.randomUUID().toString()) + ", \"shippingAddress\": " + ADDRESS
						+ "}")
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
	}

	/** More lines than an order may hold is a 400 on {@code items}. */
	@Test
	void oversizedOrderIsRejected() {
		String line = item("1.00", "1");
		String items = String.join(",", Collections.nCopies(PlaceOrderRequest.MAX_ITEMS + 1, line));
		post("/orders", "{\"items\": [" + items + "], \"shippingAddress\": " + ADDRESS + "}").expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("items");
	}

	/** Missing or malformed top-level fields are named too. */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					orderId                 | {"orderId": "x", "items": [ITEM], "shippingAddress": ADDRESS}
					shippingAddress         | {"items": [ITEM]}
					shippingAddress.country | {"items": [ITEM], "shippingAddress": {"street": "a", "city": "b", "postalCode": "1", "country": "de"}}
					shippingAddress.street  | {"items": [ITEM], "shippingAddress": {"street": "", "city": "b", "postalCode": "1", "country": "DE"}}
					body                    | {"items":
					""")
	void badOrderFieldIsNamed(String field, String body) {
		post("/orders", body.replace("ITEM", item("1.00", "1")).replace("ADDRESS", ADDRESS)).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
	}

	/** An order is read by id; an unknown one is a 404 problem, an invalid id a 400. */
	@Test
	void orderByIdIsReadOr404() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		UUID unknown = UUID.randomUUID();
		given(this.orders.find(order.orderId())).willReturn(Mono.just(order));
		given(this.orders.find(unknown)).willReturn(Mono.error(new NotFoundException("No order " + unknown)));
		WebTestClient buyer = this.client.mutateWith(mockCaller(order.userId()));
		buyer.get()
			.uri("/orders/{id}", order.orderId())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.version")
			.isEqualTo(1);
		buyer.get()
			.uri("/orders/{id}", unknown)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		buyer.get()
			.uri("/orders/not-a-uuid")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("orderId");
	}

	/**
	 * An order is its buyer's and staff's to read: another signed-in user gets a 403
	 * problem, decided once the order is read; a caller without a token a 401.
	 */
	@Test
	void orderIsReadByItsBuyerOrStaffOnly() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		given(this.orders.find(order.orderId())).willReturn(Mono.just(order));
		for (WebTestClient reader : List.of(this.client.mutateWith(mockCaller(order.userId())),
				this.client.mutateWith(mockCaller(UUID.randomUUID(), Caller.STAFF)))) {
			reader.get()
				.uri("/orders/{id}", order.orderId())
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody()
				.jsonPath("$.orderId")
				.isEqualTo(order.orderId().toString());
		}
		this.client.mutateWith(mockCaller(UUID.randomUUID()))
			.get()
			.uri("/orders/{id}", order.orderId())
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.get()
			.uri("/orders/{id}", order.orderId())
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	/**
	 * A status change passes the operation id and the caller through (the service checks
	 * the caller's rights on the order); a refused one is a 409 problem.
	 */
	@Test
	void statusChangeIs200Or409() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		UUID operationId = UUID.randomUUID();
		given(this.orders.changeStatus(eq(order.orderId()), eq(OrderStatus.PAID), eq(operationId), any(Caller.class)))
			.willReturn(Mono.just(order.withStatus(OrderStatus.PAID, operationId, Instant.now())));
		given(this.orders.changeStatus(eq(order.orderId()), eq(OrderStatus.DELIVERED), any(), any(Caller.class)))
			.willReturn(Mono.error(new ConflictException("Order is PENDING and cannot become DELIVERED")));
		postAsStaff("/orders/" + order.orderId() + "/status",
				"{\"status\": \"PAID\", \"operationId\": \"" + operationId + "\"}")
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("PAID")
			.jsonPath("$.version")
			.isEqualTo(2);
		postAsStaff("/orders/" + order.orderId() + "/status", "{\"status\": \"DELIVERED\"}").expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("Order is PENDING and cannot become DELIVERED");
		ArgumentCaptor<Caller> caller = ArgumentCaptor.forClass(Caller.class);
		verify(this.orders).changeStatus(eq(order.orderId()), eq(OrderStatus.PAID), eq(operationId), caller.capture());
		assertThat(caller.getValue().id()).isEqualTo(this.clerk);
		assertThat(caller.getValue().hasRole(Caller.STAFF)).isTrue();
	}

	/** An unknown or missing status, or an invalid operation id, is a 400 naming it. */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			status      | {"status": "SHIPPING"}
			status      | {}
			status      | {"status": 3}
			operationId | {"status": "PAID", "operationId": "not-a-uuid"}
			""")
	void badStatusChangeIsNamed(String field, String body) {
		postAsStaff("/orders/" + UUID.randomUUID() + "/status", body).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
	}

	/** A request of the buyer's. */
	private WebTestClient.ResponseSpec post(String uri, String json) {
		return this.client.mutateWith(mockCaller(this.buyer))
			.post()
			.uri(uri)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json)
			.exchange();
	}

	/** A request of staff's. */
	private WebTestClient.ResponseSpec postAsStaff(String uri, String json) {
		return this.client.mutateWith(mockCaller(this.clerk, Caller.STAFF))
			.post()
			.uri(uri)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json)
			.exchange();
	}

	private static String item(String price, String quantity) {
		return "{\"productId\": \"" + UUID.randomUUID() + "\", \"name\": \"Kettle\", \"quantity\": " + quantity
				+ ", \"unitPrice\": " + price + "}";
	}

	private static String order(String... items) {
		return "{\"items\": [" + String.join(",", items) + "], \"shippingAddress\": " + ADDRESS + "}";
	}

	private static OrdersByIdRow order() {
		Instant now = Instant.parse("2026-05-03T10:15:30Z");
		List<OrderItem> items = List.of(new OrderItem(UUID.randomUUID(), "Kettle", 2, new BigDecimal("19.90")),
				new OrderItem(UUID.randomUUID(), "Filters", 1, new BigDecimal("4.95")));
		return new OrdersByIdRow(UUID.randomUUID(), UUID.randomUUID(), now, OrderStatus.PENDING, items,
				new BigDecimal("44.75"), new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"), 0, 1, "digest",
				List.of(new OrderOperation(UUID.randomUUID(), OrderOperation.PLACED, 1, now)), now);
	}

}
