package dev.querydriven.ecommerceorders;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import dev.querydriven.servicesupport.data.ServiceReactiveSession;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.recording.RecordedRequest;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.PreparedStatementsCheck;
import dev.querydriven.writeintents.WriteIntents;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the service's requests really do to the database, as the statement recorder sees
 * them: every statement prepared once, and each request's statements, partitions and
 * consistency levels.
 */
@EcommerceOrdersIntegrationTest
class StatementsIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private ReactiveSession session;

	@Autowired
	private WriteIntents intents;

	/**
	 * A steady load (placing, reading and paying orders, paging the lists) prepares
	 * nothing new once warmed up: each statement text is prepared once and reused, even
	 * after a garbage collection.
	 */
	@Test
	void steadyLoadPreparesNothingNew() {
		UUID userId = UUID.randomUUID();
		UUID productId = UUID.randomUUID();
		WebTestClient buyer = this.client.mutateWith(this.callers.as(userId));
		WebTestClient staff = this.client.mutateWith(this.callers.as(UUID.randomUUID(), Caller.STAFF));
		PreparedStatementsCheck.assertSteadyLoadPreparesNothing(this.recorder, (ServiceReactiveSession) this.session,
				() -> {
					UUID orderId = place(userId, productId);
					buyer.get().uri("/orders/{id}", orderId).exchange().expectStatus().isOk();
					staff.post()
						.uri("/orders/{id}/status", orderId)
						.contentType(MediaType.APPLICATION_JSON)
						.bodyValue("{\"status\": \"PAID\"}")
						.exchange()
						.expectStatus()
						.isOk();
					buyer.get().uri("/users/{id}/orders?limit=1", userId).exchange().expectStatus().isOk();
					staff.get().uri("/products/{id}/orders", productId).exchange().expectStatus().isOk();
					staff.get().uri("/orders?status=PAID&limit=1").exchange().expectStatus().isOk();
				});
	}

	/**
	 * Reading an order is one statement on one partition of {@code orders_by_id}, at
	 * {@code LOCAL_QUORUM}, attributed to its route.
	 */
	@Test
	void readingAnOrderReadsOnePartition() {
		UUID userId = UUID.randomUUID();
		UUID orderId = place(userId, UUID.randomUUID());
		List<RecordedRequest> requests = this.recorder
			.record(() -> this.client.mutateWith(this.callers.as(userId))
				.get()
				.uri("/orders/{id}", orderId)
				.exchange()
				.expectStatus()
				.isOk())
			.requests("GET /orders/{orderId}");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.partitionsRead()).singleElement()
				.isEqualTo(new RecordedStatement.Partition("ecommerce_orders.orders_by_id", List.of(orderId)));
			assertThat(request.statements()).singleElement().satisfies((statement) -> {
				assertThat(statement.consistency()).isEqualTo("LOCAL_QUORUM");
				assertThat(statement.prepared()).isTrue();
				assertThat(statement.lightweightTransaction()).isFalse();
			});
		});
	}

	/**
	 * Placing an order is one lightweight transaction on {@code orders_by_id} (Paxos at
	 * {@code SERIAL}) and then plain writes of the copies, one partition each, none of
	 * them a transaction; and one more write of its own: the change's intent, completed
	 * once the change is done.
	 */
	@Test
	void placingAnOrderIsOneTransactionThenTheCopies() {
		UUID userId = UUID.randomUUID();
		// The placement's intent is written first, before its transaction (a change cut
		// short is finished by the sweeper from it), and marked completed last, after its
		// copies, by the change itself: once the answer has gone, outside the request
		// (the block waits for it). The recorder lists statements as the driver reports
		// them, which is not the order they were sent in (a transaction's answer comes
		// after Paxos' round trips), so the order is proved by the write intents' own
		// tests; this one counts what each request wrote.
		StatementRecorder.Recording recording = this.recorder.record(() -> {
			place(userId, UUID.randomUUID());
			await().atMost(Duration.ofSeconds(10)).until(() -> this.intents.inFlight() == 0);
		});
		assertThat(recording.statements()).as("the intent's completion")
			.anySatisfy((statement) -> assertThat(statement.cql()).startsWith("UPDATE write_intents SET completed_at"));
		List<RecordedRequest> requests = recording.requests("POST /orders");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.statements()).as("the request's writes of write_intents")
				.filteredOn((statement) -> statement.table().equals("ecommerce_orders.write_intents"))
				.singleElement()
				.satisfies((intent) -> assertThat(intent.cql()).startsWith("INSERT INTO write_intents"));
			List<RecordedStatement> transactions = request.statements()
				.stream()
				.filter(RecordedStatement::lightweightTransaction)
				.toList();
			assertThat(transactions).singleElement().satisfies((transaction) -> {
				assertThat(transaction.table()).isEqualTo("ecommerce_orders.orders_by_id");
				assertThat(transaction.serialConsistency()).isEqualTo("SERIAL");
			});
			assertThat(request.partitionsWritten()).as("partitions written by %s", request.statements())
				.extracting(RecordedStatement.Partition::table)
				.contains("ecommerce_orders.orders_by_user", "ecommerce_orders.open_orders_by_user",
						"ecommerce_orders.orders_by_status", "ecommerce_orders.orders_by_product",
						"ecommerce_orders.product_order_months");
		});
	}

	private UUID place(UUID userId, UUID productId) {
		UUID orderId = UUID.randomUUID();
		this.client.mutateWith(this.callers.as(userId))
			.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(
					"""
							{"orderId": "%s",
							 "items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
							 "shippingAddress": {"street": "Hauptstrasse 1", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
							"""
						.formatted(orderId, productId))
			.exchange()
			.expectStatus()
			.isCreated();
		return orderId;
	}

}
