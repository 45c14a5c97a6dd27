package dev.querydriven.ecommerceorders;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderItemRequest;
import dev.querydriven.ecommerceorders.order.PlaceOrderRequest;
import dev.querydriven.ecommerceorders.order.ShippingAddressRequest;

/**
 * Valid placement requests with random ids: tests isolate themselves by random keys.
 */
public final class TestOrders {

	private TestOrders() {
	}

	public static ShippingAddressRequest address(String street) {
		return new ShippingAddressRequest(street, "Berlin", "10115", "DE");
	}

	public static OrderItemRequest item(String name, int quantity, String price) {
		return new OrderItemRequest(UUID.randomUUID(), name, quantity, new BigDecimal(price));
	}

	/**
	 * An order of two lines (2 × 9.95 + 1 × 20.10 = 40.00) for a user.
	 * @param userId the user
	 * @return the request, with a fresh order id
	 */
	public static PlaceOrderRequest order(UUID userId) {
		return new PlaceOrderRequest(UUID.randomUUID(), userId,
				List.of(item("Pour-over kettle", 2, "9.95"), item("Ceramic dripper", 1, "20.10")),
				address("Hauptstrasse 1"));
	}

	/**
	 * An order of the given lines.
	 * @param userId the user
	 * @param items the lines
	 * @return the request, with a fresh order id
	 */
	public static PlaceOrderRequest order(UUID userId, List<OrderItemRequest> items) {
		return new PlaceOrderRequest(UUID.randomUUID(), userId, items, address("Hauptstrasse 1"));
	}

}
