package dev.querydriven.ecommerceorders;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

/**
 * Valid orders with random ids: tests isolate themselves by random keys.
 */
public final class TestOrders {

	private TestOrders() {
	}

	public static ShippingAddress address(String street) {
		return new ShippingAddress(street, "Berlin", "10115", "DE");
	}

	public static OrderItem item(String name, int quantity, String price) {
		return new OrderItem(UUID.randomUUID(), name, quantity, new BigDecimal(price));
	}

	/**
	 * An order of two lines (2 × 9.95 + 1 × 20.10 = 40.00) for a user.
	 * @param userId the user
	 * @return the order, with a fresh order id
	 */
	public static NewOrder order(UUID userId) {
		return new NewOrder(UUID.randomUUID(), userId,
				List.of(item("Pour-over kettle", 2, "9.95"), item("Ceramic dripper", 1, "20.10")),
				address("Hauptstrasse 1"));
	}

	/**
	 * An order of the given lines.
	 * @param userId the user
	 * @param items the lines
	 * @return the order, with a fresh order id
	 */
	public static NewOrder order(UUID userId, List<OrderItem> items) {
		return new NewOrder(UUID.randomUUID(), userId, items, address("Hauptstrasse 1"));
	}

}
