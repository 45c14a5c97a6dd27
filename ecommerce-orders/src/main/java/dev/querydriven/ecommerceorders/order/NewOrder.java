package dev.querydriven.ecommerceorders.order;

import java.util.List;
import java.util.UUID;

/**
 * An order to place, as the service takes it (the controller maps the validated request
 * to it; the demo seeder builds it directly).
 *
 * @param orderId the client's own id for the order, to make retries safe (a replay with
 * the same id and content returns the same order); {@code null} to choose a new one
 * @param userId who orders
 * @param items the lines, each product at most once
 * @param shippingAddress where to ship
 */
public record NewOrder(UUID orderId, UUID userId, List<OrderItem> items, ShippingAddress shippingAddress) {

	public NewOrder {
		items = List.copyOf(items);
	}

}
