package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
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
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The HTTP shape of the timeline, that it is its reader's only, and the problem for each
 * kind of bad input.
 */
@WebFluxTest(TimelineController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ TimelineMapperImpl.class, SliceTestConfiguration.class })
class TimelineControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private TimelineService timelines;

	/** A timeline page holds posts in the API's post shape, and the next cursor. */
	@Test
	void timelineIsAPageOfPosts() {
		UUID reader = UUID.randomUUID();
		UUID post = UUID.randomUUID();
		UUID author = UUID.randomUUID();
		given(this.timelines.read(eq(reader), eq(null), eq(20), any()))
			.willReturn(Mono.just(new Page<>(List.of(new UserTimelineRow(reader, LocalDate.of(2026, 5, 1),
					Instant.parse("2026-05-01T09:00:00Z"), post, author, "#cassandra hello", Set.of("cassandra"))),
					"more")));
		this.client.mutateWith(Callers.mockCaller(reader))
			.get()
			.uri("/users/{u}/timeline", reader)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(post.toString())
			.jsonPath("$.items[0].authorId")
			.isEqualTo(author.toString())
			.jsonPath("$.items[0].hashtags[0]")
			.isEqualTo("cassandra")
			.jsonPath("$.items[0].createdAt")
			.isEqualTo("2026-05-01T09:00:00Z")
			.jsonPath("$.next")
			.isEqualTo("more");
	}

	/** Invalid ids and limits are rejected before the service is called. */
	@Test
	void invalidParametersAreRejected() {
		UUID reader = UUID.randomUUID();
		WebTestClient asReader = this.client.mutateWith(Callers.mockCaller(reader));
		asReader.get()
			.uri("/users/not-a-uuid/timeline")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("userId");
		for (String limit : List.of("0", "101", "many")) {
			asReader.get()
				.uri("/users/{u}/timeline?limit={l}", reader, limit)
				.exchange()
				.expectStatus()
				.isBadRequest()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody()
				.jsonPath("$.errors[0].field")
				.isEqualTo("limit");
		}
		verifyNoInteractions(this.timelines);
	}

	/** A bad cursor is a 400 naming it; an unknown reader a 404. */
	@Test
	void badCursorsAndUnknownReadersAreProblems() {
		UUID reader = UUID.randomUUID();
		UUID unknown = UUID.randomUUID();
		given(this.timelines.read(eq(reader), eq("forged"), eq(20), any()))
			.willReturn(Mono.error(new InvalidRequestException("cursor", "is not a cursor issued for this list")));
		given(this.timelines.read(eq(unknown), eq(null), eq(20), any()))
			.willReturn(Mono.error(new NotFoundException("No user with id " + unknown)));
		this.client.mutateWith(Callers.mockCaller(reader))
			.get()
			.uri("/users/{u}/timeline?cursor=forged", reader)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("cursor");
		this.client.mutateWith(Callers.mockCaller(unknown))
			.get()
			.uri("/users/{u}/timeline", unknown)
			.exchange()
			.expectStatus()
			.isNotFound();
	}

	/**
	 * A home timeline is its reader's only: another user's token is a 403 problem, none a
	 * 401, and nothing is read.
	 */
	@Test
	void timelineIsItsReadersOnly() {
		UUID reader = UUID.randomUUID();
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/users/{u}/timeline", reader)
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.get()
			.uri("/users/{u}/timeline", reader)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueMatches(HttpHeaders.WWW_AUTHENTICATE, "Bearer.*")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		verifyNoInteractions(this.timelines);
	}

}
