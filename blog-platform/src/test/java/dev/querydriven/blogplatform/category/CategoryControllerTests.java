package dev.querydriven.blogplatform.category;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.blogplatform.SliceTestConfiguration;
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
 * The category list's HTTP shape and its problems.
 */
@WebFluxTest(CategoryController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ CategoryPostMapperImpl.class, SliceTestConfiguration.class })
class CategoryControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private CategoryPostsService service;

	/** The list is a page of summaries. */
	@Test
	void listAnswersAPage() {
		UUID postId = UUID.randomUUID();
		given(this.service.findLatest("data-modeling", null, 5))
			.willReturn(Mono.just(new Page<>(List.of(new CategoryPost("data-modeling",
					Instant.parse("2026-05-01T10:00:00Z"), postId, UUID.randomUUID(), "Buckets")), null)));

		this.client.get()
			.uri("/categories/data-modeling/posts?limit=5")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].id")
			.isEqualTo(postId.toString())
			.jsonPath("$.items[0].title")
			.isEqualTo("Buckets")
			.jsonPath("$.next")
			.isEmpty();
	}

	/** A category name that is not a lower-case slug is a 400 naming the category. */
	@ParameterizedTest
	@ValueSource(strings = { "Java", "data_modeling", "-java", "java-", "x", "café",
			"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" })
	void invalidCategoryIsBadRequest(String category) {
		this.client.get()
			.uri("/categories/{category}/posts", category)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("category");
		verifyNoInteractions(this.service);
	}

	/** A limit outside 1–100 is a 400 naming the parameter. */
	@Test
	void limitOutOfRangeIsBadRequest() {
		this.client.get()
			.uri("/categories/java/posts?limit=500")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		verifyNoInteractions(this.service);
	}

}
