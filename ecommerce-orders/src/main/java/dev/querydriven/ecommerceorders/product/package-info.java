/**
 * The orders containing a product, newest first: the article's {@code orders_by_product}
 * (Q5), for reporting.
 *
 * <p>
 * Bucketed by month, {@code ((product_id, month), order_time DESC, order_id DESC)}: a
 * best-seller sells every day for years, and an unbucketed partition would grow without
 * bound (the guide's anti-pattern 2). {@code product_order_months} (Q6) lists the months
 * that hold rows, so a read walks exactly the non-empty buckets, newest first, and stops
 * as soon as its page is full. The rows carry the order's status (updated on every
 * transition) but not its address: a copy holds only what its query shows.
 */
package dev.querydriven.ecommerceorders.product;
