package dev.querydriven.ecommerceorders.order;

import java.util.Set;

import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.WriteIntent;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Finishes a placement or a status change cut short, for the sweeper: the order's copies
 * rewritten from its current version ({@link OrderService#finish}). The intents name the
 * order only: the copies' keys all follow from the order (its user, day, status and
 * products), and a repair removes what an earlier status left behind.
 */
@Component
class OrderIntentReplayer implements IntentReplayer {

	private final OrderService orders;

	OrderIntentReplayer(OrderService orders) {
		this.orders = orders;
	}

	@Override
	public Set<String> kinds() {
		return Set.of(OrderService.PLACED, OrderService.STATUS_CHANGED);
	}

	@Override
	public Mono<Void> replay(WriteIntent intent) {
		return this.orders.finish(intent.uuid("order_id"));
	}

}
