/**
 * The order itself: placing it, reading it, moving it through its statuses, and keeping
 * every copy of it in sync.
 *
 * <p>
 * <b>{@code orders_by_id}</b> (Q2) is the source of truth, and only ever written by
 * lightweight transactions: {@code INSERT ... IF NOT EXISTS} (a placement, idempotent
 * with a client-chosen order id and a digest of its content),
 * {@code UPDATE ... IF status = ? AND version = ?} (a status change: of two concurrent
 * ones exactly one applies), and {@code UPDATE ... IF status IN ('PENDING', 'PAID') AND
 * version = ?} (an address change, which can no longer apply once the order shipped).
 * Paxos and plain writes must not share cells, so no plain write ever touches this table.
 * Items are a {@code frozen<list<frozen<order_item>>>} (one cell, no tombstone when
 * replaced) and money is {@code decimal}.
 *
 * <p>
 * <b>The copies</b> ({@code orders_by_user}, {@code orders_by_status},
 * {@code orders_by_product}, {@code open_orders_by_user}, ...) belong to the features
 * that read them; each implements the modeling library's
 * {@link dev.querydriven.modeling.dualwrite.Copy} for
 * {@link dev.querydriven.ecommerceorders.order.OrderChange}, and the order service writes
 * them all after each applied transaction, through one
 * {@link dev.querydriven.modeling.dualwrite.Copies} coordinator, as one dual write whose
 * timestamp is derived from the order's version
 * ({@link dev.querydriven.ecommerceorders.order.OrdersByIdRow#copyTimestamp()}).
 *
 * <p>
 * <b>Unknown outcomes</b>: an operation id is recorded on the order with each transaction
 * (the last 16 are kept). A transaction that timed out is retried; if its first attempt
 * applied, the retry finds its own id and reports success instead of a conflict
 * ({@link dev.querydriven.modeling.dualwrite.LightweightTransactions}).
 */
package dev.querydriven.ecommerceorders.order;
