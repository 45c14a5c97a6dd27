package dev.querydriven.ecommerceorders.fulfilment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.SliceTestConfiguration;
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
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.querydriven.testsupport.Callers.mockCaller;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The fulfilment queue's HTTP shape: a page of queued orders with a cursor, a problem
 * naming the parameter for bad input, and the queue for staff only.
 */
@WebFluxTest(FulfilmentController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import({ FulfilmentMapperImpl.class, SliceTestConfiguration.class })
class FulfilmentControllerTests {

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private FulfilmentService fulfilment;

	/**
	 * A page lists the queued orders with money as strings and the next page's cursor.
	 */
	@Test
	void pageListsQueuedOrdersWithTheNextCursor() {
		Instant time = Instant.parse("2026-05-03T10:15:30Z");
		OrdersByStatusRow row = new OrdersByStatusRow(OrderStatus.PAID, LocalDate.parse("2026-05-03"), time,
				UUID.randomUUID(), UUID.randomUUID(), new BigDecimal("44.75"), 2,
				new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"));
		given(this.fulfilment.queue(OrderStatus.PAID, null, 1))
			.willReturn(Mono.just(new Page<>(List.of(row), "the-cursor")));
		staff().get()
			.uri("/orders?status=PAID&limit=1")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items[0].orderId")
			.isEqualTo(row.orderId().toString())
			.jsonPath("$.items[0].total")
			.isEqualTo("44.75")
			.jsonPath("$.items[0].shippingAddress.city")
			.isEqualTo("Berlin")
			.jsonPath("$.next")
			.isEqualTo("the-cursor");
	}

	/** The default page size is 20. */
	@Test
	void defaultPageSizeIsTwenty() {
		given(this.fulfilment.queue(eq(OrderStatus.PENDING), any(), eq(20)))
			.willReturn(Mono.just(new Page<>(List.of(), null)));
		staff().get()
			.uri("/orders?status=PENDING")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.items")
			.isEmpty()
			.jsonPath("$.next")
			.isEmpty();
	}

	/**
	 * An unknown or missing status and an out-of-range page size are 400s naming them.
	 */
	@ParameterizedTest(name = "{1}")
	@CsvSource({ "status, /orders?status=LOST", "status, /orders", "limit, /orders?status=PAID&limit=0",
			"limit, /orders?status=PAID&limit=101", "limit, /orders?status=PAID&limit=many" })
	void badParameterIsNamed(String field, String uri) {
		staff().get()
			.uri(uri)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(field);
		verifyNoInteractions(this.fulfilment);
	}

	/**
	 * The queue shows every open order with its address: a signed-in user without the
	 * staff role gets a 403 problem, and the service is never asked.
	 */
	@Test
	void queueIsRefusedToCustomers() {
		this.client.mutateWith(mockCaller(UUID.randomUUID()))
			.get()
			.uri("/orders?status=PAID")
			.exchange()
			.expectStatus()
			.isForbidden()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		verifyNoInteractions(this.fulfilment);
	}

	/** Requests of a member of staff. */
	private WebTestClient staff() {
		return this.client.mutateWith(mockCaller(UUID.randomUUID(), Caller.STAFF));
	}

}
