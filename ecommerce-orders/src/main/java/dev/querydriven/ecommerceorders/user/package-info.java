/**
 * A user's side of the orders: their history, their shipping address and the orders whose
 * address follows it.
 *
 * <ul>
 * <li><b>{@code orders_by_user}</b> (Q1) {@code ((user_id), order_time DESC, order_id
 * DESC)}: the guide's table, with the order id ending the clustering key so that two
 * orders in one millisecond are two rows. Unbucketed: a person's orders stay few.</li>
 * <li><b>{@code users_by_id}</b> (Q7): the current shipping address, changed by
 * lightweight transaction ({@code IF address_version = ?}) so that concurrent changes get
 * distinct, ordered versions.</li>
 * <li><b>{@code open_orders_by_user}</b> (Q8): the user's PENDING and PAID orders. The
 * article's address change must update every copy of the address in every open order;
 * this small table finds those orders without a scan.</li>
 * </ul>
 * An address change gives the new address to every open order placed before it, each
 * through its own transaction on {@code orders_by_id} (which refuses shipped orders) and
 * its own copy write: {@code orders_by_id}, {@code orders_by_user} and
 * {@code orders_by_status} hold the address; {@code orders_by_product} does not.
 */
package dev.querydriven.ecommerceorders.user;
