package dev.querydriven.socialfeed.follow;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.socialfeed.SliceTestConfiguration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The HTTP shape of follows and follow lists, and the problem for each kind of bad input.
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
		this.client.put().uri("/users/{u}/following/{t}", user, target).exchange().expectStatus().isNoContent();
		this.client.delete().uri("/users/{u}/following/{t}", user, target).exchange().expectStatus().isNoContent();
	}

	/** Following oneself is a 400 naming the target (the service's rule, surfaced). */
	@Test
	void followingOneselfIsBadRequest() {
		UUID user = UUID.randomUUID();
		given(this.follows.follow(eq(user), eq(user), any()))
			.willReturn(Mono.error(new InvalidRequestException("targetId", "a user cannot follow themselves")));
		this.client.put()
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
		this.client.put()
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
		this.client.put()
			.uri("/users/{u}/following/{t}", "nope", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		this.client.delete()
			.uri("/users/{u}/following/{t}", UUID.randomUUID(), "12345")
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
