package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.writeintents.WriteIntents;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * What a status change does when its lightweight transaction does not apply: the three
 * answers Paxos can give, decided from the state it left behind.
 */
class OrderServiceTests {

	private static final Instant NOW = Instant.parse("2026-05-03T10:15:30Z");

	private final OrderRepository repository = mock(OrderRepository.class);

	private final DualWriter writer = mock(DualWriter.class);

	/**
	 * The write intents, running each change in place: what this test decides happens
	 * after the transaction, which the intents do not change (their own record and
	 * detachment are proved against the real node).
	 */
	private final WriteIntents intents = mock(WriteIntents.class);

	/** The changes the order's copies were told about. */
	private final List<OrderChange> copied = new CopyOnWriteArrayList<>();

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final OrderService service = new OrderService(this.repository, List.of(new Copy<OrderChange>() {

		@Override
		public Mono<Void> write(DenormalizedWrite.Builder write, OrderChange change) {
			return Mono.fromRunnable(() -> OrderServiceTests.this.copied.add(change));
		}

	}), this.writer, new TimeSource(Clock.fixed(NOW, ZoneOffset.UTC)), this.meters, this.intents,
			mock(IdempotencyKeys.class));

	private final OrdersByIdRow pending = order();

	@BeforeEach
	void copiesSucceed() {
		given(this.intents.run(any(), any(), any())).willAnswer((invocation) -> invocation.<Mono<Object>>getArgument(1)
			.flatMap(invocation.<Function<Object, Mono<Object>>>getArgument(2)));
		given(this.repository.findById(this.pending.orderId())).willReturn(Mono.just(this.pending));
	}

	/**
	 * Not applied, and the order carries our operation id: an earlier attempt applied
	 * (its answer was lost), so this is our success, not a conflict.
	 */
	@Test
	void notAppliedButOurOperationRecordedIsOurSuccess() {
		UUID operationId = UUID.randomUUID();
		OrdersByIdRow paid = this.pending.withStatus(OrderStatus.PAID, operationId, NOW);
		given(this.repository.compareAndSetStatus(any(), any())).willReturn(Mono.just(false));
		given(this.repository.findByIdLinearizable(this.pending.orderId())).willReturn(Mono.just(paid));
		this.service.changeStatus(this.pending.orderId(), OrderStatus.PAID, operationId)
			.as(StepVerifier::create)
			.expectNext(paid)
			.verifyComplete();
		assertThat(this.copied).containsExactly(OrderChange.changed(this.pending, paid));
		assertThat(this.meters.counter("querydriven.ecommerceorders.transitions", "outcome", "recovered").count())
			.isEqualTo(1);
	}

	/**
	 * Not applied because only the version moved (an address change won the race): the
	 * status is unchanged, so the transition is still legal and is tried again on the new
	 * version.
	 */
	@Test
	void notAppliedBecauseOnlyTheVersionMovedIsRetried() {
		UUID operationId = UUID.randomUUID();
		OrdersByIdRow readdressed = this.pending.withShippingAddress(
				new ShippingAddress("Lindenallee 7", "Leipzig", "04109", "DE"), 1, UUID.randomUUID(), NOW);
		OrdersByIdRow paid = readdressed.withStatus(OrderStatus.PAID, operationId, NOW);
		given(this.repository.compareAndSetStatus(this.pending,
				this.pending.withStatus(OrderStatus.PAID, operationId, NOW)))
			.willReturn(Mono.just(false));
		given(this.repository.findByIdLinearizable(this.pending.orderId())).willReturn(Mono.just(readdressed));
		given(this.repository.compareAndSetStatus(readdressed, paid)).willReturn(Mono.just(true));
		this.service.changeStatus(this.pending.orderId(), OrderStatus.PAID, operationId)
			.as(StepVerifier::create)
			.assertNext((order) -> {
				assertThat(order.status()).isEqualTo(OrderStatus.PAID);
				assertThat(order.version()).isEqualTo(3);
				assertThat(order.shippingAddress().city()).isEqualTo("Leipzig");
			})
			.verifyComplete();
	}

	/**
	 * Not applied because another transition won: the request lost the race and gets a
	 * conflict, and no copy is written.
	 */
	@Test
	void notAppliedBecauseTheStatusMovedIsAConflict() {
		OrdersByIdRow cancelled = this.pending.withStatus(OrderStatus.CANCELLED, UUID.randomUUID(), NOW);
		given(this.repository.compareAndSetStatus(any(), any())).willReturn(Mono.just(false));
		given(this.repository.findByIdLinearizable(this.pending.orderId())).willReturn(Mono.just(cancelled));
		this.service.changeStatus(this.pending.orderId(), OrderStatus.PAID, UUID.randomUUID())
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(ConflictException.class)
				.hasMessageContaining("it is now CANCELLED"))
			.verify();
		assertThat(this.copied).isEmpty();
	}

	private static OrdersByIdRow order() {
		return new OrdersByIdRow(UUID.randomUUID(), UUID.randomUUID(), NOW, OrderStatus.PENDING,
				List.of(new OrderItem(UUID.randomUUID(), "Kettle", 1, new BigDecimal("9.90"))), new BigDecimal("9.90"),
				new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"), 0, 1, "digest",
				List.of(new OrderOperation(UUID.randomUUID(), OrderOperation.PLACED, 1, NOW)), NOW);
	}

}
