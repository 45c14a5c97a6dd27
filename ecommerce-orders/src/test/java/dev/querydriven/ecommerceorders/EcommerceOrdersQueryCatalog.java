package dev.querydriven.ecommerceorders;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.IdempotencyKeysCatalog;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.RouteBudget;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WriteIntentsCatalog;
import dev.querydriven.modelcheck.catalog.WritePattern;

import static dev.querydriven.modelcheck.catalog.Consistency.LOCAL_QUORUM;
import static dev.querydriven.modelcheck.catalog.Consistency.LWT_SERIAL;
import static dev.querydriven.modelcheck.catalog.Consistency.SERIAL_READ;

/**
 * Every query the order service runs (the first step of the guide's method), the table
 * that serves it, the sizing facts behind each table's key, and every write. This is the
 * one place each statement's CQL is written: the README's access-pattern tables are
 * generated from it, the model check judges it, and a test checks that the service runs
 * exactly these statements (Spring Data renders its own text, e.g. {@code SELECT *}; the
 * test compares the shapes: table, restrictions, condition, limit).
 *
 * <p>
 * The sizes assume the shop this service is built for: 100,000 customers, 10,000
 * products, up to 1,000 orders a day (peaks of 1 a second), 3 lines per order on average
 * and 50 at most ({@code PlaceOrderRequest.MAX_ITEMS}), orders kept for five years (about
 * 1.8 million). Row sizes are the bytes of the values, rounded up; the model check
 * ({@code MeasuredPartitionsIntegrationTests}) measures them on the node after loading
 * demo data. Tables whose rows are deleted one by one declare their delete rate, so that
 * the check weighs the tombstones those deletes leave in partitions that are read.
 *
 * <p>
 * Each query and write declares the levels it runs at ({@code at(...)}), as its
 * repository sets them: {@code LOCAL_QUORUM} for every read and copy (orders are a
 * ledger), every lightweight transaction at {@code SERIAL} committed at
 * {@code LOCAL_QUORUM} (two datacenters changing one order agree on one winner), and a
 * {@code SERIAL} re-read after a transaction that did not apply. The
 * {@code Idempotency-Key}'s claim sets none and runs at application.yml's defaults, the
 * transactions' levels.
 */
public class EcommerceOrdersQueryCatalog implements QueryCatalog {

	private static final long ORDERS_KEPT = 1_825_000;

	private static final long DAYS_KEPT = 5 * 365;

	/**
	 * The months a product's orders span: orders are kept five years. A product's page
	 * walks its months one partition at a time, so this bounds that walk too.
	 */
	static final int MONTHS_KEPT = 60;

	/**
	 * Orders of one user over the five years kept: a heavy buyer's thousand. The history
	 * partition holds them all, and an erasure reads each of them.
	 */
	static final int ORDERS_PER_USER = 1_000;

	/**
	 * Open orders of one user: a few, since orders leave the list when they ship or are
	 * cancelled. An address change reads each of them.
	 */
	static final int OPEN_ORDERS_PER_USER = 10;

	/**
	 * How long an order stays open before it ships or is cancelled: a week. The queue's
	 * watermark cannot pass the day of the oldest order still open, so a page walks every
	 * day from there to tomorrow.
	 */
	static final int OPEN_ORDER_DAYS = 7;

	/**
	 * The statuses with a queue in {@code orders_by_status} (PENDING, PAID, SHIPPED),
	 * each with its watermark.
	 */
	static final int QUEUED_STATUSES = 3;

	/**
	 * Changes begun per second at the peak, each recorded as a write intent: a placement
	 * a second, and as many status and address changes again and more (up to three status
	 * changes per order, spread over its week).
	 */
	static final double PEAK_CHANGES_PER_SECOND = 4;

	@Override
	public String keyspace() {
		return "ecommerce_orders";
	}

	@Override
	public List<AccessPattern> accessPatterns() {
		List<AccessPattern> patterns = new ArrayList<>(ownAccessPatterns());
		// The write intents' tables, which the shared module creates in this keyspace:
		// the sweeper's reads, judged by this service's model check like its own.
		patterns.addAll(WriteIntentsCatalog.accessPatterns(PEAK_CHANGES_PER_SECOND));
		// The keyed placements' claims (service-support's idempotency_keys): at most one
		// per placement, 1 a second at the peak. The claim sets no level: it runs at
		// application.yml's, which are the transactions' own.
		patterns.addAll(IdempotencyKeysCatalog.accessPatterns(1, LWT_SERIAL));
		return patterns;
	}

