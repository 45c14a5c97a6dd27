package dev.querydriven.socialfeed.post;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.socialfeed.SliceTestConfiguration;
import dev.querydriven.testsupport.Callers;
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

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The HTTP shape of posts, hashtags and likes, who may publish, delete and like, and the
 * problem for each kind of bad input.
 */
@WebFluxTest(PostController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ PostMapperImpl.class, SliceTestConfiguration.class })
class PostControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private PostService posts;

	@MockitoBean
	private LikeService likes;

	/** Publishing answers 201 with the post, its hashtags sorted, and its location. */
	@Test
	void publishingAnswersCreatedWithThePost() {
		UUID author = UUID.randomUUID();
		given(this.posts.publish(any(), eq(author), eq("#Cassandra hello #java"), any()))
			.willAnswer((call) -> Mono.just(new PostsByIdRow(call.getArgument(0), author, call.getArgument(2),
					Set.of("java", "cassandra"), Instant.parse("2026-05-01T12:00:00Z"))));
		this.client.mutateWith(Callers.mockCaller(author))
			.post()
			.uri("/users/{u}/posts", author)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"#Cassandra hello #java\"}")
			.exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.valueMatches("Location", "/posts/[0-9a-f-]{36}")
			.expectBody()
			.jsonPath("$.authorId")
			.isEqualTo(author.toString())
			.jsonPath("$.content")
			.isEqualTo("#Cassandra hello #java")
			.jsonPath("$.hashtags")
			.isEqualTo(List.of("cassandra", "java"))
			.jsonPath("$.createdAt")
			.isEqualTo("2026-05-01T12:00:00Z");
	}

	/**
	 * Empty, blank, missing and oversized content, malformed JSON and wrong types are
	 * 400s.
	 */
	@Test
	void badPostBodiesAreRejected() {
		UUID author = UUID.randomUUID();
		expectBadPost(author, "{\"content\": \"\"}", "content");
		expectBadPost(author, "{\"content\": \"   \"}", "content");
		expectBadPost(author, "{}", "content");
		expectBadPost(author, "{\"content\": \"" + "x".repeat(501) + "\"}", "content");
		expectBadPost(author, "{\"content\": \"hello\"", "body");
		expectBadPost(author, "{\"content\": {\"text\": \"hello\"}}", "content");
		verifyNoInteractions(this.posts);
	}

	/** An author id that is not a UUID is a 400 naming it. */
	@Test
	void invalidAuthorIdIsRejected() {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.post()
			.uri("/users/not-a-uuid/posts")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"hi\"}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		verifyNoInteractions(this.posts);
	}

	/** Too many hashtags (the service's rule) surface as a 400 naming the content. */
	@Test
	void tooManyHashtagsAreRejected() {
		UUID author = UUID.randomUUID();
		given(this.posts.publish(any(), eq(author), any(), any()))
			.willReturn(Mono.error(new InvalidRequestException("content", "has 11 distinct hashtags")));
		expectBadPost(author, "{\"content\": \"#a #b #c #d #e #f #g #h #i #j #k\"}", "content");
	}

	/** A post by id carries its like count; an unknown post is a 404 problem. */
	@Test
	void postByIdCarriesItsLikes() {
		UUID postId = UUID.randomUUID();
		UUID unknown = UUID.randomUUID();
		PostsByIdRow post = new PostsByIdRow(postId, UUID.randomUUID(), "hi #x", Set.of("x"), Instant.now());
		given(this.posts.findWithLikes(postId)).willReturn(Mono.just(new PostService.PostWithLikes(post, 7)));
		given(this.posts.findWithLikes(unknown)).willReturn(Mono.error(new NotFoundException("No post")));
		this.client.get()
			.uri("/posts/{p}", postId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(postId.toString())
			.jsonPath("$.likes")
			.isEqualTo(7);
		this.client.get()
			.uri("/posts/{p}", unknown)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.get()
			.uri("/posts/123")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("postId");
	}

	/** A like answers 204, made by the caller: no body names the liker. */
	@Test
	void likeIsTheCallers() {
		UUID postId = UUID.randomUUID();
		UUID user = UUID.randomUUID();
		given(this.likes.like(eq(postId), eq(user), any())).willReturn(Mono.just(true));
		this.client.mutateWith(Callers.mockCaller(user))
			.post()
			.uri("/posts/{p}/likes", postId)
			.exchange()
			.expectStatus()
			.isNoContent();
		verify(this.likes).like(eq(postId), eq(user), any());
	}

	/** A like without a token is a 401 problem, and nothing is liked. */
	@Test
	void likeWithoutATokenIsUnauthorized() {
		this.client.post()
			.uri("/posts/{p}/likes", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		verifyNoInteractions(this.likes);
	}

	/**
	 * Publishing and deleting in another user's name are 403 problems, and without a
	 * token 401s: the service is never called.
	 */
	@Test
	void postsAreTheirAuthorsOnly() {
		UUID author = UUID.randomUUID();
		UUID mallory = UUID.randomUUID();
		this.client.mutateWith(Callers.mockCaller(mallory))
			.post()
			.uri("/users/{u}/posts", author)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"content\": \"not mine\"}")
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.mutateWith(Callers.mockCaller(mallory))
			.delete()
			.uri("/users/{u}/posts/{p}", author, UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isForbidden();
		this.client.delete()
			.uri("/users/{u}/posts/{p}", author, UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*");
		verifyNoInteractions(this.posts);
	}

	/**
	 * A user's like of a post answers 200 with when it happened, a like that does not
	 * exist is a 404 problem, and an invalid user id a 400 naming it.
	 */
	@Test
	void likeOfAUserIsFoundOrNotFound() {
		UUID postId = UUID.randomUUID();
		UUID fan = UUID.randomUUID();
		UUID other = UUID.randomUUID();
		Instant likedAt = Instant.parse("2026-05-01T09:00:00Z");
		given(this.likes.findLike(postId, fan)).willReturn(Mono.just(new PostLikersRow(postId, fan, likedAt)));
		given(this.likes.findLike(postId, other)).willReturn(Mono.error(new NotFoundException("Not liked")));
		this.client.get()
			.uri("/posts/{p}/likes/{u}", postId, fan)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.postId")
			.isEqualTo(postId.toString())
			.jsonPath("$.userId")
			.isEqualTo(fan.toString())
			.jsonPath("$.likedAt")
			.isEqualTo("2026-05-01T09:00:00Z");
		this.client.get()
			.uri("/posts/{p}/likes/{u}", postId, other)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.get()
			.uri("/posts/{p}/likes/not-a-uuid", postId)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
	}

	/**
	 * Hashtags in the URL are validated; limits outside 1–100 are 400s naming the limit.
	 */
	@Test
	void listParametersAreValidated() {
		this.client.get()
			.uri("/hashtags/{t}/posts", "not-a-tag!")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("tag");
		this.client.get().uri("/hashtags/{t}/posts", "x".repeat(51)).exchange().expectStatus().isBadRequest();
		this.client.get()
			.uri("/users/{u}/posts?limit=101", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		this.client.get()
			.uri("/hashtags/cassandra/posts?limit=0")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		verifyNoInteractions(this.posts);
	}

	/** A cursor the service rejects is a 400 naming the cursor. */
	@Test
	void badCursorIsRejected() {
		given(this.posts.latestByHashtag(eq("cassandra"), eq("forged"), anyInt()))
			.willReturn(Mono.error(new InvalidRequestException("cursor", "is not a cursor issued for this list")));
		this.client.get()
			.uri("/hashtags/cassandra/posts?cursor=forged")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
	}

	/** Deleting answers 204; invalid ids are 400s. */
	@Test
	void deleteAnswersNoContent() {
		UUID user = UUID.randomUUID();
		UUID post = UUID.randomUUID();
		given(this.posts.delete(user, post)).willReturn(Mono.empty());
		this.client.mutateWith(Callers.mockCaller(user))
			.delete()
			.uri("/users/{u}/posts/{p}", user, post)
			.exchange()
			.expectStatus()
			.isNoContent();
		this.client.mutateWith(Callers.mockCaller(user))
			.delete()
			.uri("/users/{u}/posts/{p}", user, "nope")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("postId");
	}

	private void expectBadPost(UUID author, String body, String field) {
		this.client.mutateWith(Callers.mockCaller(author))
			.post()
			.uri("/users/{u}/posts", author)
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
	}

}
