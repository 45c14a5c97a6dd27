package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.ShippingAddress;

/**
 * A row of {@code users_by_id}: a user's current shipping address.
 *
 * @param userId the user
 * @param shippingAddress the current address
 * @param addressVersion 1 for the first address, +1 for each change
 * @param addressChangedAt when it last changed: orders placed before then follow it
 */
record UsersByIdRow(UUID userId, ShippingAddress shippingAddress, long addressVersion, Instant addressChangedAt) {

	UsersByIdRow withAddress(ShippingAddress address, Instant now) {
		return new UsersByIdRow(this.userId, address, this.addressVersion + 1, now);
	}

}
