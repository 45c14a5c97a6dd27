package dev.querydriven.ecommerceorders;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No personal data in the logs, at any level: every flow that carries an address (placing
 * orders, reading them, the queue, changing the address, a copy that fails and is
 * repaired, refused requests, the erasure) runs with {@code dev.querydriven}, the driver
 * ({@code com.datastax.oss.driver}) and Spring Data
 * ({@code org.springframework.data.cassandra}) at {@code DEBUG}, and the captured output
 * holds none of the markers planted in each personal field of the addresses (street,
 * city, postal code: the address is all this service knows of a person besides their id);
 * nor does any problem detail the flows answered.
 */
@EcommerceOrdersIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class PersonalDataLogIntegrationTests {

	private static final List<String> LOGGERS = List.of("dev.querydriven", "com.datastax.oss.driver",
			"org.springframework.data.cassandra");

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private LoggingSystem logging;

	private final Map<String, LogLevel> configured = new LinkedHashMap<>();

	private final List<String> answers = new ArrayList<>();

	@BeforeEach
	void debugEverything() {
		this.failures.reset();
		for (String logger : LOGGERS) {
			this.configured.put(logger, this.logging.getLoggerConfiguration(logger).getConfiguredLevel());
			this.logging.setLogLevel(logger, LogLevel.DEBUG);
		}
	}

	@AfterEach
	void restoreTheLevels() {
		this.configured.forEach(this.logging::setLogLevel);
		this.failures.reset();
	}

	/**
	 * The address flows at {@code DEBUG} log statements, ids and outcomes, and never a
	 * street, a city or a postal code; no problem detail echoes one either.
	 */
	@Test
	void noAddressFieldIsLoggedAtDebug(CapturedOutput output) {
		UUID userId = UUID.randomUUID();
		String first = marker();
		String second = marker();
		String third = marker();
		String refused = marker();

		UUID pending = place(userId, first, null);
		UUID paid = place(userId, second, UUID.randomUUID().toString());
		read(userId, pending);
		staff().post()
			.uri("/orders/{id}/status", paid)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("status", OrderStatus.PAID))
			.exchange()
			.expectStatus()
			.isOk();
		staff().get().uri("/orders?status=PENDING&limit=100").exchange().expectStatus().isOk();
		as(userId).get().uri("/users/{id}/orders", userId).exchange().expectStatus().isOk();

		// The first copy of the address change fails once (a node unavailable): the dual
		// writer retries it, and logs what failed.
		this.failures.failWrites("orders_by_user", 1, Failure.UNAVAILABLE);
		as(userId).put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(address(third))
			.exchange()
			.expectStatus()
			.isOk();
		as(userId).get().uri("/users/{id}/shipping-address", userId).exchange().expectStatus().isOk();

		problem(as(userId).post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order(pending, refused))
			.exchange()
			.expectStatus()
			.isEqualTo(409));
		problem(as(userId).post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order(null, refused + "x".repeat(200)))
			.exchange()
			.expectStatus()
			.isBadRequest());

		as(userId).delete().uri("/users/{id}", userId).exchange().expectStatus().isNoContent();
		read(userId, paid);
		problem(as(userId).get().uri("/users/{id}/shipping-address", userId).exchange().expectStatus().isNotFound());

		String logged = output.getAll();
		assertThat(logged).as("the flows' output, at DEBUG").contains(" DEBUG ");
		for (String marker : List.of(first, second, third, refused)) {
			for (String field : fields(marker)) {
				assertThat(logged).as("the captured output").doesNotContain(field);
				assertThat(this.answers).as("the problem details").noneMatch((answer) -> answer.contains(field));
			}
		}
	}

	/** The three personal fields of an address made from a marker. */
	private static List<String> fields(String marker) {
		return List.of("Street" + marker, "City" + marker, "PC" + marker);
	}

	private static String marker() {
		return Long.toString(ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), 36);
	}

	private static String address(String marker) {
		return """
				{"street": "Street%s", "city": "City%s", "postalCode": "PC%s", "country": "DE"}""".formatted(marker,
				marker, marker);
	}

	private static String order(UUID orderId, String marker) {
		String id = (orderId != null) ? "\"orderId\": \"" + orderId + "\", " : "";
		return """
				{%s"items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
				 "shippingAddress": %s}""".formatted(id, UUID.randomUUID(), address(marker));
	}

	private UUID place(UUID userId, String marker, String idempotencyKey) {
		WebTestClient.RequestHeadersSpec<?> request = as(userId).post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order(null, marker));
		if (idempotencyKey != null) {
			request = request.header("Idempotency-Key", idempotencyKey);
		}
		EntityExchangeResult<JsonNode> placed = request.exchange()
			.expectStatus()
			.isCreated()
			.expectBody(JsonNode.class)
			.returnResult();
		return UUID.fromString(placed.getResponseBody().get("orderId").asString());
	}

	private WebTestClient.ResponseSpec read(UUID userId, UUID orderId) {
		return as(userId).get().uri("/orders/{id}", orderId).exchange().expectStatus().isOk();
	}

	/** Keeps a problem detail's body, to be searched for the markers. */
	private void problem(WebTestClient.ResponseSpec response) {
		this.answers.add(response.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(String.class)
			.returnResult()
			.getResponseBody());
	}

	private WebTestClient as(UUID userId) {
		return this.client.mutateWith(this.callers.as(userId));
	}

	private WebTestClient staff() {
		return this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF));
	}

}
