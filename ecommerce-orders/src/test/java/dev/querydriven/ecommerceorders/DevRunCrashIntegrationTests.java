package dev.querydriven.ecommerceorders;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A dev run killed the way a laptop, an IDE's stop button or the OOM killer does it
 * (SIGKILL to the service and its node together) starts again on the same node directory
 * with its data, and with the key of its dev tokens: a token it handed out before still
 * works.
 *
 * <p>
 * Tagged {@code slow} (two service JVMs, each with its node): it runs in CI's
 * {@code slow} stage, after {@code ./mvnw -B verify}.
 */
@Tag("slow")
class DevRunCrashIntegrationTests {

	@TempDir
	Path directory;

	private final List<Process> started = new ArrayList<>();

	@AfterEach
	void stopEverything() {
		for (Process process : this.started) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
		}
	}

	/**
	 * An order placed over HTTP, with a token from the dev run's {@code /dev/tokens}, is
	 * there over HTTP, read with the same token, after the service and its node were
	 * killed together and the dev run started again, which logs the unclean stop.
	 */
	@Test
	void killedDevRunStartsAgainWithItsData() throws Exception {
		Path node = this.directory.resolve("node");
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		int port = freePort();
		int managementPort = freePort();
		Process first = startDevRun(node, port, managementPort, this.directory.resolve("first.log"));
		WebTestClient client = awaitHealthy(first, port, managementPort);
		String token = token(client, userId);
		client.post()
			.uri("/orders")
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(
					"""
							{"orderId": "%s",
							 "items": [{"productId": "%s", "name": "Pour-over kettle", "quantity": 2, "unitPrice": "19.90"}],
							 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
							"""
						.formatted(orderId, UUID.randomUUID()))
			.exchange()
			.expectStatus()
			.isCreated();

		killTogether(first);

		Path secondLog = this.directory.resolve("second.log");
		Process second = startDevRun(node, port, managementPort, secondLog);
		client = awaitHealthy(second, port, managementPort).mutate()
			.defaultHeader(HttpHeaders.AUTHORIZATION, "Bearer " + token)
			.build();
		client.get()
			.uri("/orders/{orderId}", orderId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.total")
			.isEqualTo("39.80");
		client.get()
			.uri("/users/{userId}/orders?limit=10", userId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].orderId")
			.isEqualTo(orderId.toString());
		assertThat(Files.readString(secondLog)).contains("did not stop cleanly last time");
	}

	private Process startDevRun(Path node, int port, int managementPort, Path log) throws IOException {
		String java = ProcessHandle.current().info().command().orElseThrow();
		Process process = new ProcessBuilder(java, "-Xmx512m", "-XX:TieredStopAtLevel=1", "-cp",
				System.getProperty("java.class.path"), TestEcommerceOrdersApplication.class.getName(),
				"--server.port=" + port, "--management.server.port=" + managementPort,
				"--querydriven.cassandra.embedded.directory=" + node,
				"--querydriven.cassandra.embedded.preferred-port=0",
				"--querydriven.ecommerce-orders.seed.enabled=false")
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		this.started.add(process);
		return process;
	}

	/**
	 * Waits for the health check on the management port, then gives a client of the
	 * application port.
	 */
	private static WebTestClient awaitHealthy(Process process, int port, int managementPort) {
		WebTestClient management = client(managementPort);
		await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).ignoreExceptions().until(() -> {
			assertThat(process.isAlive()).as("the dev run is running").isTrue();
			management.get().uri("/actuator/health").exchange().expectStatus().isOk();
			return true;
		});
		return client(port);
	}

	private static WebTestClient client(int port) {
		return WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + port)
			.responseTimeout(Duration.ofSeconds(30))
			.build();
	}

	/** A token for a user, as the README gets one: from the dev run itself. */
	private static String token(WebTestClient client, UUID userId) {
		Map<String, Object> answer = client.post()
			.uri("/dev/tokens")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sub\": \"" + userId + "\"}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
			})
			.returnResult()
			.getResponseBody();
		return (String) answer.get("access_token");
	}

	/**
	 * SIGKILL to the node first, then to the service: killed the other way round, the
	 * node would see its parent go and shut down cleanly.
	 */
	private static void killTogether(Process service) {
		List<ProcessHandle> node = service.descendants().toList();
		assertThat(node).as("the dev run's node").isNotEmpty();
		node.forEach(ProcessHandle::destroyForcibly);
		service.destroyForcibly();
		node.forEach((process) -> process.onExit().join());
		service.onExit().join();
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
