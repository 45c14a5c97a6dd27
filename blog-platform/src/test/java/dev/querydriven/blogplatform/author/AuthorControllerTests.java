package dev.querydriven.blogplatform.author;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.blogplatform.SliceTestConfiguration;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The author list's HTTP shape and its problems.
 */
@WebFluxTest(AuthorController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ AuthorPostMapperImpl.class, SliceTestConfiguration.class })
class AuthorControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private AuthorPostsService service;

	/** The list is a page of summaries with a next cursor, limit 20 by default. */
	@Test
	void listAnswersAPage() {
		UUID authorId = UUID.randomUUID();
		UUID postId = UUID.randomUUID();
		given(this.service.findLatest(authorId, null, 20)).willReturn(Mono.just(new Page<>(
				List.of(new PostsByAuthorRow(authorId, Instant.parse("2026-05-01T10:00:00Z"), postId, "Title", "java")),
				"next-cursor")));

		this.client.get()
			.uri("/authors/{id}/posts", authorId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(postId.toString())
			.jsonPath("$.items[0].title")
			.isEqualTo("Title")
			.jsonPath("$.items[0].category")
			.isEqualTo("java")
			.jsonPath("$.items[0].body")
			.doesNotExist()
			.jsonPath("$.next")
			.isEqualTo("next-cursor");
	}

	/** A limit outside 1–100 is a 400 naming the parameter. */
	@ParameterizedTest
	@ValueSource(strings = { "0", "101", "-1", "many" })
	void limitOutOfRangeIsBadRequest(String limit) {
		this.client.get()
			.uri("/authors/{id}/posts?limit={limit}", UUID.randomUUID(), limit)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		verifyNoInteractions(this.service);
	}

	/** An invalid author id is a 400 naming it. */
	@Test
	void invalidAuthorIdIsBadRequest() {
		this.client.get()
			.uri("/authors/not-a-uuid/posts")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("authorId");
		verifyNoInteractions(this.service);
	}

	/** A forged cursor is a 400 naming the cursor. */
	@Test
	void forgedCursorIsBadRequest() {
		UUID authorId = UUID.randomUUID();
		given(this.service.findLatest(authorId, "forged", 20))
			.willReturn(Mono.error(new InvalidRequestException("cursor", "is not a cursor issued for this list")));

		this.client.get()
			.uri("/authors/{id}/posts?cursor=forged", authorId)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
	}

}
