package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.UserDefinedType;

/**
 * One line of an order, the {@code order_item} type. The product's name and price are
 * copied into the order when it is placed: a later price change must not alter an order
 * already placed.
 *
 * @param productId the product
 * @param name its name when ordered
 * @param quantity how many
 * @param unitPrice its price when ordered, in the shop's currency, at most 2 decimals
 */
@UserDefinedType("order_item")
public record OrderItem(@Column("product_id") UUID productId, String name, int quantity,
		@Column("unit_price") BigDecimal unitPrice) {

	/**
	 * The line's amount.
	 * @return quantity times unit price, exact
	 */
	public BigDecimal lineTotal() {
		return this.unitPrice.multiply(BigDecimal.valueOf(this.quantity));
	}

}
