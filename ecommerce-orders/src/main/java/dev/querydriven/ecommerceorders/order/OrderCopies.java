package dev.querydriven.ecommerceorders.order;

import java.util.List;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.Reconciler;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Writes every copy of an order (every {@link OrderCopy} bean) after a transaction on
 * {@code orders_by_id} applied: one {@link DenormalizedWrite} whose statements all carry
 * the order version's {@link OrdersByIdRow#copyTimestamp() copy timestamp}. The copies
 * are plain idempotent writes, never part of the transaction: a failure after the
 * transaction leaves the copies behind, and the client's retry (same order id, same
 * operation id) rewrites them identically.
 *
 * <p>
 * {@code PARALLEL}, not a logged batch: an order of 50 items touches over 100 rows (one
 * per product and month), far beyond the 5 KiB batch warning, and every statement is
 * idempotent, so retrying a statement on its own is safe.
 *
 * <p>
 * A copy that still fails after the writer's retries is queued for the service's
 * {@link Reconciler} (shared auto-configuration runs its passes every few seconds), which
 * re-applies it with the same timestamp, and the request answers 503 (the shared problem
 * handler's answer to a database timeout: safe to retry). The transaction on
 * {@code orders_by_id} did apply, so the client's retry with the same order id or
 * operation id is recognised and rewrites the copies too; without a retry, the
 * reconciler's next pass repairs them.
 */
@Component
class OrderCopies {

	private final List<OrderCopy> copies;

	private final DualWriter writer;

	OrderCopies(List<OrderCopy> copies, DualWriter writer) {
		this.copies = List.copyOf(copies);
		this.writer = writer;
	}

	/**
	 * Writes every copy for a change.
	 * @param change what happened to the order
	 * @return completes once every copy is written
	 */
	public Mono<Void> write(OrderChange change) {
		DenormalizedWrite.Builder write = DenormalizedWrite.builder(change.describe())
			.strategy(WriteStrategy.PARALLEL)
			.timestamp(change.current().copyTimestamp());
		return Flux.fromIterable(this.copies)
			.concatMap((copy) -> copy.beforeWrite(change))
			.collectList()
			.flatMap((checks) -> Flux.fromIterable(this.copies)
				.concatMap((copy) -> copy.write(write, change))
				.then(Mono.defer(() -> this.writer.execute(write.build())))
				.thenMany(Flux.fromIterable(checks).concatMap(OrderCopy.AfterWrite::run))
				.then());
	}

}
