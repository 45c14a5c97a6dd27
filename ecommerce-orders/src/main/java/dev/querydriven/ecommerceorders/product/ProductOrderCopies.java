package dev.querydriven.ecommerceorders.product;

import dev.querydriven.ecommerceorders.order.OrderChange;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps an order's rows in {@code orders_by_product}, one per line, and the month in
 * {@code product_order_months}. These rows carry the order's status but not its address,
 * so an address change writes nothing here: a copy holds only what its query shows, and
 * each field copied is a field to keep in sync.
 */
@Component
class ProductOrderCopies implements Copy<OrderChange> {

	private final ProductOrderRepository repository;

	ProductOrderCopies(ProductOrderRepository repository) {
		this.repository = repository;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, OrderChange change) {
		if (change.kind() == OrderChange.Kind.CHANGED && !change.statusChanged()) {
			return Mono.empty();
		}
		OrdersByIdRow order = change.current();
		String month = Bucket.of(BucketGranularity.MONTH, order.orderTime()).key();
		boolean newMonths = change.kind() != OrderChange.Kind.CHANGED;
		return Flux.fromIterable(order.items())
			.concatMap((item) -> this.repository.insert(order, item, month)
				.concatWith(newMonths ? this.repository.insertMonth(item, month) : Mono.empty()))
			.doOnNext(write::put)
			.then();
	}

}
