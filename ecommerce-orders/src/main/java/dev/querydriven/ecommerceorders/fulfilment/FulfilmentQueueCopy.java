package dev.querydriven.ecommerceorders.fulfilment;

import java.time.LocalDate;
import java.util.EnumSet;
import java.util.Set;

import dev.querydriven.ecommerceorders.order.OrderChange;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps an order's row in {@code orders_by_status}: in the queue of its status while it
 * is open, nowhere once delivered or cancelled. A status change <b>moves</b> the row: the
 * status is part of the partition key, so the old row is deleted and a new one inserted
 * (both with the new version's timestamp, which is later than the old row's, so the
 * delete wins over any late copy of the old row). The day, taken from the order time,
 * never changes.
 */
@Component
class FulfilmentQueueCopy implements Copy<OrderChange> {

	/** The statuses with a queue: those with work still to do. */
	static final Set<OrderStatus> QUEUED = EnumSet.of(OrderStatus.PENDING, OrderStatus.PAID, OrderStatus.SHIPPED);

	private final FulfilmentRepository repository;

	private final QueueWatermarks watermarks;

	FulfilmentQueueCopy(FulfilmentRepository repository, QueueWatermarks watermarks) {
		this.repository = repository;
		this.watermarks = watermarks;
	}

	@Override
	public Mono<AfterWrite> beforeWrite(OrderChange change) {
		OrdersByIdRow order = change.current();
		if (!QUEUED.contains(order.status())) {
			return Mono.just(AfterWrite.NOTHING);
		}
		Bucket day = QueueWatermarks.dayOf(order.orderTime());
		return this.watermarks.protect(order.status(), day)
			.map((deadline) -> (timestamp) -> this.watermarks.confirm(order.status(), day, deadline));
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, OrderChange change) {
		OrdersByIdRow order = change.current();
		LocalDate day = QueueWatermarks.dayOf(order.orderTime()).date();
		boolean queued = QUEUED.contains(order.status());
		return switch (change.kind()) {
			case PLACED -> this.repository.insert(order, day).doOnNext(write::put).then();
			case CHANGED -> {
				OrderStatus before = change.previous().status();
				if (QUEUED.contains(before) && queued) {
					yield Mono.zip(this.repository.delete(before, order, day), this.repository.insert(order, day))
						.doOnNext((move) -> write.move(move.getT1(), move.getT2(), change.statusChanged()))
						.then();
				}
				if (QUEUED.contains(before)) {
					yield this.repository.delete(before, order, day).doOnNext(write::put).then();
				}
				yield Mono.empty();
			}
			case REPAIR -> {
				// Whatever an interrupted earlier write left behind: no row in any other
				// status's queue.
				Flux<OrderStatus> others = Flux.fromIterable(QUEUED).filter((status) -> status != order.status());
				yield others.concatMap((status) -> this.repository.delete(status, order, day))
					.concatWith(queued ? this.repository.insert(order, day) : Mono.empty())
					.doOnNext(write::put)
					.then();
			}
		};
	}

}
