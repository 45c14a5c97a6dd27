package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

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
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The order API's HTTP shape: status codes, money as decimal strings, and a problem
 * naming the field for every kind of bad input, which never reaches the service.
 */
@WebFluxTest(OrderController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import(OrderMapperImpl.class)
class OrderControllerTests {

	private static final String ADDRESS = "{\"street\": \"Hauptstrasse 1\", \"city\": \"Berlin\", "
			+ "\"postalCode\": \"10115\", \"country\": \"DE\"}";

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private OrderService orders;

	private boolean expectServiceCall;

	@AfterEach
	void badInputNeverReachesTheService() {
		if (!this.expectServiceCall) {
			verifyNoInteractions(this.orders);
		}
	}

	/**
	 * A new order is 201 with its location; money is written as decimal strings and read
	 * exactly from a JSON string or number.
	 */
	@Test
	void newOrderIs201WithMoneyAsDecimalStrings() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		given(this.orders.place(any(NewOrder.class), (String) isNull()))
			.willReturn(Mono.just(new PlacedOrder(order, true)));
		post("/orders", order(order.userId(), item("\"19.90\"", "2"), item("4.95", "1"))).expectStatus()
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
	}

	/** A replayed placement is 200 with the same order. */
	@Test
	void replayedOrderIs200() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		given(this.orders.place(any(NewOrder.class), (String) isNull()))
			.willReturn(Mono.just(new PlacedOrder(order, false)));
		post("/orders", order(order.userId(), item("19.90", "2"))).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.orderId")
			.isEqualTo(order.orderId().toString());
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
				"{\"userId\": \"" + UUID.randomUUID() + "\", \"items\": "
						+ items.replace("%s", UUID.randomUUID().toString()) + ", \"shippingAddress\": " + ADDRESS + "}")
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
		post("/orders",
				"{\"userId\": \"" + UUID.randomUUID() + "\", \"items\": [" + items + "], \"shippingAddress\": "
						+ ADDRESS + "}")
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("items");
	}

	/** Missing or malformed top-level fields are named too. */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					userId                  | {"items": [ITEM], "shippingAddress": ADDRESS}
					userId                  | {"userId": "42", "items": [ITEM], "shippingAddress": ADDRESS}
					orderId                 | {"orderId": "x", "userId": "USER", "items": [ITEM], "shippingAddress": ADDRESS}
					shippingAddress         | {"userId": "USER", "items": [ITEM]}
					shippingAddress.country | {"userId": "USER", "items": [ITEM], "shippingAddress": {"street": "a", "city": "b", "postalCode": "1", "country": "de"}}
					shippingAddress.street  | {"userId": "USER", "items": [ITEM], "shippingAddress": {"street": "", "city": "b", "postalCode": "1", "country": "DE"}}
					body                    | {"userId":
					""")
	void badOrderFieldIsNamed(String field, String body) {
		post("/orders",
				body.replace("ITEM", item("1.00", "1"))
					.replace("ADDRESS", ADDRESS)
					.replace("USER", UUID.randomUUID().toString()))
			.expectStatus()
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
		this.client.get()
			.uri("/orders/{id}", order.orderId())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.version")
			.isEqualTo(1);
		this.client.get()
			.uri("/orders/{id}", unknown)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.get()
			.uri("/orders/not-a-uuid")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("orderId");
	}

	/**
	 * A status change passes the operation id through; a refused one is a 409 problem.
	 */
	@Test
	void statusChangeIs200Or409() {
		this.expectServiceCall = true;
		OrdersByIdRow order = order();
		UUID operationId = UUID.randomUUID();
		given(this.orders.changeStatus(order.orderId(), OrderStatus.PAID, operationId))
			.willReturn(Mono.just(order.withStatus(OrderStatus.PAID, operationId, Instant.now())));
		given(this.orders.changeStatus(eq(order.orderId()), eq(OrderStatus.DELIVERED), any()))
			.willReturn(Mono.error(new ConflictException("Order is PENDING and cannot become DELIVERED")));
		post("/orders/" + order.orderId() + "/status",
				"{\"status\": \"PAID\", \"operationId\": \"" + operationId + "\"}")
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("PAID")
			.jsonPath("$.version")
			.isEqualTo(2);
		post("/orders/" + order.orderId() + "/status", "{\"status\": \"DELIVERED\"}").expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("Order is PENDING and cannot become DELIVERED");
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
		post("/orders/" + UUID.randomUUID() + "/status", body).expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
	}

	private WebTestClient.ResponseSpec post(String uri, String json) {
		return this.client.post().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(json).exchange();
	}

	private static String item(String price, String quantity) {
		return "{\"productId\": \"" + UUID.randomUUID() + "\", \"name\": \"Kettle\", \"quantity\": " + quantity
				+ ", \"unitPrice\": " + price + "}";
	}

	private static String order(UUID userId, String... items) {
		return "{\"userId\": \"" + userId + "\", \"items\": [" + String.join(",", items) + "], \"shippingAddress\": "
				+ ADDRESS + "}";
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
