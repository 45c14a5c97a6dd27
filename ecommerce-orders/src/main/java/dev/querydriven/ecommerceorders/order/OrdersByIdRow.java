package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.Frozen;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;
import org.springframework.data.convert.ValueConverter;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q2: a row of {@code orders_by_id}, one partition per order: the source of truth for an
 * order's state, and the snapshot every other table's copy is written from. Written only
 * by lightweight transactions.
 *
 * @param orderId the order
 * @param userId who placed it
 * @param orderTime when it was placed (millisecond precision, as stored)
 * @param status its status
 * @param items its lines, a frozen list of {@code order_item}
 * @param total the sum of the lines, computed by the service
 * @param shippingAddress where it goes
 * @param addressVersion the version of the user's address it carries, 0 when the address
 * came with the order
 * @param version how many lightweight transactions have been applied (1 after placement)
 * @param placementDigest a digest of the placement's content, to tell a replay from a
 * different order under the same id
 * @param operations the last operations applied, newest first
 * @param updatedAt when the last operation applied
 */
@Table("orders_by_id")
public record OrdersByIdRow(@PrimaryKeyColumn(name = "order_id", ordinal = 0, type = PARTITIONED) UUID orderId,
		@Column("user_id") UUID userId, @Column("order_time") Instant orderTime, OrderStatus status,
		@Frozen List<@Frozen OrderItem> items, BigDecimal total,
		@Column("shipping_address") @Frozen @ValueConverter(AddressValueConverter.class) ShippingAddress shippingAddress,
		@Column("address_version") long addressVersion, long version,
		@Column("placement_digest") String placementDigest, @Frozen List<@Frozen OrderOperation> operations,
		@Column("updated_at") Instant updatedAt) {

	/** How many operations an order remembers. */
	public static final int MAX_OPERATIONS = 16;

	public OrdersByIdRow {
		items = List.copyOf(items);
		operations = (operations != null) ? List.copyOf(operations) : List.of();
	}

	/**
	 * The write timestamp of every copy of this version of the order, in microseconds:
	 * the order time plus the version. It grows with every version, so a later version's
	 * copies always win over an earlier one's whatever order the writes arrive in, and a
	 * retry writes exactly the same cells. It never runs ahead of the clock that placed
	 * the order (by a few microseconds at most), so the node's guardrail on future
	 * timestamps never fires, and it depends on no clock at transition time, so clock
	 * drift between service instances cannot reorder two versions.
	 * @return microseconds since the epoch
	 */
	public long copyTimestamp() {
		return Math.addExact(Math.multiplyExact(this.orderTime.toEpochMilli(), 1000L), this.version);
	}

	/**
	 * The operation an id applied, if the order still remembers it.
	 * @param operationId the operation id
	 * @return the operation
	 */
	public Optional<OrderOperation> operation(UUID operationId) {
		return this.operations.stream().filter((operation) -> operation.operationId().equals(operationId)).findFirst();
	}

	/**
	 * The next version with another status.
	 * @param next the new status
	 * @param operationId the operation applying it
	 * @param now when
	 * @return the new state
	 */
	public OrdersByIdRow withStatus(OrderStatus next, UUID operationId, Instant now) {
		long nextVersion = this.version + 1;
		return new OrdersByIdRow(this.orderId, this.userId, this.orderTime, next, this.items, this.total,
				this.shippingAddress, this.addressVersion, nextVersion, this.placementDigest,
				remember(new OrderOperation(operationId, next.name(), nextVersion, now)), now);
	}

	/**
	 * The next version with another shipping address.
	 * @param address the new address
	 * @param newAddressVersion the version of the user's address it is
	 * @param operationId the operation applying it
	 * @param now when
	 * @return the new state
	 */
	public OrdersByIdRow withShippingAddress(ShippingAddress address, long newAddressVersion, UUID operationId,
			Instant now) {
		long nextVersion = this.version + 1;
		return new OrdersByIdRow(this.orderId, this.userId, this.orderTime, this.status, this.items, this.total,
				address, newAddressVersion, nextVersion, this.placementDigest,
				remember(new OrderOperation(operationId, OrderOperation.ADDRESS, nextVersion, now)), now);
	}

	/**
	 * The next version with the address anonymised, when its user is erased: the country
	 * kept ({@link ShippingAddress#countryOnly}), and the placement digest computed again
	 * over what is left, since a digest of the address (an unsalted hash of a few
	 * guessable fields) would still tell the address to anyone who tries candidates. The
	 * address version stays: it says which of the user's addresses the order had, and the
	 * user's address is gone.
	 * @param operationId the erasure's operation
	 * @param now when
	 * @return the new state
	 */
	public OrdersByIdRow withAddressErased(UUID operationId, Instant now) {
		long nextVersion = this.version + 1;
		ShippingAddress erased = ShippingAddress.countryOnly(this.shippingAddress.country());
		return new OrdersByIdRow(this.orderId, this.userId, this.orderTime, this.status, this.items, this.total, erased,
				this.addressVersion, nextVersion, PlacementDigest.of(this.userId, this.items, erased),
				remember(new OrderOperation(operationId, OrderOperation.ADDRESS_ERASED, nextVersion, now)), now);
	}

	private List<OrderOperation> remember(OrderOperation operation) {
		List<OrderOperation> recent = new ArrayList<>(MAX_OPERATIONS);
		recent.add(operation);
		recent.addAll(this.operations.subList(0, Math.min(this.operations.size(), MAX_OPERATIONS - 1)));
		return recent;
	}

}
