package dev.querydriven.ecommerceorders.user;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.SliceTestConfiguration;
import dev.querydriven.ecommerceorders.order.AddressChangeOutcome;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The user API's HTTP shape: order history pages, the address and its change, problems
 * naming the field for bad input, and a user's data for that user only.
 */
@WebFluxTest(UserController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ UserMapperImpl.class, SliceTestConfiguration.class })
class UserControllerTests {

	private static final ShippingAddress ADDRESS = new ShippingAddress("Lindenallee 7", "Leipzig", "04109", "DE");

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private UserService users;

	/** A page of the user's orders, with the next page's cursor. */
	@Test
	void ordersPageCarriesTheNextCursor() {
		UUID userId = UUID.randomUUID();
		OrdersByUserRow row = new OrdersByUserRow(userId, Instant.parse("2026-05-03T10:15:30Z"), UUID.randomUUID(),
				OrderStatus.SHIPPED, new BigDecimal("44.75"), 2, ADDRESS);
		given(this.users.orders(userId, null, 20)).willReturn(Mono.just(new Page<>(List.of(row), "next-page")));
		this.client.mutateWith(mockCaller(userId))
			.get()
			.uri("/users/{id}/orders", userId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].status")
			.isEqualTo("SHIPPED")
			.jsonPath("$.items[0].total")
			.isEqualTo("44.75")
			.jsonPath("$.next")
			.isEqualTo("next-page");
	}

	/** An address change answers the address, its version and each open order's fate. */
	@Test
	void addressChangeReportsEachOpenOrder() {
		UUID userId = UUID.randomUUID();
		UUID orderId = UUID.randomUUID();
		UsersByIdRow user = new UsersByIdRow(userId, ADDRESS, 2, Instant.parse("2026-05-03T10:15:30Z"));
		given(this.users.changeShippingAddress(userId, ADDRESS))
			.willReturn(Mono.just(new UserService.AddressChange(user,
					List.of(new UserService.AddressChange.OrderOutcome(orderId, AddressChangeOutcome.UPDATED)))));
		this.client.mutateWith(mockCaller(userId))
			.put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"street\": \" Lindenallee 7 \", \"city\": \"Leipzig\", \"postalCode\": \"04109\", "
					+ "\"country\": \"DE\"}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.version")
			.isEqualTo(2)
			.jsonPath("$.shippingAddress.street")
			.isEqualTo("Lindenallee 7")
			.jsonPath("$.orders[0].orderId")
			.isEqualTo(orderId.toString())
			.jsonPath("$.orders[0].outcome")
			.isEqualTo("UPDATED");
	}

	/** Bad addresses, ids and page parameters are 400s naming the field. */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					street     | PUT | {"street": "", "city": "Leipzig", "postalCode": "04109", "country": "DE"}
					country    | PUT | {"street": "a", "city": "Leipzig", "postalCode": "04109", "country": "Deutschland"}
					postalCode | PUT | {"street": "a", "city": "Leipzig", "postalCode": "0410900000000000000000", "country": "DE"}
					body       | PUT | {"street":
					userId     | BAD | {}
					limit      | GET | limit=0
					limit      | GET | limit=101
					""")
	void badInputIsNamed(String field, String method, String input) {
		UUID userId = UUID.randomUUID();
		WebTestClient client = this.client.mutateWith(mockCaller(userId));
		WebTestClient.ResponseSpec response = switch (method) {
			case "PUT" -> client.put()
				.uri("/users/{id}/shipping-address", userId)
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(input)
				.exchange();
			case "GET" -> client.get().uri("/users/{id}/orders?" + input, userId).exchange();
			default -> client.get().uri("/users/not-a-uuid/orders").exchange();
		};
		response.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[?(@.field == '" + field + "')]")
			.exists();
		verifyNoInteractions(this.users);
	}

	/**
	 * An erasure answers 204 without a body, for the user and for an admin, who may erase
	 * anyone.
	 */
	@Test
	void erasureAnswersNoContentToTheUserAndToAnAdmin() {
		UUID userId = UUID.randomUUID();
		given(this.users.erase(userId)).willReturn(Mono.empty());
		this.client.mutateWith(mockCaller(userId))
			.delete()
			.uri("/users/{id}", userId)
			.exchange()
			.expectStatus()
			.isNoContent()
			.expectBody()
			.isEmpty();
		this.client.mutateWith(mockCaller(UUID.randomUUID(), Caller.ADMIN))
			.delete()
			.uri("/users/{id}", userId)
			.exchange()
			.expectStatus()
			.isNoContent();
	}

	/**
	 * A user's orders and address are that user's alone, and so is their erasure (but for
	 * an admin): another user's token is a 403 problem, no token a 401 with the bearer
	 * challenge, and the service is never asked.
	 */
	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "GET, /users/{id}/orders", "GET, /users/{id}/shipping-address", "PUT, /users/{id}/shipping-address",
			"DELETE, /users/{id}" })
	void anotherUsersDataIsRefused(String method, String path) {
		UUID owner = UUID.randomUUID();
		String address = "{\"street\": \"a\", \"city\": \"Leipzig\", \"postalCode\": \"04109\", \"country\": \"DE\"}";
		request(this.client.mutateWith(mockCaller(UUID.randomUUID())), method, path, owner, address).expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		request(this.client, method, path, owner, address).expectStatus()
			.isUnauthorized()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectHeader()
			.value(HttpHeaders.WWW_AUTHENTICATE, (challenge) -> assertThat(challenge).startsWith("Bearer"));
		verifyNoInteractions(this.users);
	}

	private static WebTestClient.ResponseSpec request(WebTestClient client, String method, String path, UUID userId,
			String body) {
		return switch (method) {
			case "PUT" ->
				client.put().uri(path, userId).contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
			case "DELETE" -> client.delete().uri(path, userId).exchange();
			default -> client.get().uri(path, userId).exchange();
		};
	}

}
