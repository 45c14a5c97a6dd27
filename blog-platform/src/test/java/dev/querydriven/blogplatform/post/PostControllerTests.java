package dev.querydriven.blogplatform.post;

import java.time.Instant;
import java.util.UUID;
import java.util.stream.Stream;

import dev.querydriven.blogplatform.SliceTestConfiguration;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mockito.ArgumentMatcher;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.Callers.mockCaller;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The posts API's HTTP shape, who may call it, and a problem (never a 5xx, never a write)
 * for every kind of bad input.
 */
@WebFluxTest(PostController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ PostMapperImpl.class, SliceTestConfiguration.class })
class PostControllerTests {

	private static final String TITLE_201 = "t".repeat(201);

	private static final String BODY_20001 = "b".repeat(20_001);

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private PostService posts;

	private final UUID postId = UUID.randomUUID();

	private final UUID authorId = UUID.randomUUID();

	/**
	 * Publishing answers 201 with the post and its location; its author is the caller.
	 */
	@Test
	void publishAnswersCreatedWithThePostOfTheCaller() {
		given(this.posts.publish(any(), any())).willAnswer((invocation) -> {
			NewPost post = invocation.getArgument(0);
			return Mono.just(new PostsByIdRow(UUID.randomUUID(), post.authorId(), post.title(), post.body(),
					post.category(), post.category(), Instant.parse("2026-05-01T10:00:00Z"), 1, 1L, false));
		});

		this.client.mutateWith(mockCaller(this.authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json("Hello", "World", "data-modeling"))
			.exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.value("Location", (location) -> org.assertj.core.api.Assertions.assertThat(location).startsWith("/posts/"))
			.expectBody()
			.jsonPath("$.id")
			.exists()
			.jsonPath("$.authorId")
			.isEqualTo(this.authorId.toString())
			.jsonPath("$.title")
			.isEqualTo("Hello")
			.jsonPath("$.body")
			.isEqualTo("World")
			.jsonPath("$.category")
			.isEqualTo("data-modeling")
			.jsonPath("$.createdAt")
			.exists()
			.jsonPath("$.views")
			.isEqualTo(0);
		verify(this.posts).publish(argThat((post) -> post.authorId().equals(this.authorId)), eq(null));
	}

	/**
	 * Publishing, editing and deleting need a token: without one, a 401 problem with the
	 * bearer challenge, and nothing reaches the service.
	 */
	@Test
	void writesWithoutATokenAreUnauthorized() {
		this.client.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json("Hello", "World", "data-modeling"))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
		this.client.put()
			.uri("/posts/{id}", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"title\": \"t\"}")
			.exchange()
			.expectStatus()
			.isUnauthorized();
		this.client.delete().uri("/posts/{id}", this.postId).exchange().expectStatus().isUnauthorized();
		verifyNoInteractions(this.posts);
	}

	/**
	 * A body that names an author is refused (400 naming the member): the author is the
	 * caller, and nothing a client writes may say otherwise.
	 */
	@Test
	void authorInTheBodyIsBadRequest() {
		this.client.mutateWith(mockCaller(this.authorId))
			.post()
			.uri("/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"authorId\": \"" + UUID.randomUUID()
					+ "\", \"title\": \"t\", \"body\": \"b\", \"category\": \"java\"}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[?(@.field == 'authorId')]")
			.exists();
		verifyNoInteractions(this.posts);
	}

