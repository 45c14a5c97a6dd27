package ${package};

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service end to end over HTTP on a real node, each request with its owner's token:
 * the README's walk through the API, and bad input that gets a 4xx problem naming the
 * field, never a 5xx, and writes nothing.
 */
@${serviceName}IntegrationTest
class ${serviceName}ApplicationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private CqlSession session;

	@Autowired
	private Callers callers;

	@LocalManagementPort
	private int managementPort;

	/** Two notes added over HTTP come back newest first, one page at a time. */
	@Test
	void notesComeBackNewestFirstPageByPage() {
		UUID ownerId = UUID.randomUUID();
		add(ownerId, "{\"text\": \"Buy oat milk\"}").expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.text")
			.isEqualTo("Buy oat milk");
		add(ownerId, "{\"text\": \"Renew the passport\"}").expectStatus().isCreated();

		NotesPage first = page(ownerId, null);
		assertThat(first.items()).extracting((note) -> note.get("text")).containsExactly("Renew the passport");
		NotesPage second = page(ownerId, first.next());
		assertThat(second.items()).extracting((note) -> note.get("text")).containsExactly("Buy oat milk");
		assertThat(second.next()).isNull();
	}

	/**
	 * A blank note, a note too long and a forged cursor are 400 problems naming the
	 * field.
	 */
	@Test
	void badInputIsA400NamingTheFieldAndWritesNothing() {
		UUID ownerId = UUID.randomUUID();
		add(ownerId, "{\"text\": \" \"}").expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("text");
		add(ownerId, "{\"text\": \"" + "x".repeat(501) + "\"}").expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("text");
		this.client.mutateWith(this.callers.as(ownerId))
			.get()
			.uri("/owners/{id}/notes?cursor=forged", ownerId)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
		assertThat(this.session.execute("SELECT note_id FROM notes_by_owner WHERE owner_id = ?", ownerId).one())
			.isNull();
	}

	/**
	 * The API documentation is served to anyone on the service's port, the health check
	 * to anyone on the management port.
	 */
	@Test
	void openApiAndHealthAreServed() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.paths['/owners/{ownerId}/notes']")
			.exists();
		WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.managementPort)
			.build()
			.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP");
	}

	private NotesPage page(UUID ownerId, String cursor) {
		return this.client.mutateWith(this.callers.as(ownerId))
			.get()
			.uri((uri) -> uri.path("/owners/{id}/notes")
				.queryParam("limit", 1)
				.queryParamIfPresent("cursor", Optional.ofNullable(cursor))
				.build(ownerId))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(NotesPage.class)
			.returnResult()
			.getResponseBody();
	}

	private WebTestClient.ResponseSpec add(UUID ownerId, String json) {
		return this.client.mutateWith(this.callers.as(ownerId))
			.post()
			.uri("/owners/{id}/notes", ownerId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json)
			.exchange();
	}

	record NotesPage(List<Map<String, Object>> items, String next) {

	}

}
