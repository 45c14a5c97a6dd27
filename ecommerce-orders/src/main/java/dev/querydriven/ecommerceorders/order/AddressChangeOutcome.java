package dev.querydriven.ecommerceorders.order;

/**
 * What a user's address change did to one of their orders.
 */
public enum AddressChangeOutcome {

	/** The order now carries the new address, in every table. */
	UPDATED,

	/** The order already carried this address version or a newer one. */
	ALREADY_CURRENT,

	/**
	 * The order was placed after the change: it keeps the address it was placed with.
	 */
	PLACED_AFTER_CHANGE,

	/** The order shipped or was cancelled: its address is history. */
	CLOSED,

	/**
	 * The order's user was erased: its address stays anonymised, whatever address the
	 * user sets later.
	 */
	ERASED,

	/** No such order (a stale index row). */
	NOT_FOUND

}
