package ${package};

import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may act ({@link AccessConfiguration}), with real tokens checked by the service's
 * decoder: an owner's notes are the owner's alone, and the management endpoints are an
 * admin's, on a port of their own.
 */
@${serviceName}IntegrationTest
class AccessIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private CqlSession session;

	@LocalManagementPort
	private int managementPort;

	/**
	 * Without a token both routes are 401 problems with a bearer challenge, and nothing
	 * is written; the OpenAPI document stays public.
	 */
	@Test
	void everyRouteNeedsAToken() {
		UUID ownerId = UUID.randomUUID();
		expectRefused(add(this.client, ownerId), HttpStatus.UNAUTHORIZED);
		expectRefused(this.client.get().uri("/owners/{id}/notes", ownerId).exchange(), HttpStatus.UNAUTHORIZED);
		assertThat(anyNoteOf(ownerId)).isFalse();
		this.client.get().uri("/v3/api-docs").exchange().expectStatus().isOk();
	}

	/**
	 * Another user's token is a 403 on the owner's notes, to read them or to add one, and
	 * writes nothing; the owner's own token adds and reads.
	 */
	@Test
	void onlyTheOwnerReadsAndAddsNotes() {
		UUID ownerId = UUID.randomUUID();
		WebTestClient stranger = this.client.mutateWith(this.callers.as(UUID.randomUUID()));
		expectRefused(add(stranger, ownerId), HttpStatus.FORBIDDEN);
		expectRefused(stranger.get().uri("/owners/{id}/notes", ownerId).exchange(), HttpStatus.FORBIDDEN);
		assertThat(anyNoteOf(ownerId)).isFalse();

		WebTestClient owner = this.client.mutateWith(this.callers.as(ownerId));
		add(owner, ownerId).expectStatus().isCreated();
		owner.get()
			.uri("/owners/{id}/notes", ownerId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].text")
			.isEqualTo("Buy oat milk");
	}

	/**
	 * The OpenAPI document shows the bearer scheme and each operation's rule
	 * ({@code x-access}).
	 */
	@Test
	void theOpenApiDocumentShowsEachRule() {
		this.client.get()
			.uri("/v3/api-docs")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.components.securitySchemes.bearer.scheme")
			.isEqualTo("bearer")
			.jsonPath("$.paths['/owners/{ownerId}/notes'].post['x-access']")
			.isEqualTo("owner")
			.jsonPath("$.paths['/owners/{ownerId}/notes'].get['x-access']")
			.isEqualTo("owner")
			.jsonPath("$.paths['/owners/{ownerId}/notes'].get.security[0].bearer")
			.exists();
	}

	/**
	 * Actuator answers on the management port only: the health check to anyone (its
	 * status alone), the metrics to an admin (401 without a token, 403 for a user); the
	 * service's own port serves none of it.
	 */
	@Test
	void managementEndpointsAreAnAdminsOnTheirOwnPort() {
		WebTestClient management = WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.managementPort)
			.build();
		management.get()
			.uri("/actuator/health")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("UP")
			.jsonPath("$.components")
			.doesNotExist();
		expectRefused(management.get().uri("/actuator/metrics").exchange(), HttpStatus.UNAUTHORIZED);
		expectRefused(
				management.mutateWith(this.callers.as(UUID.randomUUID())).get().uri("/actuator/metrics").exchange(),
				HttpStatus.FORBIDDEN);
		management.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN))
			.get()
			.uri("/actuator/metrics")
			.exchange()
			.expectStatus()
			.isOk();

		WebTestClient admin = this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN));
		admin.get().uri("/actuator/metrics").exchange().expectStatus().isNotFound();
		admin.get().uri("/actuator/health").exchange().expectStatus().isNotFound();
	}

	private static WebTestClient.ResponseSpec add(WebTestClient client, UUID ownerId) {
		return client.post()
			.uri("/owners/{id}/notes", ownerId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"Buy oat milk\"}")
			.exchange();
	}

	private boolean anyNoteOf(UUID ownerId) {
		return this.session.execute("SELECT note_id FROM notes_by_owner WHERE owner_id = ?", ownerId).one() != null;
	}

	private static void expectRefused(WebTestClient.ResponseSpec response, HttpStatus status) {
		response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

}