	/** A post is read with its views. */
	@Test
	void findAnswersThePostWithViews() {
		given(this.posts.find(this.postId)).willReturn(Mono.just(new PostWithViews(row("Read me"), 42)));

		this.client.get()
			.uri("/posts/{id}", this.postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(this.postId.toString())
			.jsonPath("$.title")
			.isEqualTo("Read me")
			.jsonPath("$.views")
			.isEqualTo(42)
			.jsonPath("$.createdAt")
			.isEqualTo("2026-05-01T10:15:30Z");
	}

	/**
	 * An edit passes only the given fields, and the caller, whom the service checks
	 * against the post's author; it answers the edited post.
	 */
	@Test
	void editPassesTheGivenFieldsAndTheCaller() {
		given(this.posts.edit(eq(this.postId), eq(new PostChanges(null, null, "java")), argThat(isAuthor())))
			.willReturn(Mono.just(new PostWithViews(row("Moved"), 3)));

		this.client.mutateWith(mockCaller(this.authorId))
			.put()
			.uri("/posts/{id}", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"category\": \"java\"}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Moved");
	}

	/** Deleting passes the caller to the service, which checks the author; 204. */
	@Test
	void deleteAnswersNoContent() {
		given(this.posts.delete(eq(this.postId), argThat(isAuthor()))).willReturn(Mono.empty());

		this.client.mutateWith(mockCaller(this.authorId))
			.delete()
			.uri("/posts/{id}", this.postId)
			.exchange()
			.expectStatus()
			.isNoContent();
	}

	/**
	 * When the service refuses the caller (not the post's author), the answer is a 403
	 * problem with the bearer challenge.
	 */
	@Test
	void anotherUsersEditOrDeleteIsForbidden() {
		UUID stranger = UUID.randomUUID();
		given(this.posts.edit(eq(this.postId), any(), any()))
			.willReturn(Mono.error(new AccessDeniedException("Only its owner may do this")));
		given(this.posts.delete(eq(this.postId), any()))
			.willReturn(Mono.error(new AccessDeniedException("Only its owner may do this")));

		this.client.mutateWith(mockCaller(stranger))
			.put()
			.uri("/posts/{id}", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"title\": \"Mine now\"}")
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
		this.client.mutateWith(mockCaller(stranger))
			.delete()
			.uri("/posts/{id}", this.postId)
			.exchange()
			.expectStatus()
			.isForbidden();
	}

	/** Counting a view answers 204. */
	@Test
	void viewAnswersNoContent() {
		given(this.posts.recordView(this.postId)).willReturn(Mono.empty());

		this.client.post().uri("/posts/{id}/views", this.postId).exchange().expectStatus().isNoContent();
	}

	/**
	 * Every kind of bad post is a 400 problem naming the field, and reaches no service.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("invalidPosts")
	void invalidPostIsBadRequestNamingTheField(String description, String body, String field) {
		this.client.mutateWith(mockCaller(this.authorId))
			.post()
			.uri("/posts")
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
		verifyNoInteractions(this.posts);
	}

	static Stream<Arguments> invalidPosts() {
		return Stream.of(Arguments.of("empty title", json("", "b", "java"), "title"),
				Arguments.of("blank title", json("   ", "b", "java"), "title"),
				Arguments.of("oversized title", json(TITLE_201, "b", "java"), "title"),
				Arguments.of("empty body", json("t", "", "java"), "body"),
				Arguments.of("oversized body", json("t", BODY_20001, "java"), "body"),
				Arguments.of("missing category", "{\"title\": \"t\", \"body\": \"b\"}", "category"),
				Arguments.of("upper-case category", json("t", "b", "Java"), "category"),
				Arguments.of("category with spaces", json("t", "b", "data modeling"), "category"),
				Arguments.of("category with a double hyphen", json("t", "b", "data--modeling"), "category"),
				Arguments.of("one-letter category", json("t", "b", "j"), "category"),
				Arguments.of("oversized category", json("t", "b", "a".repeat(41)), "category"),
				Arguments.of("malformed JSON", "{\"title\": ", "body"));
	}

	/**
	 * Every kind of bad edit is a 400 problem naming the field, and reaches no service.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("invalidEdits")
	void invalidEditIsBadRequestNamingTheField(String description, String body, String field) {
		this.client.mutateWith(mockCaller(this.authorId))
			.put()
			.uri("/posts/{id}", this.postId)
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
		verifyNoInteractions(this.posts);
	}

	static Stream<Arguments> invalidEdits() {
		return Stream.of(Arguments.of("no field", "{}", "body"),
				Arguments.of("empty title", "{\"title\": \"\"}", "title"),
				Arguments.of("blank title", "{\"title\": \" \\n \"}", "title"),
				Arguments.of("oversized title", "{\"title\": \"" + TITLE_201 + "\"}", "title"),
				Arguments.of("blank body", "{\"body\": \"  \"}", "body"),
				Arguments.of("oversized body", "{\"body\": \"" + BODY_20001 + "\"}", "body"),
				Arguments.of("invalid category", "{\"category\": \"Data Modeling\"}", "category"));
	}

	/** An invalid post id in the path is a 400 naming it, for every endpoint. */
	@Test
	void invalidPostIdIsBadRequest() {
		this.client.get().uri("/posts/not-a-uuid").exchange().expectStatus().isBadRequest();
		WebTestClient author = this.client.mutateWith(mockCaller(this.authorId));
		author.put()
			.uri("/posts/not-a-uuid")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"title\": \"t\"}")
			.exchange()
			.expectStatus()
			.isBadRequest();
		author.delete()
			.uri("/posts/not-a-uuid")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("postId");
		this.client.post().uri("/posts/not-a-uuid/views").exchange().expectStatus().isBadRequest();
		verifyNoInteractions(this.posts);
	}

	/** An unknown post is a 404 problem. */
	@Test
	void unknownPostIsNotFound() {
		given(this.posts.find(this.postId)).willReturn(Mono.error(new NotFoundException("No post " + this.postId)));

		this.client.get()
			.uri("/posts/{id}", this.postId)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("No post " + this.postId);
	}

	/** An edit that kept losing races is a 409 problem. */
	@Test
	void editLosingEveryRaceIsConflict() {
		given(this.posts.edit(eq(this.postId), any(), any()))
			.willReturn(Mono.error(new ConflictException("The post kept changing")));

		this.client.mutateWith(mockCaller(this.authorId))
			.put()
			.uri("/posts/{id}", this.postId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"title\": \"t\"}")
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	private PostsByIdRow row(String title) {
		return new PostsByIdRow(this.postId, this.authorId, title, "body", "java", "java",
				Instant.parse("2026-05-01T10:15:30Z"), 2, 1L, false);
	}

	private ArgumentMatcher<Caller> isAuthor() {
		return (caller) -> caller.is(this.authorId);
	}

	private static String json(String title, String body, String category) {
		return "{\"title\": \"" + title + "\", \"body\": \"" + body + "\", \"category\": \"" + category + "\"}";
	}

}
