package dev.querydriven.ecommerceorders;

import java.util.List;

import dev.querydriven.modeling.catalog.AccessPattern;
import dev.querydriven.modeling.catalog.CatalogExemption;
import dev.querydriven.modeling.catalog.QueryCatalog;
import dev.querydriven.modeling.catalog.SizingFacts;

/**
 * Every query the order service runs (the first step of the guide's method), the table
 * that serves it, and the sizing facts behind each table's key.
 *
 * <p>
 * The sizes assume the shop this service is built for: 100,000 customers, 10,000
 * products, up to 1,000 orders a day (peaks of 1 a second), 3 lines per order on average
 * and 50 at most ({@code PlaceOrderRequest.MAX_ITEMS}), orders kept for five years (about
 * 1.8 million). Row sizes are the bytes of the values, rounded up; the model check
 * ({@code ModelCheckIntegrationTests}) measures them on the node after loading demo data.
 * Tables whose rows are deleted one by one declare their delete rate, so that the check
 * weighs the tombstones those deletes leave in partitions that are read.
 */
public class EcommerceOrdersQueryCatalog implements QueryCatalog {

	private static final long ORDERS_KEPT = 1_825_000;

	private static final long DAYS_KEPT = 5 * 365;

	@Override
	public String keyspace() {
		return "ecommerce_orders";
	}

	@Override
	public List<AccessPattern> accessPatterns() {
		return List.of(new AccessPattern("Q1",
				"A user's orders, newest first (next pages continue after "
						+ "(order_time, order_id) with a tuple comparison)",
				"orders_by_user",
				"SELECT user_id, order_time, order_id, status, total, item_count, shipping_address "
						+ "FROM orders_by_user WHERE user_id = ? LIMIT ?",
				"order_time DESC, order_id DESC",
				new SizingFacts(100_000, 1_000, 150, 0.1,
						"Not bucketed: people order at human speed. 1,000 rows is a heavy buyer's decade "
								+ "(~150 kB); nothing in code caps it, and a reseller account ordering thousands "
								+ "a year would need a (user_id, year) bucket.")),
				new AccessPattern("Q2", "An order by id: the source of truth, read before every change", "orders_by_id",
						"SELECT order_id, user_id, order_time, status, items, total, shipping_address, "
								+ "address_version, version, placement_digest, operations, updated_at "
								+ "FROM orders_by_id WHERE order_id = ?",
						"",
						SizingFacts.singleRow(ORDERS_KEPT, 700, 1.0,
								"One row per order: 3 lines (~60 B each), the address, a digest and up to 16 "
										+ "remembered operations. 50 lines at most keep the frozen list far "
										+ "below the 1 MiB collection warning. A handful of writes per order "
										+ "over its life, each a lightweight transaction.")),
				new AccessPattern("Q3",
						"Open orders in a status (PENDING, PAID, SHIPPED), oldest first: the fulfilment queue, "
								+ "read one (status, day) partition at a time from the status's watermark "
								+ "(next pages continue after (order_time, order_id))",
						"orders_by_status",
						"SELECT status, day, order_time, order_id, user_id, total, item_count, shipping_address "
								+ "FROM orders_by_status WHERE status = ? AND day = ? LIMIT ?",
						"order_time ASC, order_id ASC",
						new SizingFacts(3 * DAYS_KEPT, 1_000, 150, 1.0,
								"One partition per open status and UTC day of the order time: at most a day's "
										+ "orders (1,000 rows, ~150 kB) plus the tombstones of those that moved "
										+ "on (at most as many, under the 1,000-tombstone warning only for days "
										+ "of up to ~1,000 orders: busier shops need hour buckets). The day "
										+ "bounds size, not heat: today's partition takes every new order. "
										+ "Every status change deletes the order's row from its old status's "
										+ "partition: at the peak of 1 order a second, today's PENDING partition "
										+ "loses rows (payments) about as fast as it gains them.")
							.withDeletesPerSecondPerPartition(1.0)),
				new AccessPattern("Q4", "Where a status's queue starts: the oldest day that may still hold rows",
						"status_watermarks",
						"SELECT status, oldest_day, protected_day, protected_until, revision "
								+ "FROM status_watermarks WHERE status = ?",
						"",
						SizingFacts.singleRow(3, 60, 0.05,
								"Three rows, one per queued status (24 B of values, 60 B declared). "
										+ "Written by lightweight transaction: by the advancer (at most once a "
										+ "minute per instance, only when a day can be passed) and by writers "
										+ "protecting an older day (at most once per 2-minute write window); "
										+ "0.05/s leaves room for three instances.")),
				new AccessPattern("Q5",
						"Orders containing a product, newest first, one (product, month) partition at a time "
								+ "(next pages continue after (order_time, order_id))",
						"orders_by_product",
						"SELECT product_id, month, order_time, order_id, user_id, status, quantity, unit_price "
								+ "FROM orders_by_product WHERE product_id = ? AND month = ? LIMIT ?",
						"order_time DESC, order_id DESC",
						new SizingFacts(10_000 * 60, 3_100, 90, 0.4,
								"A best-seller in 10% of orders: 100 a day, 3,100 rows (~280 kB) in a "
										+ "31-day month. Month buckets keep a product sold for years bounded. "
										+ "Each line is written at placement and rewritten by each of up to "
										+ "three status changes: at the peak of 1 order a second, 0.1 "
										+ "placements and 0.3 status copies a second.")),
				new AccessPattern("Q6", "The months in which a product was ordered, newest first",
						"product_order_months", "SELECT month FROM product_order_months WHERE product_id = ?",
						"month DESC",
						new SizingFacts(10_000, 60, 25, 0.1,
								"One row per month with sales: 60 over five years. Every order line "
										+ "rewrites its month's row (same cell, idempotent).")),
				new AccessPattern("Q7", "A user's current shipping address", "users_by_id",
						"SELECT user_id, shipping_address, address_version, address_changed_at "
								+ "FROM users_by_id WHERE user_id = ?",
						"",
						SizingFacts.singleRow(100_000, 120, 0.01,
								"One row per user who set an address; changed rarely, by lightweight "
										+ "transaction.")),
				new AccessPattern("Q8", "A user's open orders (PENDING or PAID), whose address follows the user's",
						"open_orders_by_user",
						"SELECT user_id, order_id, order_time FROM open_orders_by_user WHERE user_id = ?", "",
						new SizingFacts(100_000, 10, 40, 0.1,
								"A few live rows per user: orders leave when they ship or are cancelled, "
										+ "at most as often as the user orders (0.1/s at a peak). Each leaves a "
										+ "tombstone for at least gc_grace_seconds (10 days), until compaction: "
										+ "a heavy buyer adds a few dozen, far under the warning.")
							.withDeletesPerSecondPerPartition(0.1)));
	}

	@Override
	public List<CatalogExemption> exemptions() {
		return List.of(new CatalogExemption("status_watermarks", "low-cardinality",
				"Bookkeeping, not data: three rows of under 100 B, one per queued status, read once per queue "
						+ "page and written by lightweight transaction at most once per 2-minute write window and "
						+ "advancer run (declared 0.05/s), so there is neither data nor load to spread. "
						+ "One row per status is the design: every writer and the advancer compare-and-set the "
						+ "same serialised value. Sharding it, the rule's fix, would split that value and let "
						+ "the advancer pass a day that a writer is protecting."));
	}

}
