package dev.querydriven.ecommerceorders.product;

import dev.querydriven.ecommerceorders.order.OrderChange;
import dev.querydriven.ecommerceorders.order.OrderCopy;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;

import org.springframework.stereotype.Component;

/**
 * Keeps an order's rows in {@code orders_by_product}, one per line, and the month in
 * {@code product_order_months}. These rows carry the order's status but not its address,
 * so an address change writes nothing here: a copy holds only what its query shows, and
 * each field copied is a field to keep in sync.
 */
@Component
class ProductOrderCopies implements OrderCopy {

	private final ProductOrderRepository repository;

	ProductOrderCopies(ProductOrderRepository repository) {
		this.repository = repository;
	}

	@Override
	public void write(DenormalizedWrite.Builder write, OrderChange change) {
		if (change.kind() == OrderChange.Kind.CHANGED && !change.statusChanged()) {
			return;
		}
		OrdersByIdRow order = change.current();
		String month = Bucket.of(BucketGranularity.MONTH, order.orderTime()).key();
		for (OrderItem item : order.items()) {
			write.put(this.repository.insert(order, item, month));
			if (change.kind() != OrderChange.Kind.CHANGED) {
				write.put(this.repository.insertMonth(item, month));
			}
		}
	}

}
