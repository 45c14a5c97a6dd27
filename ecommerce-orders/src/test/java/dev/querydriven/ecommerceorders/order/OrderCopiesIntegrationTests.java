package dev.querydriven.ecommerceorders.order;

import java.time.Duration;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The database failing in the middle of a request, injected into the running service
 * ({@link StatementFailures}): a copy that cannot be written is repaired by the
 * reconciler without any client retry, only transient failures are retried, a transaction
 * whose answer was lost is recognised, and a database that does not answer is a 503 that
 * is safe to retry.
 */
@EcommerceOrdersIntegrationTest
class OrderCopiesIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private Reconciler reconciler;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	@Qualifier("reconcilerHealthIndicator")
	private HealthIndicator reconcilerHealth;

	@Autowired
	private CqlSession session;

	private OrderTables tables;

	@BeforeEach
	void tables() {
		this.tables = new OrderTables(this.session);
		this.failures.reset();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
	}

	/**
	 * A copy write that outlives the writer's retries (here: the user's history while its
	 * replicas time out) fails the request with a 503, is queued for the reconciler
	 * (backlog 1, in the metric and the health), and once the database answers again the
	 * reconciler's scheduled pass writes it, with the version's timestamp: the copies
	 * agree with the source of truth without any client retry.
	 */
	@Test
	void failedCopyIsRepairedByTheReconcilerWithoutAClientRetry() {
		this.failures.failWrites("orders_by_user", Integer.MAX_VALUE, Failure.WRITE_TIMEOUT);
		UUID userId = UUID.randomUUID();
		UUID orderId = UUID.randomUUID();
		place(orderId, userId).expectStatus()
			.isEqualTo(503)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		assertThat(this.tables.all("SELECT order_id FROM orders_by_user WHERE user_id = ?", userId)).isEmpty();
		assertThat(this.tables.orderById(orderId)).as("the transaction on the source of truth applied").isNotNull();
		assertThat(this.reconciler.pending()).isEqualTo(1);
		assertThat(this.meters.get("querydriven.dualwrite.backlog").gauge().value()).isEqualTo(1);
		assertThat(this.reconcilerHealth.health().getDetails()).containsEntry("backlog", 1);

		this.failures.reset();
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> this.tables.assertCopiesAgree(orderId));
		await().atMost(Duration.ofSeconds(20)).until(() -> this.reconciler.pending() == 0);
		assertThat(this.reconcilerHealth.health().getStatus()).isEqualTo(Status.UP);
	}

	/**
	 * A transient failure of a copy (a write timeout) is retried and the request
	 * succeeds; a failure no retry can fix (the node refusing the statement) is not
	 * retried, and not queued for the reconciler either: a 500 that says nothing of the
	 * statement.
	 */
	@Test
	void onlyTransientFailuresAreRetried() {
		this.failures.failWrites("orders_by_product", 2, Failure.WRITE_TIMEOUT);
		UUID orderId = UUID.randomUUID();
		place(orderId, UUID.randomUUID()).expectStatus().isCreated();
		assertThat(this.failures.attempts("orders_by_product")).as("a copy failed twice, then written").isEqualTo(3);
		this.tables.assertCopiesAgree(orderId);

		this.failures.reset();
		this.failures.failWrites("orders_by_product", 1, Failure.INVALID_QUERY);
		place(UUID.randomUUID(), UUID.randomUUID()).expectStatus()
			.isEqualTo(500)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The server could not complete the request. It is logged under the id in 'errorId'.")
			.jsonPath("$.errorId")
			.isNotEmpty();
		assertThat(this.failures.attempts("orders_by_product")).as("a refused copy is not retried").isEqualTo(1);
		assertThat(this.reconciler.pending()).as("nor queued for the reconciler").isZero();
	}

	/**
	 * A status change whose transaction applied but whose answer was lost (a Paxos write
	 * timeout) is retried; the retry does not apply, and the linearizable read finds the
	 * request's own operation: a 200 with the new status, not a 409, and every copy
	 * written.
	 */
	@Test
	void lostAnswerOfATransactionIsRecognisedAsItsOwnSuccess() {
		UUID orderId = UUID.randomUUID();
		place(orderId, UUID.randomUUID()).expectStatus().isCreated();
		this.failures.loseAnswers("orders_by_id", 1);
		this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF))
			.post()
			.uri("/orders/{id}/status", orderId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"status\": \"PAID\"}")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo("PAID")
			.jsonPath("$.version")
			.isEqualTo(2);
		this.tables.assertCopiesAgree(orderId);
	}

	/**
	 * A database that does not answer (a client timeout, too few replicas) is a 503
	 * problem: the request may be retried, every write being idempotent or guarded.
	 */
	@Test
	void unansweredReadIsA503() {
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		place(orderId, userId).expectStatus().isCreated();
		WebTestClient buyer = this.client.mutateWith(this.callers.as(userId));
		for (Failure failure : new Failure[] { Failure.CLIENT_TIMEOUT, Failure.UNAVAILABLE, Failure.READ_TIMEOUT }) {
			this.failures.failReads("orders_by_id", 1, failure);
			buyer.get()
				.uri("/orders/{id}", orderId)
				.exchange()
				.expectStatus()
				.isEqualTo(503)
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON);
		}
		buyer.get().uri("/orders/{id}", orderId).exchange().expectStatus().isOk();
	}

	private WebTestClient.ResponseSpec place(UUID orderId, UUID userId) {
		return this.client.mutateWith(this.callers.as(userId))
			.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(
					"""
							{"orderId": "%s",
							 "items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
							 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
							"""
						.formatted(orderId, UUID.randomUUID()))
			.exchange();
	}

}
