package dev.querydriven.processtests;

import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.benchmarks.api.HttpCall.Caller;
import dev.querydriven.benchmarks.http.ServiceJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static dev.querydriven.processtests.ServiceProcess.user;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * ecommerce-orders' jar cut short in the middle of its two LWT-sourced changes, a
 * placement ({@code order-placed}) and a status change ({@code order-status-changed}):
 * halted right after the order's lightweight transaction, left by a client that closes
 * its socket, and stopped by a {@code SIGTERM}, each while the copies wait. Every change
 * shows in the user's orders and in the fulfilment queue afterwards. The buyer places and
 * reads their orders with their own token (an order is its caller's); a member of staff
 * changes statuses and reads the queue, as the warehouse does.
 */
@Tag("slow")
class EcommerceOrdersProcessIntegrationTests {

	private static final String SOURCE = "SELECT status, order_time FROM ecommerce_orders.orders_by_id WHERE order_id = ?";

	private static final String USER_COPY = "SELECT status FROM ecommerce_orders.orders_by_user "
			+ "WHERE user_id = ? AND order_time = ? AND order_id = ?";

	private static final Caller STAFF = user(UUID.randomUUID(), "staff");

	private static ServiceProcess orders;

	@BeforeAll
	static void service() {
		orders = new ServiceProcess("ecommerce-orders");
	}

	@AfterAll
	static void close() {
		orders.close();
	}

	/**
	 * A placement and a status change halted after their LWT are finished by the next
	 * JVM's sweeper within 30 s; a placement and a status change whose client closed its
	 * socket are finished by the same JVM; and two more in flight at a {@code SIGTERM}
	 * are finished before it exits.
	 */
	@Test
	void everyOrderChangeBegunIsFinished() throws Exception {
		UUID userId = UUID.randomUUID();
		Caller buyer = user(userId);
		UUID placed = UUID.randomUUID();
		UUID paid = UUID.randomUUID();
		try (ServiceJvm jvm = orders.halting("order-placed")) {
			orders.sendUntilHalted(jvm, buyer, "POST", "/orders", order(placed));
		}
		assertThat(source(placed).getString("status")).as("the placement's LWT applied").isEqualTo("PENDING");
		assertThat(userCopy(userId, placed)).as("its copies were not written").isNull();
		try (ServiceJvm jvm = orders.halting("order-status-changed")) {
			assertThat(orders.send(jvm, buyer, "POST", "/orders", order(paid)).statusCode()).isEqualTo(201);
			orders.sendUntilHalted(jvm, STAFF, "POST", "/orders/" + paid + "/status", status("PAID"));
		}
		assertThat(source(paid).getString("status")).as("the status change's LWT applied").isEqualTo("PAID");
		assertThat(userCopy(userId, paid).getString("status")).as("its copies were not").isEqualTo("PENDING");

		UUID abandoned = UUID.randomUUID();
		UUID terminated = UUID.randomUUID();
		try (ServiceJvm jvm = orders.delaying()) {
			String history = "/users/" + userId + "/orders";
			orders.awaitJson(jvm, buyer, history, item(placed), "PENDING");
			orders.awaitJson(jvm, buyer, history, item(paid), "PAID");
			orders.awaitJson(jvm, STAFF, "/orders?status=PAID&limit=100", item(paid), "PAID");

			try (Socket placement = orders.sendAndLeave(jvm, buyer, "POST", "/orders", order(abandoned));
					Socket change = orders.sendAndLeave(jvm, STAFF, "POST", "/orders/" + paid + "/status",
							status("SHIPPED"))) {
				orders.awaitRow(SOURCE, abandoned);
				awaitStatus(paid, "SHIPPED");
				assertThat(userCopy(userId, paid).getString("status")).as("the copies still wait").isEqualTo("PAID");
			}
			orders.awaitJson(jvm, buyer, history, item(abandoned), "PENDING");
			orders.awaitJson(jvm, buyer, history, item(paid), "SHIPPED");
			orders.awaitJson(jvm, STAFF, "/orders?status=SHIPPED&limit=100", item(paid), "SHIPPED");

			try (Socket placement = orders.sendAndLeave(jvm, buyer, "POST", "/orders", order(terminated));
					Socket change = orders.sendAndLeave(jvm, STAFF, "POST", "/orders/" + abandoned + "/status",
							status("CANCELLED"))) {
				orders.awaitRow(SOURCE, terminated);
				awaitStatus(abandoned, "CANCELLED");
				jvm.terminate();
				jvm.awaitExit(Duration.ofSeconds(60));
			}
		}
		assertThat(userCopy(userId, terminated)).as("written before the JVM exited").isNotNull();
		assertThat(userCopy(userId, abandoned).getString("status")).as("written before the JVM exited")
			.isEqualTo("CANCELLED");
	}

	private static Row source(UUID orderId) {
		return orders.row(SOURCE, orderId);
	}

	private static Row userCopy(UUID userId, UUID orderId) {
		Instant orderTime = source(orderId).getInstant("order_time");
		return orders.row(USER_COPY, userId, orderTime, orderId);
	}

	private static void awaitStatus(UUID orderId, String status) {
		orders.awaitRow((row) -> status.equals(row.getString("status")), SOURCE, orderId);
	}

	private static String item(UUID orderId) {
		return "$.items[?(@.orderId == '" + orderId + "')].status";
	}

	/** An order's body: it names no buyer, who is the caller. */
	private static String order(UUID orderId) {
		return """
				{"orderId": "%s",
				 "items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "24.90"}],
				 "shippingAddress": {"street": "1 Main St", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
				""".formatted(orderId, UUID.randomUUID());
	}

	private static String status(String status) {
		return "{\"status\": \"" + status + "\"}";
	}

}
