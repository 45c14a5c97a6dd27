package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.AddressValueConverter;
import dev.querydriven.ecommerceorders.order.ShippingAddress;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.Frozen;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;
import org.springframework.data.convert.ValueConverter;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q7: a row of {@code users_by_id}, one partition per user: their current shipping
 * address, changed only by lightweight transaction.
 *
 * @param userId the user
 * @param shippingAddress the current address
 * @param addressVersion 1 for the first address, +1 for each change
 * @param addressChangedAt when it last changed: orders placed before then follow it
 */
@Table("users_by_id")
record UsersByIdRow(@PrimaryKeyColumn(name = "user_id", ordinal = 0, type = PARTITIONED) UUID userId,
		@Column("shipping_address") @Frozen @ValueConverter(AddressValueConverter.class) ShippingAddress shippingAddress,
		@Column("address_version") long addressVersion, @Column("address_changed_at") Instant addressChangedAt) {

	UsersByIdRow withAddress(ShippingAddress address, Instant now) {
		return new UsersByIdRow(this.userId, address, this.addressVersion + 1, now);
	}

}
