package dev.querydriven.ecommerceorders;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.ecommerceorders.user.UserService;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.servicesupport.web.RetryAdvice;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.StatementFailures;
import dev.querydriven.testsupport.StatementFailures.Failure;
import dev.querydriven.testsupport.StatementFailures.Hold;
import dev.querydriven.writeintents.IntentSweeper;
import dev.querydriven.writeintents.SweepReport;
import dev.querydriven.writeintents.WriteIntents;
import dev.querydriven.writeintents.WritesOverloadedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.Disposable;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Every copy converges, whatever the client or the process does: a change is recorded in
 * {@code write_intents} before its transaction and runs detached from its request, so a
 * copy lost to a failure is rewritten by a repeated request or by the sweeper, a client
 * that disconnects no longer stops the copies, and a graceful shutdown waits for the
 * changes in flight. Failures are injected into the running service
 * ({@link StatementFailures}), which also holds a copy back
 * ({@link StatementFailures#holdWrite}); every test checks each table against the source
 * of truth ({@link OrderTables}).
 *
 * <p>
 * A copy is lost to an injected failure, never deleted by the test: a {@code DELETE}
 * written now carries a later timestamp than the order's version, with which the copies
 * are rewritten, and at equal or later timestamps a delete wins. A rewrite with the
 * source's timestamp must not bring such a row back (a delete is a change too), so a
 * deleted copy proves nothing about a repair.
 */
@EcommerceOrdersIntegrationTest
class CopiesConvergeIntegrationTests {

	private static final String ADDRESS = """
			{"street": "%s", "city": "Berlin", "postalCode": "10115", "country": "DE"}""";

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementFailures failures;

	@Autowired
	private WriteIntents intents;

	@Autowired
	private IntentSweeper sweeper;

	@Autowired
	private Reconciler reconciler;

	@Autowired
	private OrderService orders;

	@Autowired
	private UserService users;

	@Autowired
	private MutableClock clock;

	@Autowired
	private CqlSession session;

	@Autowired
	private Environment environment;

	private OrderTables tables;

	@BeforeEach
	void tables() {
		this.tables = new OrderTables(this.session);
		this.failures.reset();
	}

	@AfterEach
	void databaseRecovers() {
		this.failures.reset();
		this.intents.resume();
	}

	/**
	 * A placement whose copy in the user's history failed for good (the node refused it:
	 * neither retried nor queued for the reconciler) leaves the order without it; the
	 * client's repeated request, the same order again, rewrites every copy with the
	 * version's timestamp.
	 */
	@Test
	void aRepeatedPlacementRewritesACopyLostToAFailure() {
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		String order = order(orderId);
		this.failures.failWrites("orders_by_user", 1, Failure.INVALID_QUERY);
		place(userId, order).expectStatus().isEqualTo(500);
		assertThat(this.tables.orderById(orderId)).as("the placement's transaction applied").isNotNull();
		assertThat(userOrders(userId)).as("the copy lost").isEmpty();
		assertThat(this.reconciler.pending()).as("a refused copy is not queued for the reconciler").isZero();

		place(userId, order).expectStatus().isOk().expectBody().jsonPath("$.orderId").isEqualTo(orderId.toString());
		this.tables.assertCopiesAgree(orderId);
	}

	/**
	 * A placement whose queue copy failed for good, and that nobody repeats, is finished
	 * by the sweeper once its deadline passed: it reads the order at {@code SERIAL} and
	 * rewrites every copy from it, then moves its watermark past the finished minute.
	 */
	@Test
	@ServesQuery({ "I1", "I2" })
	void theSweeperFinishesAPlacementWhoseCopiesFailedForGood() {
		reachTheSweepersWatermark();
		Instant minute = this.clock.instant().truncatedTo(ChronoUnit.MINUTES);
		UUID orderId = UUID.randomUUID();
		this.failures.failWrites("orders_by_status", 1, Failure.INVALID_QUERY);
		place(orderId, UUID.randomUUID()).expectStatus().isEqualTo(500);
		Row order = this.tables.orderById(orderId);
		assertThat(order).as("the placement's transaction applied").isNotNull();
		assertThat(this.tables.one(
				"SELECT order_id FROM orders_by_status WHERE status = 'PENDING' AND day = ? AND order_time = ? "
						+ "AND order_id = ?",
				LocalDate.ofInstant(order.getInstant("order_time"), ZoneOffset.UTC), order.getInstant("order_time"),
				orderId))
			.as("the queue copy lost")
			.isNull();

		// Past the deadline of every change begun in the intent's minute: the sweeper
		// replays this one, finishes the minute and moves its watermark past it.
		Instant past = minute.plus(Duration.ofMinutes(1)).plus(this.intents.settings().deadline()).plusSeconds(1);
		if (this.clock.instant().isBefore(past)) {
			this.clock.setInstant(past);
		}
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			this.sweeper.sweep().block();
			this.tables.assertCopiesAgree(orderId);
			assertThat(sweptUntil()).as("the watermark").isAfter(minute);
		});
	}

	/**
	 * A client that disconnects while the placement's copies are being written (its copy
	 * in the user's history held back) no longer stops them: the change runs on, and
	 * every table agrees with the order, without the reconciler.
	 */
	@Test
	void aCancelledPlacementStillWritesEveryCopy() {
		UUID orderId = UUID.randomUUID();
		UUID userId = UUID.randomUUID();
		Hold hold = this.failures.holdWrite("orders_by_user");
		Disposable request = webClient(userId).post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order(orderId))
			.retrieve()
			.toBodilessEntity()
			.subscribe();
		hold.reached().as(StepVerifier::create).expectComplete().verify(Duration.ofSeconds(30));
		assertThat(this.tables.orderById(orderId)).as("the source written before the copies").isNotNull();
		request.dispose();
		hold.release();

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> this.tables.assertCopiesAgree(orderId));
		await().atMost(Duration.ofSeconds(20)).until(() -> this.intents.inFlight() == 0);
		assertThat(this.reconciler.pending()).isZero();
	}

	/**
	 * A client that disconnects during an address change, while its open orders' copies
	 * are being written (the first in the user's history held back), no longer leaves
	 * some orders with the old address: each open order and every copy of it ends with
	 * the new one.
	 */
	@Test
	void aCancelledAddressChangeReachesEveryOpenOrder() {
		UUID userId = UUID.randomUUID();
		changeAddress(userId, "Hauptstrasse 1").expectStatus().isOk();
		UUID first = UUID.randomUUID();
		UUID second = UUID.randomUUID();
		place(first, userId).expectStatus().isCreated();
		place(second, userId).expectStatus().isCreated();
		this.clock.add(Duration.ofMillis(1));

		Hold hold = this.failures.holdWrite("orders_by_user");
		Disposable request = webClient(userId).put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(ADDRESS.formatted("Bahnhofstrasse 2"))
			.retrieve()
			.toBodilessEntity()
			.subscribe();
		hold.reached().as(StepVerifier::create).expectComplete().verify(Duration.ofSeconds(30));
		request.dispose();
		hold.release();

		ShippingAddress moved = TestOrders.address("Bahnhofstrasse 2");
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			for (UUID orderId : List.of(first, second)) {
				assertThat(this.tables.address(this.tables.assertCopiesAgree(orderId))).isEqualTo(moved);
			}
		});
	}

	/**
	 * A 503 says what the client may do: repeat an idempotent request (the address, a
	 * {@code PUT}); check before repeating one that may have been made (a placement
	 * without an {@code Idempotency-Key}, a {@code POST}); repeat anything when the
	 * change's record could not be written, since then nothing was.
	 */
	@Test
	void a503SaysWhetherTheRequestIsSafeToRetry() {
		this.failures.failWrites("users_by_id", Integer.MAX_VALUE, Failure.UNAVAILABLE);
		changeAddress(UUID.randomUUID(), "Hauptstrasse 1").expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The database did not answer in time; " + RetryAdvice.SAFE.sentence());

		this.failures.reset();
		this.failures.failWrites("orders_by_id", Integer.MAX_VALUE, Failure.UNAVAILABLE);
		place(UUID.randomUUID(), UUID.randomUUID()).expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The database did not answer in time; " + RetryAdvice.CHECK_FIRST.sentence());

		this.failures.reset();
		this.failures.failWrites("write_intents", 1, Failure.UNAVAILABLE);
		UUID orderId = UUID.randomUUID();
		place(orderId, UUID.randomUUID()).expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> assertThat(detail).contains("nothing was written")
				.endsWith("the request is safe to retry."));
		assertThat(this.tables.orderById(orderId)).as("no record, no change").isNull();
	}

	/**
	 * A placement without the client's own order id draws one, so a plain repeat would
	 * place a second order. With an {@code Idempotency-Key}, the repeat answers as the
	 * first request did (201, the same location and body) and places nothing more; the
	 * same key with another order is a 422 naming the header; and a 503 of a keyed
	 * placement says to retry with the same key.
	 */
	@Test
	@ServesQuery("K1")
	void anIdempotencyKeyPlacesAnOrderOnce() {
		UUID userId = UUID.randomUUID();
		String key = UUID.randomUUID().toString();
		String order = unidentifiedOrder("19.90");
		EntityExchangeResult<String> first = keyed(userId, order, key).expectStatus()
			.isCreated()
			.expectBody(String.class)
			.returnResult();
		String location = first.getResponseHeaders().getLocation().toString();
		keyed(userId, order, key).expectStatus()
			.isCreated()
			.expectHeader()
			.location(location)
			.expectBody(String.class)
			.isEqualTo(first.getResponseBody());
		assertThat(userOrders(userId)).as("one order placed").hasSize(1);
		this.tables.assertCopiesAgree(UUID.fromString(location.substring(location.lastIndexOf('/') + 1)));

		keyed(userId, unidentifiedOrder("4.95"), key).expectStatus()
			.isEqualTo(422)
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo(RetryAdvice.IDEMPOTENCY_KEY);
		assertThat(userOrders(userId)).as("still one order").hasSize(1);

		this.failures.failWrites("orders_by_id", Integer.MAX_VALUE, Failure.UNAVAILABLE);
		keyed(userId, unidentifiedOrder("9.95"), UUID.randomUUID().toString()).expectStatus()
			.isEqualTo(503)
			.expectBody()
			.jsonPath("$.detail")
			.isEqualTo("The database did not answer in time; " + RetryAdvice.SAME_KEY.sentence());
	}

	/**
	 * An {@code Idempotency-Key} is its caller's own: another user sending the same key
	 * with another order places that order for themselves, rather than getting a 422 or
	 * the first user's order.
	 */
	@Test
	void anIdempotencyKeyIsTheCallersOwn() {
		UUID first = UUID.randomUUID();
		UUID second = UUID.randomUUID();
		String key = UUID.randomUUID().toString();
		keyed(first, unidentifiedOrder("19.90"), key).expectStatus().isCreated();
		keyed(second, unidentifiedOrder("4.95"), key).expectStatus()
			.isCreated()
			.expectBody()
			.jsonPath("$.userId")
			.isEqualTo(second.toString())
			.jsonPath("$.total")
			.isEqualTo("4.95");
		assertThat(userOrders(first)).hasSize(1);
		assertThat(userOrders(second)).hasSize(1);
	}

	/**
	 * Closing the context drains the changes in flight after the web server has stopped
	 * taking requests ({@link WriteIntents#drain}): it waits for a placement whose copy
	 * in the user's history is held back, which then finishes with every copy written,
	 * and refuses a change begun meanwhile before anything of it is written.
	 */
	@Test
	void closingTheContextLosesNoChangeInFlight() throws Exception {
		NewOrder order = TestOrders.order(UUID.randomUUID());
		Hold hold = this.failures.holdWrite("orders_by_user");
		Disposable placing = this.orders.place(order).subscribe();
		hold.reached().as(StepVerifier::create).expectComplete().verify(Duration.ofSeconds(30));

		CompletableFuture<Boolean> drained = CompletableFuture
			.supplyAsync(() -> this.intents.drain(Duration.ofSeconds(30)));
		UUID refused = UUID.randomUUID();
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThatThrownBy(
					() -> this.users.changeShippingAddress(refused, TestOrders.address("Hauptstrasse 1")).block())
				.isInstanceOf(WritesOverloadedException.class));
		assertThat(drained).as("waiting for the held change").isNotDone();

		hold.release();
		assertThat(drained.get(30, TimeUnit.SECONDS)).as("every change finished").isTrue();
		this.tables.assertCopiesAgree(order.orderId());
		placing.dispose();
	}

	/**
	 * Moves the clock (forward only: the context shares it) to the sweeper's watermark at
	 * least, so that this test's intents fall in a minute the sweeper still reads: the
	 * clock stands still from the context's start, which may precede the moment the
	 * table, and so the watermark, was created.
	 */
	private void reachTheSweepersWatermark() {
		Instant watermark = sweptUntil();
		if (this.clock.instant().isBefore(watermark)) {
			this.clock.setInstant(watermark);
		}
	}

	/** The sweeper's watermark, as a pass of its own leaves it. */
	private Instant sweptUntil() {
		return this.sweeper.sweep().map(SweepReport::sweptUntil).block();
	}

	private List<Row> userOrders(UUID userId) {
		return this.tables.all("SELECT order_id FROM orders_by_user WHERE user_id = ?", userId);
	}

	/** A client that can disconnect mid-request, acting as a user. */
	private WebClient webClient(UUID userId) {
		return WebClient.builder()
			.baseUrl("http://localhost:" + this.environment.getProperty("local.server.port"))
			.defaultHeader(HttpHeaders.AUTHORIZATION, "Bearer " + this.callers.tokens().forUser(userId))
			.build();
	}

	private WebTestClient.ResponseSpec place(UUID orderId, UUID userId) {
		return place(userId, order(orderId));
	}

	private WebTestClient.ResponseSpec place(UUID userId, String order) {
		return this.client.mutateWith(this.callers.as(userId))
			.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order)
			.exchange();
	}

	private WebTestClient.ResponseSpec changeAddress(UUID userId, String street) {
		return this.client.mutateWith(this.callers.as(userId))
			.put()
			.uri("/users/{id}/shipping-address", userId)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(ADDRESS.formatted(street))
			.exchange();
	}

	private WebTestClient.ResponseSpec keyed(UUID userId, String order, String key) {
		return this.client.mutateWith(this.callers.as(userId))
			.post()
			.uri("/orders")
			.header(RetryAdvice.IDEMPOTENCY_KEY, key)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(order)
			.exchange();
	}

	private static String unidentifiedOrder(String price) {
		return """
				{"items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "%s"}],
				 "shippingAddress": %s}
				""".formatted(UUID.randomUUID(), price, ADDRESS.formatted("Hauptstrasse 1"));
	}

	private static String order(UUID orderId) {
		return """
				{"orderId": "%s",
				 "items": [{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "19.90"}],
				 "shippingAddress": %s}
				""".formatted(orderId, UUID.randomUUID(), ADDRESS.formatted("Hauptstrasse 1"));
	}

}
