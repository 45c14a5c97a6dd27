package dev.querydriven.blogplatform.comment;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import dev.querydriven.blogplatform.SliceTestConfiguration;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
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
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The comments API's HTTP shape, who may call it, and its problems.
 */
@WebFluxTest(CommentController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ CommentMapperImpl.class, SliceTestConfiguration.class })
class CommentControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private CommentService service;

	private final UUID postId = UUID.randomUUID();

	private final UUID ann = UUID.randomUUID();

	/**
	 * Adding a comment passes the caller (whose token names them) to the service and
	 * answers 201 with the comment.
	 */
	@Test
	void addAnswersCreatedWithTheCommentOfTheCaller() {
		UUID commentId = UUID.randomUUID();
		given(this.service.add(eq(this.postId), argThat((caller) -> caller.is(this.ann) && caller.name().equals("Ann")),
				eq("Great"), isNull()))
			.willReturn(Mono.just(new CommentsByPostRow(this.postId, Instant.parse("2026-05-01T10:00:00Z"), commentId,
					"Ann", "Great")));

		this.client.mutateWith(mockCaller(this.ann).jwt((jwt) -> jwt.subject(this.ann.toString()).claim("name", "Ann")))
			.post()
			.uri("/posts/{id}/comments", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"Great\"}")
			.exchange()
			.expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(commentId.toString())
			.jsonPath("$.postId")
			.isEqualTo(this.postId.toString())
			.jsonPath("$.authorName")
			.isEqualTo("Ann")
			.jsonPath("$.text")
			.isEqualTo("Great")
			.jsonPath("$.createdAt")
			.isEqualTo("2026-05-01T10:00:00Z");
	}

	/**
	 * Commenting needs a token (401 problem with the bearer challenge); a name in the
	 * body is refused (400 naming it): the name comes from the token.
	 */
	@Test
	void commentNeedsATokenAndTakesNoName() {
		this.client.post()
			.uri("/posts/{id}/comments", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"Great\"}")
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
		this.client.mutateWith(mockCaller(this.ann))
			.post()
			.uri("/posts/{id}/comments", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"authorName\": \"Someone else\", \"text\": \"Great\"}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[?(@.field == 'authorName')]")
			.exists();
		verifyNoInteractions(this.service);
	}

	/** The thread is a page of comments. */
	@Test
	void listAnswersAPage() {
		given(this.service.findOldestFirst(this.postId, null, 20))
			.willReturn(Mono.just(new Page<>(List.of(new CommentsByPostRow(this.postId,
					Instant.parse("2026-05-01T10:00:00Z"), UUID.randomUUID(), "Ann", "First")), null)));

		this.client.get()
			.uri("/posts/{id}/comments", this.postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].text")
			.isEqualTo("First");
	}

	/** Every kind of bad comment is a 400 naming the field, and reaches no service. */
	@ParameterizedTest(name = "{0}")
	@MethodSource("invalidComments")
	void invalidCommentIsBadRequest(String description, String body, String field) {
		this.client.mutateWith(mockCaller(this.ann))
			.post()
			.uri("/posts/{id}/comments", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
		verifyNoInteractions(this.service);
	}

	static Stream<Arguments> invalidComments() {
		return Stream.of(Arguments.of("empty text", "{\"text\": \"\"}", "text"),
				Arguments.of("blank text", "{\"text\": \"  \"}", "text"),
				Arguments.of("oversized text", "{\"text\": \"" + "x".repeat(2001) + "\"}", "text"),
				Arguments.of("missing text", "{}", "text"), Arguments.of("malformed JSON", "{\"text\": ", "body"));
	}

	/** An invalid post id or limit is a 400. */
	@Test
	void invalidPathOrLimitIsBadRequest() {
		this.client.get().uri("/posts/nope/comments").exchange().expectStatus().isBadRequest();
		this.client.get()
			.uri("/posts/{id}/comments?limit=0", this.postId)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		verifyNoInteractions(this.service);
	}

	/** An unknown post is a 404, a full thread a 409. */
	@Test
	void unknownPostIsNotFoundAndFullThreadIsConflict() {
		given(this.service.add(eq(this.postId), any(), eq("lost"), isNull()))
			.willReturn(Mono.error(new NotFoundException("No post " + this.postId)));
		given(this.service.add(eq(this.postId), any(), eq("late"), isNull()))
			.willReturn(Mono.error(new ConflictException("Post has reached its limit")));

		WebTestClient ann = this.client.mutateWith(mockCaller(this.ann));
		ann.post()
			.uri("/posts/{id}/comments", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"lost\"}")
			.exchange()
			.expectStatus()
			.isNotFound();
		ann.post()
			.uri("/posts/{id}/comments", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"text\": \"late\"}")
			.exchange()
			.expectStatus()
			.isEqualTo(409);
	}

}
