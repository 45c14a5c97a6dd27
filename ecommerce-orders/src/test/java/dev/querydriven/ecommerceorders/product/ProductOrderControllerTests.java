package dev.querydriven.ecommerceorders.product;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.SliceTestConfiguration;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.Page;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.Callers.mockCaller;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The product-orders API's HTTP shape, for staff only.
 */
@WebFluxTest(ProductOrderController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ ProductOrderMapperImpl.class, SliceTestConfiguration.class })
class ProductOrderControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private ProductOrderService products;

	/** A page of a product's order lines, price as a decimal string. */
	@Test
	void pageListsTheProductsOrderLines() {
		UUID productId = UUID.randomUUID();
		OrdersByProductRow row = new OrdersByProductRow(productId, "2026-05", Instant.parse("2026-05-03T10:15:30Z"),
				UUID.randomUUID(), UUID.randomUUID(), OrderStatus.PAID, 3, new BigDecimal("4.95"));
		given(this.products.orders(productId, null, 5)).willReturn(Mono.just(new Page<>(List.of(row), null)));
		staff().get()
			.uri("/products/{id}/orders?limit=5", productId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].quantity")
			.isEqualTo(3)
			.jsonPath("$.items[0].unitPrice")
			.isEqualTo("4.95")
			.jsonPath("$.next")
			.isEmpty();
	}

	/** An invalid product id and an out-of-range page size are 400s naming them. */
	@Test
	void badParametersAreNamed() {
		staff().get()
			.uri("/products/not-a-uuid/orders")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("productId");
		staff().get()
			.uri("/products/{id}/orders?limit=0", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("limit");
		verifyNoInteractions(this.products);
	}

	/**
	 * The list names every buyer of the product: a signed-in user without the staff role
	 * gets a 403 problem, and the service is never asked.
	 */
	@Test
	void productOrdersAreRefusedToCustomers() {
		this.client.mutateWith(mockCaller(UUID.randomUUID()))
			.get()
			.uri("/products/{id}/orders", UUID.randomUUID())
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		verifyNoInteractions(this.products);
	}

	/** Requests of a member of staff. */
	private WebTestClient staff() {
		return this.client.mutateWith(mockCaller(UUID.randomUUID(), Caller.STAFF));
	}

}
