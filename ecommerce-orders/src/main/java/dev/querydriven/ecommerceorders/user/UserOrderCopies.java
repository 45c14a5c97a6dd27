package dev.querydriven.ecommerceorders.user;

import dev.querydriven.ecommerceorders.order.OrderChange;
import dev.querydriven.ecommerceorders.order.OrderCopy;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;

import org.springframework.stereotype.Component;

/**
 * Keeps an order's rows in {@code orders_by_user} (always: the key never changes, so
 * every version simply overwrites the row) and {@code open_orders_by_user} (while the
 * order is open: written at placement, deleted when it ships or is cancelled).
 */
@Component
class UserOrderCopies implements OrderCopy {

	private final UserRepository repository;

	UserOrderCopies(UserRepository repository) {
		this.repository = repository;
	}

	@Override
	public void write(DenormalizedWrite.Builder write, OrderChange change) {
		OrdersByIdRow order = change.current();
		write.put(this.repository.insertOrder(order));
		boolean wasOpen = change.kind() == OrderChange.Kind.CHANGED && change.previous().status().isOpen();
		if (order.status().isOpen()) {
			write.put(this.repository.insertOpenOrder(order));
		}
		else if (wasOpen || change.kind() == OrderChange.Kind.REPAIR) {
			write.put(this.repository.deleteOpenOrder(order));
		}
	}

}
