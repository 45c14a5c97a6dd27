/**
 * The reference guide's "E-Commerce Order System" and the article's orders example: one
 * table per query, an order's state kept by lightweight transactions in
 * {@code orders_by_id}, and every other table a copy kept in sync on write.
 *
 * <ul>
 * <li>{@link dev.querydriven.ecommerceorders.order}: placement, details and status
 * changes ({@code orders_by_id}, the source of truth), and the writing of every
 * copy.</li>
 * <li>{@link dev.querydriven.ecommerceorders.user}: a user's orders
 * ({@code orders_by_user}), shipping address ({@code users_by_id}) and open orders
 * ({@code open_orders_by_user}).</li>
 * <li>{@link dev.querydriven.ecommerceorders.product}: the orders containing a product
 * ({@code orders_by_product}, {@code product_order_months}).</li>
 * <li>{@link dev.querydriven.ecommerceorders.fulfilment}: the fulfilment queue
 * ({@code orders_by_status}, bucketed by day) and its watermarks
 * ({@code status_watermarks}).</li>
 * <li>{@link dev.querydriven.ecommerceorders.seed}: demo data for dev runs.</li>
 * </ul>
 * Who may call each route, the buyer or staff, is in one table,
 * {@code AccessConfiguration}. The query catalogue, {@code EcommerceOrdersQueryCatalog},
 * lists every query; it lives among the tests, which alone read it.
 */
package dev.querydriven.ecommerceorders;
