package dev.querydriven.socialfeed;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggerConfiguration;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No personal data in the logs, at any level: every flow that carries a username, an
 * email, a display name or a post's text (registration, the profile reads, the lookups by
 * username and email, the 409s of a taken username and email, a follow, a post, a like,
 * the erasure) runs with the service's, the driver's and Spring Data Cassandra's loggers
 * at {@code DEBUG}, and none of those values appears in what the process wrote. Nor does
 * any problem detail echo one back.
 */
@SocialFeedIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class PersonalDataLogIntegrationTests {

	/** The loggers turned to DEBUG, as an operator chasing a problem would. */
	private static final List<String> LOGGERS = List.of("dev.querydriven", "com.datastax.oss.driver",
			"org.springframework.data.cassandra");

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	private final LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());

	private final Map<String, LogLevel> levels = new LinkedHashMap<>();

	@BeforeEach
	void logAtDebug() {
		for (String logger : LOGGERS) {
			LoggerConfiguration configuration = this.logging.getLoggerConfiguration(logger);
			this.levels.put(logger, (configuration != null) ? configuration.getConfiguredLevel() : null);
			this.logging.setLogLevel(logger, LogLevel.DEBUG);
		}
	}

	@AfterEach
	void restoreTheLevels() {
		this.levels.forEach(this.logging::setLogLevel);
	}

	/**
	 * A user's whole life, from registration to erasure, with every logger of the data
	 * path at DEBUG: their username, email, display name and post text are in no log line
	 * and in no problem detail; the ids are what the logs may name.
	 */
	@Test
	void noPersonalDataIsLoggedAtAnyLevel(CapturedOutput output) {
		Person alice = Person.create();
		Person bob = Person.create();
		String unknownName = Fixtures.uniqueName();
		String unknownEmail = unknownName + "@unknown.example";
		String content = "Text " + Fixtures.uniqueName() + " #personal";
		List<String> problems = new ArrayList<>();

		register(alice, alice.username(), alice.email()).expectStatus().isCreated();
		this.client.get().uri("/users/{id}", alice.id()).exchange().expectStatus().isOk();
		as(alice).get().uri("/users/{id}/account", alice.id()).exchange().expectStatus().isOk();
		this.client.get().uri("/users/by-username/{name}", alice.username()).exchange().expectStatus().isOk();
		as(alice).get().uri("/users/by-email/{email}", alice.email()).exchange().expectStatus().isOk();
		problems.add(body(this.client.mutateWith(this.callers.as(UUID.randomUUID(), "admin"))
			.get()
			.uri("/users/by-email/{email}", unknownEmail)
			.exchange()
			.expectStatus()
			.isNotFound()));
		problems.add(body(this.client.get()
			.uri("/users/by-username/{name}", bob.username())
			.exchange()
			.expectStatus()
			.isNotFound()));
		problems.add(body(
				as(bob).get().uri("/users/by-email/{email}", alice.email()).exchange().expectStatus().isForbidden()));
		problems.add(body(register(bob, alice.username(), bob.email()).expectStatus().isEqualTo(409)));
		problems.add(body(register(bob, bob.username(), alice.email()).expectStatus().isEqualTo(409)));
		register(bob, bob.username(), bob.email()).expectStatus().isCreated();
		problems.add(body(register(bob, alice.username(), alice.email()).expectStatus().isEqualTo(409)));

		as(bob).put()
			.uri("/users/{id}/following/{target}", bob.id(), alice.id())
			.exchange()
			.expectStatus()
			.isNoContent();
		String postId = new String(as(alice).post()
			.uri("/users/{id}/posts", alice.id())
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("content", content))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody()
			.returnResult()
			.getResponseBody(), StandardCharsets.UTF_8).replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");
		as(bob).post().uri("/posts/{id}/likes", postId).exchange().expectStatus().isNoContent();
		as(bob).get().uri("/users/{id}/timeline", bob.id()).exchange().expectStatus().isOk();
		as(alice).delete().uri("/users/{id}", alice.id()).exchange().expectStatus().isNoContent();

		List<String> markers = new ArrayList<>(List.of(alice.username(), alice.email(), alice.displayName(),
				bob.username(), bob.email(), bob.displayName(), unknownEmail, content));
		// An email's local part alone (a URL encodes the '@', a problem's
		// instance is a URL), and the username, which is each person's local part
		// here, too.
		markers.add(unknownName);
		for (String marker : markers) {
			assertThat(output.getAll()).as("the output, for %s", marker).doesNotContainIgnoringCase(marker);
			assertThat(problems).as("the problem details, for %s", marker)
				.allSatisfy((problem) -> assertThat(problem).doesNotContainIgnoringCase(marker));
		}
		assertThat(output.getAll()).as("the DEBUG loggers were on").contains("DEBUG");
	}

	private WebTestClient.ResponseSpec register(Person person, String username, String email) {
		return as(person).post()
			.uri("/users")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(Map.of("username", username, "email", email, "displayName", person.displayName()))
			.exchange();
	}

	private WebTestClient as(Person person) {
		return this.client.mutateWith(this.callers.as(person.id()));
	}

	private static String body(WebTestClient.ResponseSpec response) {
		byte[] body = response.expectBody().returnResult().getResponseBody();
		return (body != null) ? new String(body, StandardCharsets.UTF_8) : "";
	}

	/** A user-to-be, each of whose personal values is a marker found nowhere else. */
	private record Person(UUID id, String username, String email, String displayName) {

		static Person create() {
			String name = Fixtures.uniqueName();
			return new Person(UUID.randomUUID(), name, name + "@personal.example", "Display " + Fixtures.uniqueName());
		}

	}

}
