package dev.querydriven.ecommerceorders.user;

import dev.querydriven.ecommerceorders.order.OrderChange;
import dev.querydriven.ecommerceorders.order.OrdersByIdRow;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Keeps an order's rows in {@code orders_by_user} (always: the key never changes, so
 * every version simply overwrites the row) and {@code open_orders_by_user} (while the
 * order is open and its user not erased: written at placement, deleted when it ships, is
 * cancelled or its address is erased). An erased order that stays open (the shop still
 * ships or cancels it) is never listed again: no address of the user follows it, and a
 * later payment must not bring the erased user's row back.
 */
@Component
class UserOrderCopies implements Copy<OrderChange> {

	private final UserRepository repository;

	UserOrderCopies(UserRepository repository) {
		this.repository = repository;
	}

	@Override
	public Mono<Void> write(DenormalizedWrite.Builder write, OrderChange change) {
		OrdersByIdRow order = change.current();
		boolean wasOpen = change.kind() == OrderChange.Kind.CHANGED && change.previous().status().isOpen();
		Mono<Void> openOrder = Mono.empty();
		if (order.status().isOpen() && !order.shippingAddress().anonymised()) {
			openOrder = this.repository.insertOpenOrder(order).doOnNext(write::put).then();
		}
		else if (wasOpen || change.kind() == OrderChange.Kind.REPAIR) {
			openOrder = this.repository.deleteOpenOrder(order).doOnNext(write::put).then();
		}
		return this.repository.insertOrder(order).doOnNext(write::put).then(openOrder);
	}

}
