package dev.querydriven.servicesupport.web;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of bad input gets an RFC 9457 problem with a 4xx status that names the
 * field.
 */
@WebFluxTest(controllers = { ProblemDetailsTestApplication.TestController.class,
		ProblemDetailsTestApplication.ValidatedController.class,
		ProblemDetailsTestApplication.PersonalDataController.class, ProblemDetailsTestApplication.FailingFilter.class },
		properties = { "spring.application.name=problems",
				"querydriven.paging.cursor-key=" + ProblemDetailsExceptionHandlerTests.CURSOR_KEY_BASE64 })
@ExtendWith(OutputCaptureExtension.class)
class ProblemDetailsExceptionHandlerTests {

	static final String CURSOR_KEY_BASE64 = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

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
			.jsonPath("$.errors[?(@.field == 'item.name')].pointer")
			.isEqualTo("#/item/name")
			.jsonPath("$.errors[?(@.field == 'item.quantity')].pointer")
			.isEqualTo("#/item/quantity");
	}

	/** Malformed JSON is a 400 about the body, saying where parsing stopped. */
	@Test
	void malformedJsonIsBadRequestWithLineAndColumn() {
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\n  \"item\": {\"name\": \"pen\",, }}")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("body")
			.jsonPath("$.errors[0].line")
			.isEqualTo(2)
			.jsonPath("$.errors[0].column")
			.isNumber();
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
			.isEqualTo("item.quantity")
			.jsonPath("$.errors[0].pointer")
			.isEqualTo("#/item/quantity");
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
			.value((String detail) -> assertThat(detail).contains("UUID"));
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

	/**
	 * A page size is read with its bounds, without Bean Validation: below, above or not a
	 * plain decimal number, it is a 400 naming {@code limit}; absent, it is the default.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "0", "101", "-1", "0x10", "1e2", "20.0", "%2020" })
	void pageLimitOutOfItsBoundsNamesTheParameter(String limit) {
		problemNaming(URI.create("/orders?limit=" + limit), "limit").jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).endsWith("is not a whole number from 1 to 100"));
		this.client.get().uri("/orders?limit=100").exchange().expectBody(String.class).isEqualTo("ok 100");
		this.client.get().uri("/orders").exchange().expectBody(String.class).isEqualTo("ok 20");
	}

	/**
	 * A cursor longer than any this API issues is a 400 naming it, before it is decoded.
	 */
	@Test
	void overLongCursorNamesTheParameter() {
		problemNaming(URI.create("/pages?cursor=" + "A".repeat(CursorCodec.MAX_LENGTH + 1)), "cursor");
	}

	private WebTestClient.BodyContentSpec problemNaming(URI uri, String field) {
		return this.client.get()
			.uri(uri)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field);
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

	/**
	 * A misspelled or invented field is refused, naming it by pointer, rather than
	 * quietly ignored.
	 */
	@Test
	void unknownFieldIsRefusedNamingIt() {
		postOrder("{\"item\": {\"name\": \"pen\", \"quantity\": 1, \"quantty\": 2}}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/item/quantty")
			.jsonPath("$.errors[0].field")
			.isEqualTo("item.quantty");
	}

	/**
	 * No coercion: a number is not a string, a fraction not an integer, Base64 not a
	 * UUID.
	 */
	@Test
	void wrongJsonTypesAreRefused() {
		postOrder("{\"item\": {\"name\": 42, \"quantity\": 1}}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/item/name")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("is not a JSON string"));
		postOrder("{\"item\": {\"name\": \"pen\", \"quantity\": 1.5}}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/item/quantity");
		postOrder("{\"item\": {\"name\": \"pen\", \"quantity\": \"1\"}}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/item/quantity");
		postOrder("{\"item\": {\"name\": [\"pen\"], \"quantity\": 1}}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/item/name");
		postOrder("{\"item\": \"\"}").jsonPath("$.errors[0].pointer").isEqualTo("#/item");
		postOrder("{\"item\": {\"name\": \"pen\", \"quantity\": 1}, \"item\": null}").jsonPath("$.errors[0].field")
			.isEqualTo("body");
		postOrder("[{\"item\": {\"name\": \"pen\", \"quantity\": 1}}]").jsonPath("$.errors[0].field").isEqualTo("body");
		postNote("{\"title\": \"t\", \"ref\": \"AAAAAAAAAAAAAAAAAAAAAA==\"}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/ref");
	}

	/**
	 * Text is valid Unicode without control characters: an unpaired surrogate, a NUL, an
	 * escape character and a line break in a one-line field are refused; a line break in
	 * a multi-line field is fine; an identifier refuses invisible characters.
	 */
	@Test
	void invalidTextIsRefusedNamingTheField() {
		postNote("{\"title\": \"a\\uD800b\"}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/title")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("unpaired surrogate U+D800"));
		postNote("{\"title\": \"a\\u0000b\"}").jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("NUL"));
		postNote("{\"title\": \"\\u001B[31mred\"}").jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("control characters"));
		postNote("{\"title\": \"one\\ntwo\"}").jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("single line"));
		postNote("{\"title\": \"abc\\u202Etxt.exe\"}").jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("bidirectional"));
		postNote("{\"title\": \"t\", \"tags\": [\"ok\", \"b\\uDC00d\"]}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/tags/1");
		postNote("{\"title\": \"t\", \"author\": \"ali\\u200Bce\"}").jsonPath("$.errors[0].pointer")
			.isEqualTo("#/author")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("invisible"));
		this.client.post()
			.uri("/notes")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"title\": \"Caf\u00e9 \ud83d\ude00 \u2067\u05e9\u05dc\u05d5\u05dd\u2069\", "
					+ "\"text\": \"line one\\nline two\\tend\", \"author\": \"alice@example.com\"}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.text")
			.isEqualTo("line one\nline two\tend");
	}

	/** A query parameter holding a control character names the parameter. */
	@Test
	void invalidTextInAParameterNamesIt() {
		this.client.get()
			.uri(URI.create("/orders/search?customer=a%00b"))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("customer")
			.jsonPath("$.errors[0].message")
			.value((String message) -> assertThat(message).contains("NUL"));
	}

	/** Nesting beyond the parser's limit is refused before anything is bound. */
	@Test
	void deepNestingIsRefused() {
		String deep = "{\"item\": " + "[".repeat(100) + "]".repeat(100) + "}";
		postOrder(deep).jsonPath("$.status").isEqualTo(400);
	}

	/** A body over the codec's limit is a 413 problem about the body. */
	@Test
	void oversizedBodyIsContentTooLarge() {
		String huge = "{\"item\": {\"name\": \"" + "x".repeat(300 * 1024) + "\", \"quantity\": 1}}";
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(huge)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.CONTENT_TOO_LARGE)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("body");
	}

	/**
	 * Parameters are read strictly: a UUID in any but its canonical form, a blank one, a
	 * hexadecimal or padded number, and a non-finite decimal are 400s naming the
	 * parameter.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "GET /orders/1-2-3-4-5", "GET /orders/%20%20",
			"GET /orders/6f0c0f4e-1b0e-4c8e-9a55-5f2b1c3d4e5", "GET /orders?limit=0x10", "GET /orders?limit=%2010",
			"GET /orders?limit=99999999999", "POST /orders/6f0c0f4e-1b0e-4c8e-9a55-5f2b1c3d4e5f/move?to=",
			"POST /orders/6f0c0f4e-1b0e-4c8e-9a55-5f2b1c3d4e5f/move?to=%20",
			"POST /orders/6f0c0f4e-1b0e-4c8e-9a55-5f2b1c3d4e5f/move?to=packed" })
	void parametersAreReadStrictly(String request) {
		String[] parts = request.split(" ");
		this.client.method(org.springframework.http.HttpMethod.valueOf(parts[0]))
			.uri(URI.create(parts[1]))
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.value((String field) -> assertThat(field).isIn("orderId", "limit", "to"));
		this.client.post()
			.uri("/orders/{id}/move?to=SHIPPED", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.isEqualTo("SHIPPED");
	}

	/**
	 * A write whose client cannot read a JSON answer is refused before it runs, not
	 * carried out and then answered 406.
	 */
	@Test
	void writeThatCannotBeAnsweredIsRefusedFirst() {
		this.client.post()
			.uri("/orders/{id}/conflict", UUID.randomUUID())
			.accept(MediaType.APPLICATION_XML)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.NOT_ACCEPTABLE)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("Accept");
	}

	/**
	 * Errors raised before any controller is chosen are problems too: an unknown route, a
	 * method not allowed, an unsupported media type, an error in a filter.
	 */
	@Test
	void errorsOutsideControllersAreProblems() {
		this.client.get()
			.uri("/no/such/route")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(404)
			.jsonPath("$.timestamp")
			.doesNotExist();
		this.client.delete()
			.uri("/orders")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.METHOD_NOT_ALLOWED)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		this.client.post()
			.uri("/orders")
			.contentType(MediaType.TEXT_PLAIN)
			.bodyValue("item=pen")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("Content-Type");
		this.client.get()
			.uri("/orders")
			.header("X-Fail-In-Filter", "yes")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(String.class)
			.value((body) -> assertThat(body).doesNotContain("Secret").doesNotContain("Exception").contains("errorId"));
	}

	/**
	 * An overloaded, slow or unavailable database is a 503 to retry, saying when; also
	 * when Spring Data wrapped the driver's exception.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "throttled", "overloaded", "timeout", "spring-timeout" })
	void overloadAndTimeoutsAreRetryable(String kind) {
		this.client.get()
			.uri("/failures/{kind}", kind)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
			.expectHeader()
			.valueEquals(HttpHeaders.RETRY_AFTER, "1")
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/**
	 * A 503 says a retry is safe only where it is: an idempotent operation, a create sent
	 * again with its Idempotency-Key, or a change refused before it wrote anything;
	 * otherwise it says the change may have been made and to check first.
	 */
	@ParameterizedTest
	@CsvSource({ "/timeouts/idempotent,, the request is safe to retry.",
			"/timeouts/create,8f7d1c3e, retry the request with the same Idempotency-Key",
			"/timeouts/create,, the change may have been made; read the resource back",
			"/timeouts/plain,, the change may have been made; read the resource back",
			"/timeouts/refused,, nothing was written; the request is safe to retry." })
	void aServiceUnavailableSaysWhetherARetryIsSafe(String path, String key, String advice) {
		this.client.post().uri(path).headers((headers) -> {
			if (key != null) {
				headers.set(RetryAdvice.IDEMPOTENCY_KEY, key);
			}
		})
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
			.expectBody()
			.jsonPath("$.detail")
			.value(String.class, (detail) -> assertThat(detail).contains(advice));
	}

	/**
	 * A refused or invalid query, or any unexpected error, is a 500 whose answer reveals
	 * nothing of the cause (it is logged, under the id the answer carries).
	 */
	@ParameterizedTest
	@ValueSource(strings = { "guardrail", "spring-invalid", "anything-else" })
	void serverDefectsAreGenericProblems(String kind) {
		this.client.get()
			.uri("/failures/{kind}", kind)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(String.class)
			.value((body) -> assertThat(body).doesNotContain("Guardrail")
				.doesNotContain("secret")
				.doesNotContain("Secret")
				.doesNotContain("Exception")
				.doesNotContain("\tat ")
				.contains("errorId"));
	}

	/**
	 * A 500 on a route whose path holds an email logs the route's pattern, never the
	 * address or the query, and its answer echoes neither.
	 */
	@Test
	void serverErrorLogsTheRoutePatternNotThePath(CapturedOutput output) {
		this.client.get()
			.uri("/users/by-email/x@example.com?note=private-words")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR)
			.expectBody(String.class)
			.value((body) -> assertThat(body).doesNotContain("example.com").doesNotContain("private-words"));
		assertThat(output).contains("Request GET /users/by-email/{email} failed (error id ")
			.doesNotContain("x@example.com")
			.doesNotContain("private-words");
	}

	/**
	 * A problem does not echo the request's path (Spring's default {@code instance}),
	 * which may hold personal data.
	 */
	@Test
	void problemsDoNotEchoThePath() {
		this.client.get()
			.uri("/users/by-email/x@example.com/missing")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody(String.class)
			.value((body) -> assertThat(body).doesNotContain("example.com").doesNotContain("instance"));
		this.client.get()
			.uri("/no/such/route/x@example.com")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody(String.class)
			.value((body) -> assertThat(body).doesNotContain("example.com").doesNotContain("instance"));
	}

	/**
	 * An expired cursor, or one signed with a key the service no longer holds, is a 400
	 * naming {@code cursor}, as a forged one is.
	 */
	@Test
	void expiredAndUnknownKeyCursorsAreBadRequestsNamingTheCursor() {
		byte[] key = Base64.getDecoder().decode(CURSOR_KEY_BASE64);
		Instant twoHoursAgo = Instant.now().minus(Duration.ofHours(2));
		String expired = new CursorCodec(key, null, CursorCodec.DEFAULT_TTL, Clock.fixed(twoHoursAgo, ZoneOffset.UTC))
			.encode("pages", List.of("bucket-1"));
		String otherKey = new CursorCodec(new byte[32]).encode("pages", List.of("bucket-1"));
		String current = new CursorCodec(key).encode("pages", List.of("bucket-1"));
		this.client.get().uri("/pages?cursor={cursor}", current).exchange().expectStatus().isOk();
		for (String cursor : List.of(expired, otherKey)) {
			this.client.get()
				.uri("/pages?cursor={cursor}", cursor)
				.exchange()
				.expectStatus()
				.isBadRequest()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody()
				.jsonPath("$.errors[0].field")
				.isEqualTo("cursor");
		}
	}

	private WebTestClient.BodyContentSpec postOrder(String json) {
		return post("/orders", json);
	}

	private WebTestClient.BodyContentSpec postNote(String json) {
		return post("/notes", json);
	}

	private WebTestClient.BodyContentSpec post(String uri, String json) {
		return this.client.post()
			.uri(uri)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody();
	}

}
