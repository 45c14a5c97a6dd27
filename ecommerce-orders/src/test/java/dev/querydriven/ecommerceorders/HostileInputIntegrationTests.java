package dev.querydriven.ecommerceorders;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;

import dev.querydriven.ecommerceorders.order.OrderItemRequest;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.ecommerceorders.user.UserService;
import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.hostile.Mutations;
import dev.querydriven.testsupport.hostile.ValidRequest;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/**
 * Every operation of the service's OpenAPI document against hostile input: each request
 * changes one thing of a valid one and must be a 4xx problem naming it, and afterwards
 * the tables hold exactly what the valid requests wrote.
 */
@EcommerceOrdersIntegrationTest
class HostileInputIntegrationTests {

	private static final String ADDRESS = """
			{"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}""";

	@Autowired
	private WebTestClient client;

	@Autowired
	private OrderService orders;

	@Autowired
	private UserService users;

	private UUID place(UUID userId, UUID productId) {
		OrderItemRequest item = new OrderItemRequest(productId, "Filter", 2, new BigDecimal("4.95"));
		return this.orders.place(TestOrders.order(userId, List.of(item))).block().order().orderId();
	}

	/**
	 * Generated from {@code /v3/api-docs}: a new endpoint is covered as soon as it
	 * exists.
	 */
	@TestFactory
	Stream<DynamicNode> everyOperationRefusesHostileInput() {
		UUID userId = UUID.randomUUID();
		UUID productId = UUID.randomUUID();
		this.users.changeShippingAddress(userId, new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"))
			.block();
		// Two orders of one product by one user, so that every list has a second page.
		UUID first = place(userId, productId);
		UUID second = place(userId, productId);
		UUID payment = UUID.randomUUID();
		Supplier<ValidRequest> newOrder = () -> request().body("""
				{"orderId": "%s", "userId": "%s",
				 "items": [{"productId": "%s", "name": "Pour-over kettle", "quantity": 2, "unitPrice": 19.90}],
				 "shippingAddress": %s}""".formatted(UUID.randomUUID(), userId, productId, ADDRESS));
		return HostileInput.against(this.client)
			.keyspace("ecommerce_orders")
			.valid("POST /orders", newOrder)
			.valid("GET /orders/{orderId}", request().path("orderId", first))
			.valid("POST /orders/{orderId}/status",
					request().path("orderId", second)
						.body("{\"status\": \"" + OrderStatus.PAID + "\", \"operationId\": \"" + payment + "\"}"))
			.valid("GET /orders", request().query("status", OrderStatus.PENDING))
			.valid("GET /products/{productId}/orders", request().path("productId", productId))
			.valid("GET /users/{userId}/orders", request().path("userId", userId))
			.valid("GET /users/{userId}/shipping-address", request().path("userId", userId))
			.valid("PUT /users/{userId}/shipping-address", request().path("userId", userId).body(ADDRESS))
			.lenient("POST /orders", "#/items/0/unitPrice", Mutations.NUMERIC_STRING,
					"a price may be a decimal string, so that no client rounds it through a binary float")
			.tests();
	}

}
