package dev.querydriven.ecommerceorders.order;

/**
 * An order's life: {@code PENDING → PAID → SHIPPED → DELIVERED}, and
 * {@code PENDING | PAID → CANCELLED}. Each change is one lightweight transaction on
 * {@code orders_by_id} conditioned on the status it leaves, so two concurrent changes of
 * one order cannot both apply.
 */
public enum OrderStatus {

	/** Placed, awaiting payment. */
	PENDING,

	/** Paid, awaiting shipment. */
	PAID,

	/** Handed to the carrier. */
	SHIPPED,

	/** Received by the customer (final). */
	DELIVERED,

	/** Cancelled before shipping (final). */
	CANCELLED;

	/**
	 * Whether an order in this status may move to another.
	 * @param next the requested status
	 * @return {@code true} for the transitions of the state machine
	 */
	public boolean canBecome(OrderStatus next) {
		return switch (this) {
			case PENDING -> next == PAID || next == CANCELLED;
			case PAID -> next == SHIPPED || next == CANCELLED;
			case SHIPPED -> next == DELIVERED;
			case DELIVERED, CANCELLED -> false;
		};
	}

	/**
	 * Whether the order is still open: not yet shipped nor cancelled. An open order's
	 * shipping address follows the user's current one.
	 * @return {@code true} for {@code PENDING} and {@code PAID}
	 */
	public boolean isOpen() {
		return this == PENDING || this == PAID;
	}

	/**
	 * Whether the order's life is over.
	 * @return {@code true} for {@code DELIVERED} and {@code CANCELLED}
	 */
	public boolean isFinal() {
		return this == DELIVERED || this == CANCELLED;
	}

}
