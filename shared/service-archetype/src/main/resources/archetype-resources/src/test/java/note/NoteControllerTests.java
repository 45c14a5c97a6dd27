package ${package}.note;

import java.util.List;
import java.util.UUID;

import ${package}.SliceTestConfiguration;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.Callers.mockCaller;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The notes' HTTP shape: 201 with the note for an added one, a page of notes with the
 * creation time read from each id, 400 problems naming each bad field, and the owner's
 * token required before anything reaches the service.
 */
@WebFluxTest(NoteController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ NoteMapperImpl.class, SliceTestConfiguration.class })
class NoteControllerTests {

	private static final UUID OWNER = UUID.fromString("7a3e6c44-1d2b-4f0e-9c1a-2f4d8e6b5a10");

	/** A timeuuid of 2026-11-01T08:00:00Z. */
	private static final UUID NOTE = UUID.fromString("3c7b0000-d5ca-11f1-8000-010203040506");

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private NoteService notes;

	/** An added note is 201 Created with its id, text and creation time. */
	@Test
	void addedNoteIsCreated() {
		given(this.notes.add(OWNER, "Buy oat milk"))
			.willReturn(Mono.just(new NotesByOwnerRow(OWNER, NOTE, "Buy oat milk")));
		this.client.mutateWith(mockCaller(OWNER))
			.post()
			.uri("/owners/{id}/notes", OWNER)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"Buy oat milk\"}")
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(NOTE.toString())
			.jsonPath("$.createdAt")
			.isEqualTo("2026-11-01T08:00:00Z");
	}

	/** A page of notes carries the next page's cursor. */
	@Test
	void pageOfNotesCarriesTheNextCursor() {
		given(this.notes.findNewestFirst(OWNER, null, 20))
			.willReturn(Mono.just(new Page<>(List.of(new NotesByOwnerRow(OWNER, NOTE, "Buy oat milk")), "next-page")));
		this.client.mutateWith(mockCaller(OWNER))
			.get()
			.uri("/owners/{id}/notes", OWNER)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].text")
			.isEqualTo("Buy oat milk")
			.jsonPath("$.next")
			.isEqualTo("next-page");
	}

	/**
	 * Without a token a request is a 401 problem with the bearer challenge; with another
	 * user's token it is a 403. The access rules refuse both before the controller.
	 */
	@Test
	void onlyTheOwnerReachesTheNotes() {
		this.client.get()
			.uri("/owners/{id}/notes", OWNER)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
		this.client.mutateWith(mockCaller(UUID.randomUUID()))
			.post()
			.uri("/owners/{id}/notes", OWNER)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"Buy oat milk\"}")
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		verifyNoInteractions(this.notes);
	}

	/** A missing text, a page size out of range and a bad owner id are 400 problems. */
	@Test
	void badInputIsA400Problem() {
		this.client.mutateWith(mockCaller(OWNER))
			.post()
			.uri("/owners/{id}/notes", OWNER)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("text");
		this.client.mutateWith(mockCaller(OWNER))
			.get()
			.uri("/owners/{id}/notes?limit=101", OWNER)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		this.client.mutateWith(mockCaller(OWNER))
			.get()
			.uri("/owners/not-a-uuid/notes")
			.exchange()
			.expectStatus()
			.isBadRequest();
	}

}
