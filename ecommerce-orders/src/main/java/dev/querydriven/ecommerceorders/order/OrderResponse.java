package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * An order as the API shows it. Money is written as a decimal string ({@code "39.80"}): a
 * JSON number would be read as a binary float by many clients.
 *
 * @param orderId the order
 * @param userId who placed it
 * @param orderTime when
 * @param status its status
 * @param items its lines
 * @param total the sum of the lines
 * @param shippingAddress where it goes
 * @param version how many changes it has seen (1 after placement)
 */
record OrderResponse(UUID orderId, UUID userId, Instant orderTime, OrderStatus status, List<Item> items,
		@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal total, ShippingAddress shippingAddress, long version) {

	/**
	 * One line.
	 *
	 * @param productId the product
	 * @param name its name
	 * @param quantity how many
	 * @param unitPrice the price of one
	 * @param lineTotal quantity times price
	 */
	record Item(UUID productId, String name, int quantity,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal unitPrice,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal lineTotal) {

	}

}
