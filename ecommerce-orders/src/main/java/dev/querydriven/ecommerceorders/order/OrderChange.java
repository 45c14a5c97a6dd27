package dev.querydriven.ecommerceorders.order;

import java.util.Objects;

/**
 * What happened to an order, as the tables holding a copy of it need to know: each copy
 * ({@link dev.querydriven.modeling.dualwrite.Copy}) turns a change into the statements
 * that bring its table up to {@link #current()}.
 *
 * @param kind what kind of change
 * @param previous the state before, for {@link Kind#CHANGED}; {@code null} otherwise
 * @param current the state to write
 */
public record OrderChange(Kind kind, OrdersByIdRow previous, OrdersByIdRow current) {

	public OrderChange {
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(current, "current");
		if ((kind == Kind.CHANGED) != (previous != null)) {
			throw new IllegalArgumentException("Only a CHANGED change has a previous state");
		}
	}

	/**
	 * A new order: nothing to remove anywhere.
	 * @param order version 1
	 * @return the change
	 */
	public static OrderChange placed(OrdersByIdRow order) {
		return new OrderChange(Kind.PLACED, null, order);
	}

	/**
	 * One applied transaction: a status or an address changed.
	 * @param previous the state it left
	 * @param current the state it produced
	 * @return the change
	 */
	public static OrderChange changed(OrdersByIdRow previous, OrdersByIdRow current) {
		return new OrderChange(Kind.CHANGED, previous, current);
	}

	/**
	 * The current state's copies written again under the same keys, e.g. when an address
	 * change finds the order already carrying it (an earlier attempt may have applied the
	 * transaction and failed to write the copies).
	 * @param order the current state
	 * @return the change
	 */
	public static OrderChange refresh(OrdersByIdRow order) {
		return new OrderChange(Kind.CHANGED, order, order);
	}

	/**
	 * A rewrite of the current state from scratch, removing any row the order may have
	 * left under another key (a status it no longer has): for replays and retries, whose
	 * earlier copy writes may have failed halfway.
	 * @param order the current state
	 * @return the change
	 */
	public static OrderChange repair(OrdersByIdRow order) {
		return new OrderChange(Kind.REPAIR, null, order);
	}

	/**
	 * Whether the order's status changed.
	 * @return {@code true} for a {@link Kind#CHANGED} change between two statuses
	 */
	public boolean statusChanged() {
		return this.previous != null && this.previous.status() != this.current.status();
	}

	/**
	 * Describes the change for logs.
	 * @return e.g. {@code "order 6f0c... v3 (PAID -> SHIPPED)"}
	 */
	public String describe() {
		String what = switch (this.kind) {
			case PLACED -> "placed";
			case CHANGED -> this.previous.status() + " -> " + this.current.status();
			case REPAIR -> "repair";
		};
		return "order " + this.current.orderId() + " v" + this.current.version() + " (" + what + ")";
	}

	/**
	 * The kinds of change.
	 */
	public enum Kind {

		/** A new order. */
		PLACED,

		/** One transaction applied on top of {@code previous}. */
		CHANGED,

		/** The current state, rewritten from scratch. */
		REPAIR

	}

}
