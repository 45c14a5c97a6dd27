package dev.querydriven.ecommerceorders.order;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order's state machine.
 */
class OrderStatusTests {

	/** Every status may move exactly to its documented successors, and no further. */
	@Test
	void transitionsAreExactlyTheDocumentedOnes() {
		assertThat(successors(OrderStatus.PENDING)).containsExactlyInAnyOrder(OrderStatus.PAID, OrderStatus.CANCELLED);
		assertThat(successors(OrderStatus.PAID)).containsExactlyInAnyOrder(OrderStatus.SHIPPED, OrderStatus.CANCELLED);
		assertThat(successors(OrderStatus.SHIPPED)).containsExactly(OrderStatus.DELIVERED);
		assertThat(successors(OrderStatus.DELIVERED)).isEmpty();
		assertThat(successors(OrderStatus.CANCELLED)).isEmpty();
	}

	/** Open orders (whose address follows the user's) are the pending and paid ones. */
	@Test
	void openOrdersArePendingAndPaid() {
		assertThat(EnumSet.allOf(OrderStatus.class).stream().filter(OrderStatus::isOpen))
			.containsExactlyInAnyOrder(OrderStatus.PENDING, OrderStatus.PAID);
		assertThat(EnumSet.allOf(OrderStatus.class).stream().filter(OrderStatus::isFinal))
			.containsExactlyInAnyOrder(OrderStatus.DELIVERED, OrderStatus.CANCELLED);
	}

	private static Set<OrderStatus> successors(OrderStatus status) {
		Set<OrderStatus> next = EnumSet.noneOf(OrderStatus.class);
		for (OrderStatus candidate : OrderStatus.values()) {
			if (status.canBecome(candidate)) {
				next.add(candidate);
			}
		}
		return next;
	}

}
