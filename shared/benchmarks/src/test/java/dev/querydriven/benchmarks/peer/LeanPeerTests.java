package dev.querydriven.benchmarks.peer;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.servicesupport.json.StrictJsonAutoConfiguration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a lean peer serves, and the JSON it writes.
 */
class LeanPeerTests {

	/** Each service's peer serves its hot requests, named as the suite names them. */
	@Test
	void eachServiceHasItsWorkloads() {
		assertThat(LeanPeer.workloads("ecommerce-orders")).containsExactly("ecommerce-orders/order-history",
				"ecommerce-orders/place-order");
		assertThat(LeanPeer.workloads("blog-platform")).containsExactly("blog-platform/post", "blog-platform/view");
		assertThat(LeanPeer.workloads("iot-sensors")).containsExactly("iot-sensors/latest-readings",
				"iot-sensors/ingest-1", "iot-sensors/ingest-100", "iot-sensors/ingest-1000");
	}

	/** A service without a peer serves nothing through one. */
	@Test
	void aServiceWithoutAPeerHasNoPeeredRequests() {
		assertThat(LeanPeer.workloads("a-service-without-a-peer")).isEmpty();
	}

	/**
	 * The peer's plain Jackson 3 mapper writes what the services' mapper (Spring Boot's,
	 * with the project's strict reading rules) writes: instants as ISO-8601 text, a
	 * decimal total as a string, nulls included, members in record order.
	 */
	@Test
	void theJsonIsTheServicesJson() {
		UUID orderId = UUID.fromString("0f6b7a52-9d0c-4c8e-a5a1-3f0e8f2c9b11");
		Page<OrderHistoryPeer.Order> page = new Page<>(List.of(
				new OrderHistoryPeer.Order(orderId, Instant.parse("2026-01-02T03:04:05.120Z"), "PAID",
						new BigDecimal("12.50"), 2,
						new OrderHistoryPeer.Address("1 Main St", "Springfield", "12345", "DE")),
				new OrderHistoryPeer.Order(orderId, Instant.parse("2026-01-02T03:04:05Z"), null, null, 0, null)), null);
		Page<LatestReadingsPeer.Reading> readings = new Page<>(
				List.of(new LatestReadingsPeer.Reading(Instant.parse("2026-01-02T03:04:05.001Z"), 21.5, 40.0, 97)),
				"cursor");
		BlogPeer.Post post = new BlogPeer.Post(orderId, orderId, "Title", null, "cassandra",
				Instant.parse("2026-01-02T03:04:05.999Z"), 3);
		JsonMapper peer = JsonMapper.builder().build();
		assertThat(peer.writeValueAsString(page)).isEqualTo("{\"items\":[{\"orderId\":\"" + orderId
				+ "\",\"orderTime\":\"2026-01-02T03:04:05.120Z\",\"status\":\"PAID\",\"total\":\"12.50\",\"itemCount\":2,"
				+ "\"shippingAddress\":{\"street\":\"1 Main St\",\"city\":\"Springfield\",\"postalCode\":\"12345\","
				+ "\"country\":\"DE\"}},{\"orderId\":\"" + orderId + "\",\"orderTime\":\"2026-01-02T03:04:05Z\","
				+ "\"status\":null,\"total\":null,\"itemCount\":0,\"shippingAddress\":null}],\"next\":null}");
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(StrictJsonAutoConfiguration.class, JacksonAutoConfiguration.class))
			.run((context) -> {
				JsonMapper service = context.getBean(JsonMapper.class);
				for (Object value : List.of(page, readings, post)) {
					assertThat(peer.writeValueAsString(value)).isEqualTo(service.writeValueAsString(value));
				}
			});
	}

	/** A problem leaves out its empty members, as Spring's {@code ProblemDetail} does. */
	@Test
	void aProblemLeavesOutWhatItLacks() {
		JsonMapper json = JsonMapper.builder().build();
		assertThat(json.writeValueAsString(new Problem("No post x", 404, "Not Found", List.of())))
			.isEqualTo("{\"detail\":\"No post x\",\"status\":404,\"title\":\"Not Found\"}");
	}

}
