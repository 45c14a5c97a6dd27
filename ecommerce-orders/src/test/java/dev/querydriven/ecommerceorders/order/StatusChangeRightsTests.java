package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.writeintents.WriteIntents;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.security.access.AccessDeniedException;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * Who may move an order: staff any legal way, its buyer only to cancel it while it is
 * {@code PENDING} or {@code PAID}, anyone else not at all; a refused caller is stopped
 * once the order is read, before its change's intent or transaction.
 */
class StatusChangeRightsTests {

	private static final Instant NOW = Instant.parse("2026-05-03T10:15:30Z");

	private final OrderRepository repository = mock(OrderRepository.class);

	private final WriteIntents intents = mock(WriteIntents.class);

	private final OrderService service = new OrderService(this.repository, List.of(new Copy<OrderChange>() {

		@Override
		public Mono<Void> write(DenormalizedWrite.Builder write, OrderChange change) {
			return Mono.empty();
		}

	}), mock(DualWriter.class), new TimeSource(Clock.fixed(NOW, ZoneOffset.UTC)), new SimpleMeterRegistry(),
			this.intents, mock(IdempotencyKeys.class));

	private final UUID buyer = UUID.randomUUID();

	/**
	 * Each caller's legal transitions, allowed or refused by who asks: a refusal is a 403
	 * even where the transition would be legal for staff.
	 */
	@ParameterizedTest(name = "{0}: {1} -> {2} {3}")
	@CsvSource({ "staff, PENDING, PAID, allowed", "staff, PAID, SHIPPED, allowed", "staff, SHIPPED, DELIVERED, allowed",
			"staff, PENDING, CANCELLED, allowed", "buyer, PENDING, CANCELLED, allowed",
			"buyer, PAID, CANCELLED, allowed", "buyer, PENDING, PAID, refused", "buyer, PAID, SHIPPED, refused",
			"buyer, SHIPPED, DELIVERED, refused", "buyer, SHIPPED, CANCELLED, refused",
			"another user, PENDING, CANCELLED, refused", "another user, PENDING, PAID, refused" })
	void callersMayMakeOnlyTheirChanges(String who, OrderStatus from, OrderStatus to, String outcome) {
		OrdersByIdRow order = order(from);
		runChangesInPlace();
		given(this.repository.findById(order.orderId())).willReturn(Mono.just(order));
		given(this.repository.compareAndSetStatus(any(), any())).willReturn(Mono.just(true));
		StepVerifier.FirstStep<OrdersByIdRow> change = StepVerifier
			.create(this.service.changeStatus(order.orderId(), to, UUID.randomUUID(), caller(who)));
		if (outcome.equals("allowed")) {
			change.expectNextMatches((changed) -> changed.status() == to).verifyComplete();
		}
		else {
			change.verifyError(AccessDeniedException.class);
			verifyNoInteractions(this.intents);
			verify(this.repository, never()).compareAndSetStatus(any(), any());
		}
	}

	/**
	 * The buyer's repeat of a cancel that applied (same operation id) answers as the
	 * first did, though the order is no longer open: a retry is always safe.
	 */
	@Test
	void buyersRepeatOfTheirCancelAnswersAgain() {
		UUID operationId = UUID.randomUUID();
		OrdersByIdRow cancelled = order(OrderStatus.PENDING).withStatus(OrderStatus.CANCELLED, operationId, NOW);
		given(this.repository.findById(cancelled.orderId())).willReturn(Mono.just(cancelled));
		this.service.changeStatus(cancelled.orderId(), OrderStatus.CANCELLED, operationId, caller("buyer"))
			.as(StepVerifier::create)
			.expectNext(cancelled)
			.verifyComplete();
		this.service.changeStatus(cancelled.orderId(), OrderStatus.CANCELLED, UUID.randomUUID(), caller("buyer"))
			.as(StepVerifier::create)
			.verifyError(AccessDeniedException.class);
	}

	private void runChangesInPlace() {
		given(this.intents.run(any(), any(), any())).willAnswer((invocation) -> invocation.<Mono<Object>>getArgument(1)
			.flatMap(invocation.<Function<Object, Mono<Object>>>getArgument(2)));
	}

	private Caller caller(String who) {
		return switch (who) {
			case "staff" -> caller(UUID.randomUUID(), Caller.STAFF);
			case "buyer" -> caller(this.buyer);
			default -> caller(UUID.randomUUID());
		};
	}

	private static Caller caller(UUID id, String... roles) {
		return new Caller(id, id.toString(), id.toString(), Set.of(roles), Set.of());
	}

	private OrdersByIdRow order(OrderStatus status) {
		return new OrdersByIdRow(UUID.randomUUID(), this.buyer, NOW, status,
				List.of(new OrderItem(UUID.randomUUID(), "Kettle", 1, new BigDecimal("9.90"))), new BigDecimal("9.90"),
				new ShippingAddress("Hauptstrasse 1", "Berlin", "10115", "DE"), 0, 1, "digest",
				List.of(new OrderOperation(UUID.randomUUID(), OrderOperation.PLACED, 1, NOW)), NOW);
	}

}
