package dev.querydriven.servicesupport.web;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Every kind of bad input gets an RFC 9457 problem with a 4xx status that names the
 * field.
 */
@WebFluxTest({ ProblemDetailsTestApplication.TestController.class,
		ProblemDetailsTestApplication.ValidatedController.class })
class ProblemDetailsExceptionHandlerTests {

	@Autowired
	private WebTestClient client;

	/** A bean-validation failure in a nested body field names that field. */
	@Test
	void invalidBodyFieldIsNamed() {
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"item\": {\"name\": \"\", \"quantity\": 0}}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(400)
			.jsonPath("$.errors[?(@.field == 'item.name')]")
			.exists()
			.jsonPath("$.errors[?(@.field == 'item.quantity')]")
			.exists();
	}

	/** Malformed JSON is a 400 about the body. */
	@Test
	void malformedJsonIsBadRequest() {
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"item\": ")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("body");
	}

	/** A wrongly typed JSON value names its path. */
	@Test
	void wrongJsonTypeNamesThePath() {
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"item\": {\"name\": \"pen\", \"quantity\": \"many\"}}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("item.quantity");
	}

	/** An invalid UUID in the path names the path variable. */
	@Test
	void invalidUuidNamesThePathVariable() {
		this.client.get()
			.uri("/orders/not-a-uuid")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("orderId")
			.jsonPath("$.detail")
			.value((String detail) -> org.assertj.core.api.Assertions.assertThat(detail).contains("UUID"));
	}

	/** An out-of-range query parameter names the parameter. */
	@Test
	void outOfRangeLimitNamesTheParameter() {
		this.client.get()
			.uri("/orders?limit=1000")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
	}

	/** A missing required query parameter names the parameter. */
	@Test
	void missingParameterNamesTheParameter() {
		this.client.get()
			.uri("/orders/search")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("customer");
	}

	/**
	 * On a controller annotated {@code @Validated} the out-of-range parameter is still a
	 * 400 naming it.
	 */
	@Test
	void outOfRangeLimitOnValidatedControllerNamesTheParameter() {
		this.client.get()
			.uri("/validated?limit=0")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
	}

	/** Domain exceptions map to 404 and 409 problems. */
	@Test
	void domainExceptionsMapToNotFoundAndConflict() {
		UUID id = UUID.randomUUID();
		this.client.get()
			.uri("/orders/{id}", id)
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("No order " + id);
		this.client.post()
			.uri("/orders/{id}/conflict", id)
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

}
