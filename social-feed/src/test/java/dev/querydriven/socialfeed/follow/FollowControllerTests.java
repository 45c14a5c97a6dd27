package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
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
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The HTTP shape of follows and follow lists, who may follow, and the problem for each
 * kind of bad input.
 */
@WebFluxTest(FollowController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ FollowMapperImpl.class, SliceTestConfiguration.class })
class FollowControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private FollowService follows;

	/** Follow and unfollow answer 204 No Content. */
	@Test
	void followAndUnfollowAnswerNoContent() {
		UUID user = UUID.randomUUID();
		UUID target = UUID.randomUUID();
		given(this.follows.follow(eq(user), eq(target), any())).willReturn(Mono.empty());
		given(this.follows.unfollow(eq(user), eq(target), any())).willReturn(Mono.empty());
		WebTestClient asUser = this.client.mutateWith(Callers.mockCaller(user));
		asUser.put().uri("/users/{u}/following/{t}", user, target).exchange().expectStatus().isNoContent();
		asUser.delete().uri("/users/{u}/following/{t}", user, target).exchange().expectStatus().isNoContent();
	}

	/**
	 * Following and unfollowing for someone else are 403 problems, and without a token
	 * 401s: the service is never called.
	 */
	@Test
	void followsAreTheFollowersOwn() {
		UUID user = UUID.randomUUID();
		UUID target = UUID.randomUUID();
		WebTestClient asTarget = this.client.mutateWith(Callers.mockCaller(target));
		asTarget.put()
			.uri("/users/{u}/following/{t}", user, target)
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		asTarget.delete().uri("/users/{u}/following/{t}", user, target).exchange().expectStatus().isForbidden();
		this.client.put()
			.uri("/users/{u}/following/{t}", user, target)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*");
		verifyNoInteractions(this.follows);
	}

	/** Following oneself is a 400 naming the target (the service's rule, surfaced). */
	@Test
	void followingOneselfIsBadRequest() {
		UUID user = UUID.randomUUID();
		given(this.follows.follow(eq(user), eq(user), any()))
			.willReturn(Mono.error(new InvalidRequestException("targetId", "a user cannot follow themselves")));
		this.client.mutateWith(Callers.mockCaller(user))
			.put()
			.uri("/users/{u}/following/{t}", user, user)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("targetId");
	}

	/** An unknown user is a 404 problem. */
	@Test
	void unknownUserIsNotFound() {
		UUID user = UUID.randomUUID();
		UUID target = UUID.randomUUID();
		given(this.follows.follow(eq(user), eq(target), any()))
			.willReturn(Mono.error(new NotFoundException("No user with id " + target + " (targetId)")));
		this.client.mutateWith(Callers.mockCaller(user))
			.put()
			.uri("/users/{u}/following/{t}", user, target)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/** Ids that are not UUIDs are rejected before the service is called. */
	@Test
	void invalidUuidsAreRejected() {
		UUID user = UUID.randomUUID();
		WebTestClient asUser = this.client.mutateWith(Callers.mockCaller(user));
		asUser.put()
			.uri("/users/{u}/following/{t}", "nope", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		asUser.delete()
			.uri("/users/{u}/following/{t}", user, "12345")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("targetId");
		this.client.get()
			.uri("/users/nope/followers")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		verifyNoInteractions(this.follows);
	}

	/** A follow list is a page of users with the next cursor. */
	@Test
	void followersArePaged() {
		UUID user = UUID.randomUUID();
		UUID follower = UUID.randomUUID();
		given(this.follows.followers(user, null, 20)).willReturn(Mono.just(new Page<>(List
			.of(new FollowersByUserShardRow(user, 0, follower, "bob", "Bob", Instant.parse("2026-05-01T00:00:00Z"))),
				"next-cursor")));
		this.client.get()
			.uri("/users/{u}/followers", user)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(follower.toString())
			.jsonPath("$.items[0].username")
			.isEqualTo("bob")
			.jsonPath("$.next")
			.isEqualTo("next-cursor");
	}

	/** A limit outside 1–100, or not a number, is a 400 naming {@code limit}. */
	@Test
	void outOfRangeLimitIsRejected() {
		UUID user = UUID.randomUUID();
		for (String limit : List.of("0", "101", "-5", "ten")) {
			this.client.get()
				.uri("/users/{u}/following?limit={l}", user, limit)
				.exchange()
				.expectStatus()
				.isBadRequest()
				.expectBody()
				.jsonPath("$.errors[0].field")
				.isEqualTo("limit");
		}
		verifyNoInteractions(this.follows);
	}

	/** A cursor the service does not recognise is a 400 naming {@code cursor}. */
	@Test
	void badCursorIsRejected() {
		UUID user = UUID.randomUUID();
		given(this.follows.following(eq(user), eq("forged"), anyInt()))
			.willReturn(Mono.error(new InvalidRequestException("cursor", "is not a cursor issued for this list")));
		this.client.get()
			.uri("/users/{u}/following?cursor=forged", user)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
	}

}
