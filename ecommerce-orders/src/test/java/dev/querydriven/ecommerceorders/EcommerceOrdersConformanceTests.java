package dev.querydriven.ecommerceorders;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.ecommerceorders.user.UserService;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.AcceptedWarning;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.hostile.HostileInput;
import dev.querydriven.testsupport.hostile.Mutations;
import dev.querydriven.testsupport.hostile.ValidRequest;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Order;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@EcommerceOrdersIntegrationTest
@Order(Integer.MAX_VALUE)
class EcommerceOrdersConformanceTests extends ServiceConformanceTests {

	private static final String ADDRESS = """
			{"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}""";

	@Autowired
	private OrderService orders;

	@Autowired
	private UserService users;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private Callers callers;

	@Override
	protected QueryCatalog catalog() {
		return new EcommerceOrdersQueryCatalog();
	}

	/**
	 * No CQL-template exception: every table of this service is read and written through
	 * Spring Data entities.
	 */
	@Override
	protected ServiceArchitectureRules architecture() {
		return ServiceArchitectureRules.forService("ecommerce-orders", "dev.querydriven.ecommerceorders");
	}

	/**
	 * The two warnings the README defends, both the price of deleting rows from
	 * partitions that are read.
	 */
	@Override
	protected List<AcceptedWarning> acceptedWarnings() {
		return List.of(
				new AcceptedWarning("orders_by_status", "tombstones",
						"a status change moves the order out of its queue; the day bucket caps a partition's "
								+ "tombstones at one day's orders, and the watermark keeps reads out of emptied days"),
				new AcceptedWarning("open_orders_by_user", "tombstones",
						"a shipped or cancelled order leaves the user's open orders: a handful of tombstones per "
								+ "user, where keeping closed orders would grow the partition for ever"));
	}

	/**
	 * Two orders of one product by one user, so that every list has a second page, and a
	 * shipping address; another user with an address and an order to erase; prices may be
	 * decimal strings. The user's requests carry the user's token, the queue, the
	 * product's orders and the status change a token of staff's.
	 */
	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		UUID userId = UUID.randomUUID();
		String buyer = "Bearer " + this.callers.tokens().forUser(userId);
		String staff = "Bearer " + this.callers.tokens().forUser(UUID.randomUUID(), Caller.STAFF);
		UUID productId = UUID.randomUUID();
		this.users.changeShippingAddress(userId, new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"))
			.block();
		UUID first = place(userId, productId);
		UUID second = place(userId, productId);
		UUID payment = UUID.randomUUID();
		// Erasure gets a user of its own, with an address and an order, so that the
		// other valid requests still find the first user's.
		UUID leaving = UUID.randomUUID();
		String leaver = "Bearer " + this.callers.tokens().forUser(leaving);
		this.users.changeShippingAddress(leaving, new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"))
			.block();
		place(leaving, UUID.randomUUID());
		Supplier<ValidRequest> newOrder = () -> request().header(HttpHeaders.AUTHORIZATION, buyer).body("""
				{"orderId": "%s",
				 "items": [{"productId": "%s", "name": "Pour-over kettle", "quantity": 2, "unitPrice": 19.90}],
				 "shippingAddress": %s}""".formatted(UUID.randomUUID(), productId, ADDRESS));
		return requests.valid("POST /orders", newOrder)
			.valid("GET /orders/{orderId}", request().header(HttpHeaders.AUTHORIZATION, buyer).path("orderId", first))
			.valid("POST /orders/{orderId}/status",
					request().header(HttpHeaders.AUTHORIZATION, staff)
						.path("orderId", second)
						.body("{\"status\": \"" + OrderStatus.PAID + "\", \"operationId\": \"" + payment + "\"}"))
			.valid("GET /orders",
					request().header(HttpHeaders.AUTHORIZATION, staff).query("status", OrderStatus.PENDING))
			.valid("GET /products/{productId}/orders",
					request().header(HttpHeaders.AUTHORIZATION, staff).path("productId", productId))
			.valid("GET /users/{userId}/orders",
					request().header(HttpHeaders.AUTHORIZATION, buyer).path("userId", userId))
			.valid("GET /users/{userId}/shipping-address",
					request().header(HttpHeaders.AUTHORIZATION, buyer).path("userId", userId))
			.valid("PUT /users/{userId}/shipping-address",
					request().header(HttpHeaders.AUTHORIZATION, buyer).path("userId", userId).body(ADDRESS))
			.valid("DELETE /users/{userId}",
					request().header(HttpHeaders.AUTHORIZATION, leaver).path("userId", leaving))
			.lenient("POST /orders", "#/items/0/unitPrice", Mutations.NUMERIC_STRING,
					"a price may be a decimal string, so that no client rounds it through a binary float");
	}

	private UUID place(UUID userId, UUID productId) {
		OrderItem item = new OrderItem(productId, "Filter", 2, new BigDecimal("4.95"));
		return this.orders.place(TestOrders.order(userId, List.of(item))).block().order().orderId();
	}

}