	private static List<AccessPattern> ownAccessPatterns() {
		return List.of(new AccessPattern("Q1",
				"A user's orders, newest first (next pages continue after "
						+ "(order_time, order_id) with a tuple comparison; an erasure reads the whole partition, "
						+ "in driver pages)",
				"orders_by_user",
				"SELECT user_id, order_time, order_id, status, total, item_count, shipping_address "
						+ "FROM orders_by_user WHERE user_id = ? LIMIT ?",
				"order_time DESC, order_id DESC",
				new SizingFacts(100_000, ORDERS_PER_USER, 150, 0.1,
						"Not bucketed: people order at human speed. 1,000 rows is a heavy buyer's decade "
								+ "(~150 kB); nothing in code caps it, and a reseller account ordering thousands "
								+ "a year would need a (user_id, year) bucket."))
			.withVariants(
					"SELECT user_id, order_time, order_id, status, total, item_count, shipping_address "
							+ "FROM orders_by_user WHERE user_id = ? AND (order_time, order_id) < (?, ?) LIMIT ?",
					"SELECT user_id, order_time, order_id, status, total, item_count, shipping_address "
							+ "FROM orders_by_user WHERE user_id = ?")
			.at(LOCAL_QUORUM),
				new AccessPattern("Q2", "An order by id: the source of truth, read before every change", "orders_by_id",
						"SELECT order_id, user_id, order_time, status, items, total, shipping_address, "
								+ "address_version, version, placement_digest, operations, updated_at "
								+ "FROM orders_by_id WHERE order_id = ?",
						"",
						SizingFacts.singleRow(ORDERS_KEPT, 700, 1.0,
								"One row per order: 3 lines (~60 B each), the address, a digest and up to 16 "
										+ "remembered operations. 50 lines at most keep the frozen list far "
										+ "below the 1 MiB collection warning. A handful of writes per order "
										+ "over its life, each a lightweight transaction."))
					.at(LOCAL_QUORUM, SERIAL_READ),
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
							.withDeletesPerSecondPerPartition(1.0))
					.withVariants("SELECT status, day, order_time, order_id, user_id, total, item_count, "
							+ "shipping_address FROM orders_by_status "
							+ "WHERE status = ? AND day = ? AND (order_time, order_id) > (?, ?) LIMIT ?")
					.at(LOCAL_QUORUM),
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
										+ "0.05/s leaves room for three instances."))
					.at(LOCAL_QUORUM),
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
										+ "placements and 0.3 status copies a second."))
					.withVariants("SELECT product_id, month, order_time, order_id, user_id, status, quantity, "
							+ "unit_price FROM orders_by_product "
							+ "WHERE product_id = ? AND month = ? AND (order_time, order_id) < (?, ?) LIMIT ?")
					.at(LOCAL_QUORUM),
				new AccessPattern("Q6", "The months in which a product was ordered, newest first",
						"product_order_months", "SELECT month FROM product_order_months WHERE product_id = ?",
						"month DESC",
						new SizingFacts(10_000, MONTHS_KEPT, 25, 0.1,
								"One row per month with sales: 60 over five years. Every order line "
										+ "rewrites its month's row (same cell, idempotent)."))
					.at(LOCAL_QUORUM),
				new AccessPattern("Q7", "A user's current shipping address", "users_by_id",
						"SELECT user_id, shipping_address, address_version, address_changed_at "
								+ "FROM users_by_id WHERE user_id = ?",
						"",
						SizingFacts.singleRow(100_000, 120, 0.01,
								"One row per user who set an address; changed rarely, by lightweight "
										+ "transaction."))
					.at(LOCAL_QUORUM, SERIAL_READ),
				new AccessPattern("Q8", "A user's open orders (PENDING or PAID), whose address follows the user's",
						"open_orders_by_user",
						"SELECT user_id, order_id, order_time FROM open_orders_by_user WHERE user_id = ?", "",
						new SizingFacts(100_000, OPEN_ORDERS_PER_USER, 40, 0.1,
								"A few live rows per user: orders leave when they ship or are cancelled, "
										+ "at most as often as the user orders (0.1/s at a peak). Each leaves a "
										+ "tombstone for at least gc_grace_seconds (10 days), until compaction: "
										+ "a heavy buyer adds a few dozen, far under the warning.")
							.withDeletesPerSecondPerPartition(0.1))
					.at(LOCAL_QUORUM));
	}

	@Override
	public List<WritePattern> writePatterns() {
		List<WritePattern> patterns = new ArrayList<>(ownWritePatterns());
		// Every placement, status change, address change and erasure records its
		// intent first and marks it completed last.
		patterns.addAll(WriteIntentsCatalog.writePatterns());
		return patterns;
	}

	private static List<WritePattern> ownWritePatterns() {
		return List.of(new WritePattern("W1",
				"Place an order: a lightweight transaction, so a replay of the same order id changes nothing",
				"orders_by_id",
				"INSERT INTO orders_by_id (order_id, user_id, order_time, status, items, total, shipping_address, "
						+ "address_version, version, placement_digest, operations, updated_at) "
						+ "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS")
			.at(LWT_SERIAL),
				new WritePattern("W2",
						"Change an order's status: a lightweight transaction on the status and version read, so "
								+ "of two concurrent changes exactly one applies",
						"orders_by_id",
						"UPDATE orders_by_id SET status = ?, version = ?, operations = ?, updated_at = ? "
								+ "WHERE order_id = ? IF status = ? AND version = ?")
					.at(LWT_SERIAL),
				new WritePattern("W3",
						"Give an open order the user's new address: a lightweight transaction that no longer "
								+ "applies once the order has shipped",
						"orders_by_id",
						"UPDATE orders_by_id SET shipping_address = ?, address_version = ?, version = ?, "
								+ "operations = ?, updated_at = ? WHERE order_id = ? "
								+ "IF status IN ('PENDING', 'PAID') AND version = ?")
					.at(LWT_SERIAL),
				new WritePattern("W4", "Copy an order into its user's history (every version overwrites the row)",
						"orders_by_user",
						"INSERT INTO orders_by_user (user_id, order_time, order_id, status, total, item_count, "
								+ "shipping_address) VALUES (?, ?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W5", "Queue an open order in its status's day partition", "orders_by_status",
						"INSERT INTO orders_by_status (status, day, order_time, order_id, user_id, total, item_count, "
								+ "shipping_address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W6", "Take an order out of a status's queue (it moved on, or a repair)",
						"orders_by_status",
						"DELETE FROM orders_by_status WHERE status = ? AND day = ? AND order_time = ? AND order_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W7",
						"Move or protect a status's watermark: a lightweight transaction on the revision read",
						"status_watermarks",
						"UPDATE status_watermarks SET oldest_day = ?, protected_day = ?, protected_until = ?, "
								+ "revision = ? WHERE status = ? IF revision = ?")
					.at(LWT_SERIAL),
				new WritePattern("W8", "Copy an order line into its product's month (rewritten on status changes)",
						"orders_by_product",
						"INSERT INTO orders_by_product (product_id, month, order_time, order_id, user_id, status, "
								+ "quantity, unit_price) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W9", "Record a month in which a product sold (the same cell again: idempotent)",
						"product_order_months", "INSERT INTO product_order_months (product_id, month) VALUES (?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W10", "A user's first address: a lightweight transaction", "users_by_id",
						"INSERT INTO users_by_id (user_id, shipping_address, address_version, address_changed_at) "
								+ "VALUES (?, ?, ?, ?) IF NOT EXISTS")
					.at(LWT_SERIAL),
				new WritePattern("W11",
						"Change a user's address: a lightweight transaction on the address version read", "users_by_id",
						"UPDATE users_by_id SET shipping_address = ?, address_version = ?, address_changed_at = ? "
								+ "WHERE user_id = ? IF address_version = ?")
					.at(LWT_SERIAL),
				new WritePattern("W12", "List an order among its user's open orders", "open_orders_by_user",
						"INSERT INTO open_orders_by_user (user_id, order_id, order_time) VALUES (?, ?, ?)")
					.at(LOCAL_QUORUM),
				new WritePattern("W13", "An order shipped, was cancelled or lost its user's address: no longer open",
						"open_orders_by_user", "DELETE FROM open_orders_by_user WHERE user_id = ? AND order_id = ?")
					.at(LOCAL_QUORUM),
				new WritePattern("W14",
						"Anonymise an erased user's order, whatever its status: a lightweight transaction on the "
								+ "version read",
						"orders_by_id",
						"UPDATE orders_by_id SET shipping_address = ?, placement_digest = ?, version = ?, "
								+ "operations = ?, updated_at = ? WHERE order_id = ? IF version = ?")
					.at(LWT_SERIAL),
				new WritePattern("W15", "Erase a user's address row: a lightweight transaction, as every write there",
						"users_by_id", "DELETE FROM users_by_id WHERE user_id = ? IF EXISTS")
					.at(LWT_SERIAL));
	}

	/**
	 * Every route's partition budget. The worst cases follow from the code: a lightweight
	 * transaction re-reads the partition it conditions on (same partition, counted once);
	 * a copy written into a day whose write window has passed reads that status's
	 * watermark first ({@code QueueWatermarks.protect}); walks read one bucket after the
	 * other until the page is full. Where a count grows with the data, the worst case is
	 * taken at the volume this catalogue declares (open orders per user, months kept, how
	 * long an order stays open).
	 *
	 * <p>
	 * The budgets count reads. A changing route (placement, status, address, erasure)
	 * also writes its change's intent, one row of {@code write_intents} before its first
	 * write and a cell of the same row once done, and reads nothing of it: two more
	 * writes to one partition, and no partition more in these budgets. The intents are
	 * read by the sweeper only, outside any request.
	 */
	@Override
	public List<RouteBudget> routeBudgets() {
		int openStatuses = (int) Arrays.stream(OrderStatus.values()).filter(OrderStatus::isOpen).count();
		// Days a queue page walks: from the oldest open order's day through today to
		// tomorrow (an instance whose clock runs a write window ahead may already write
		// into tomorrow, so a read near midnight includes it).
		int queueDays = OPEN_ORDER_DAYS + 2;
		return List.of(new RouteBudget("POST /orders", 3, 3,
				"the Idempotency-Key's claim (a transaction) when the request carries one; the order (its "
						+ "transaction, and its re-read when a retry finds it placed); a retry after the order's "
						+ "day closed also reads the PENDING watermark"),
				new RouteBudget("GET /orders/{orderId}", 1, 1, "the order"),
				new RouteBudget("POST /orders/{orderId}/status", 2, 2,
						"the order (read, then its transaction); the new status's watermark when the order's day "
								+ "has closed"),
				new RouteBudget("GET /orders", 1 + 10, 1 + queueDays,
						"the status's watermark, then every day from the oldest open order's through tomorrow: "
								+ queueDays + " at orders open for a week (" + OPEN_ORDER_DAYS + " days)"),
				new RouteBudget("GET /users/{userId}/orders", 1, 1, "the user's history, one partition"),
				new RouteBudget("GET /users/{userId}/shipping-address", 1, 1, "the user's address"),
				new RouteBudget("PUT /users/{userId}/shipping-address", 2 + 16 + openStatuses,
						2 + OPEN_ORDERS_PER_USER + openStatuses,
						"the user's address and open orders, each open order (" + OPEN_ORDERS_PER_USER
								+ " declared), and the watermarks of the " + openStatuses
								+ " open statuses: the fan-out that denormalizing the address costs"),
				new RouteBudget("DELETE /users/{userId}", 3 + ORDERS_PER_USER + QUEUED_STATUSES + 4,
						3 + ORDERS_PER_USER + QUEUED_STATUSES,
						"the user's address (its transaction), history and open orders, every order they placed ("
								+ ORDERS_PER_USER + " for a heavy buyer), and the watermarks of the " + QUEUED_STATUSES
								+ " queued statuses, whose rows carry the address too: an erasure "
								+ "reaches every order, once in a user's life"),
				new RouteBudget("GET /products/{productId}/orders", 1 + MONTHS_KEPT, 1 + MONTHS_KEPT,
						"the product's months, then one month after the other until the page is full: all "
								+ MONTHS_KEPT + " months kept for a product sold once a month"));
	}

	/**
	 * The migration engine's state: the service's own, and that of each shared module
	 * whose tables its schema migrations create (the write intents, the idempotency
	 * keys), kept apart so that each set has its own history.
	 */
	@Override
	public Map<String, String> infrastructureTables() {
		Map<String, String> tables = new LinkedHashMap<>(QueryCatalog.super.infrastructureTables());
		for (String module : List.of("write_intents_", "idempotency_keys_")) {
			tables.put(module + "_schema_migration",
					"applied schema versions of a shared module's tables (cassandra-migration)");
			tables.put(module + "_schema_migration_leader",
					"the migration lock of a shared module's tables (cassandra-migration)");
		}
		return tables;
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
