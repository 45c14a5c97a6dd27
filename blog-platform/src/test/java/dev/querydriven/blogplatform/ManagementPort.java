package dev.querydriven.blogplatform;

import java.time.Duration;

import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The management port of the application under test, where actuator lives (its health
 * check, metrics and the {@code migrations} endpoint). A test with a random application
 * port gets a random management port too: inject it with
 * {@code @LocalManagementPort int managementPort}.
 */
public final class ManagementPort {

	private ManagementPort() {
	}

	/**
	 * A client of the management port, with the integration tests' patience.
	 * @param port the management port
	 * @return the client; {@code mutateWith(callers.as(user, "admin"))} for an operator
	 */
	public static WebTestClient client(int port) {
		return WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + port)
			.responseTimeout(Duration.ofSeconds(30))
			.build();
	}

}
