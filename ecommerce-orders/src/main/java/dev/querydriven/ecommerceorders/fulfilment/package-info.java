/**
 * The fulfilment queue: open orders in a status, oldest first (Q3), for the warehouse.
 *
 * <p>
 * The guide's {@code orders_by_status} is keyed by status alone: every pending order of
 * the shop in one partition, on one replica set, growing for ever. Here the partition key
 * is {@code (status, day)}, the day of the order time in UTC, clustered by
 * {@code (order_time ASC, order_id ASC)}. A status change <em>moves</em> the order's row
 * to another status's partition (delete and insert, never onto the same key), and
 * delivered or cancelled orders leave the queue, so past days empty out.
 *
 * <p>
 * Reading oldest first across day partitions needs a starting day: walking from the
 * shop's first day would read years of empty partitions (or partitions holding only the
 * tombstones of orders that moved on). {@code status_watermarks} (Q4) keeps, per status,
 * the oldest day that may still hold rows;
 * {@link dev.querydriven.ecommerceorders.fulfilment.QueueWatermarks} explains how writers
 * lower and protect it and how the advancer moves it forward without ever skipping a row.
 */
package dev.querydriven.ecommerceorders.fulfilment;
