package dev.querydriven.ecommerceorders.order;

import java.time.Instant;
import java.util.UUID;

import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.UserDefinedType;

/**
 * A lightweight transaction applied to an order, the {@code order_operation} type. An
 * order keeps its last {@link OrdersByIdRow#MAX_OPERATIONS}: a transaction that timed out
 * has an unknown outcome, and its retry finds out whether the first attempt applied by
 * looking for its operation id here.
 *
 * @param operationId the id of the request that applied it
 * @param action what it did: {@code PLACED}, a status name, {@code ADDRESS} or
 * {@code ADDRESS_ERASED}
 * @param version the order's version it produced
 * @param appliedAt when
 */
@UserDefinedType("order_operation")
public record OrderOperation(@Column("operation_id") UUID operationId, String action, long version,
		@Column("applied_at") Instant appliedAt) {

	/** The action of a placement. */
	public static final String PLACED = "PLACED";

	/** The action of a shipping-address change. */
	public static final String ADDRESS = "ADDRESS";

	/** The action of an erasure: the address anonymised, the order kept. */
	public static final String ADDRESS_ERASED = "ADDRESS_ERASED";

}
