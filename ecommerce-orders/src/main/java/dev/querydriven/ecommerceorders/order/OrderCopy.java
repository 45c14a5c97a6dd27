package dev.querydriven.ecommerceorders.order;

import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

/**
 * A table holding a copy of (part of) an order: {@code orders_by_user},
 * {@code orders_by_status}, {@code orders_by_product}, ... Each feature that owns such a
 * table implements this interface, and {@link OrderCopies} writes every copy of an order
 * in one {@link DenormalizedWrite}, with one timestamp derived from the order's version.
 * The order feature thus keeps every copy in sync without depending on the features that
 * read them: the one way copies cross features in this project (a listener interface
 * declared by the feature that owns the source of truth, implemented by each feature that
 * keeps a copy, contributing statements to the owner's one write).
 */
public interface OrderCopy {

	/**
	 * Adds this table's statements for a change: idempotent inserts and deletes, no
	 * lightweight transactions, no timestamps of their own (the write carries one for
	 * all).
	 * @param write the logical write being built (one copy at a time adds to it)
	 * @param change what happened to the order
	 * @return completes once the statements are added
	 */
	Mono<Void> write(DenormalizedWrite.Builder write, OrderChange change);

	/**
	 * Work to do before the write, such as making a queue's watermark cover the bucket
	 * about to be written.
	 * @param change what happened to the order
	 * @return the check to run once the write is done
	 */
	default Mono<AfterWrite> beforeWrite(OrderChange change) {
		return Mono.just(AfterWrite.NOTHING);
	}

	/**
	 * A check run once the copies are written.
	 */
	@FunctionalInterface
	interface AfterWrite {

		/** Nothing to check. */
		AfterWrite NOTHING = Mono::empty;

		/**
		 * Runs the check.
		 * @return completes when done
		 */
		Mono<Void> run();

	}

}
