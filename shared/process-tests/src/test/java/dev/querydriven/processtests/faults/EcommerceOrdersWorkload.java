package dev.querydriven.processtests.faults;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.jayway.jsonpath.JsonPath;
import dev.querydriven.benchmarks.api.HttpCall.Caller;

/**
 * ecommerce-orders under load: buyers placing orders (with their own order ids, so that
 * an order sent again after a 503 is the same order) of one or two products from a small
 * catalogue, staff taking the payment of every other order (with an operation id, for the
 * same reason), and every third order followed by a change of the buyer's address, which
 * every open order placed before follows. A buyer's story is six orders; then a new buyer
 * begins.
 *
 * <p>
 * What each acknowledgement promises (the service's README, "Tables"): the order's source
 * of truth, {@code orders_by_id}, and every copy of its current version agreeing with it:
 * the buyer's history (status and address), the status's queue while the order is open
 * (address), each product's month (status) and that month in the product's index, and the
 * buyer's open orders while it is PENDING or PAID. A payment promises a source in PAID;
 * an address change the buyer's address at that version or a later one, and the same of
 * every order it updated.
 */
final class EcommerceOrdersWorkload implements Workload {

	private static final int ORDERS_PER_BUYER = 6;

	private static final String SOURCE = "SELECT order_time, status, shipping_address, address_version "
			+ "FROM ecommerce_orders.orders_by_id WHERE order_id = ?";

	/**
	 * A source row whose copies' keys are known: a node that missed the placement but not
	 * a later change holds a row of that change's cells alone.
	 */
	private static final Predicate<Row> WHOLE = (row) -> !row.isNull("order_time") && !row.isNull("status");

	private static final Set<String> QUEUED = Set.of("PENDING", "PAID", "SHIPPED");

	private static final Set<String> OPEN = Set.of("PENDING", "PAID");

	private final List<UUID> products = IntStream.range(0, 6).mapToObj((i) -> UUID.randomUUID()).toList();

	private final Caller staff = Workload.user(UUID.randomUUID(), "staff");

	@Override
	public String service() {
		return "ecommerce-orders";
	}

	@Override
	public Client client() {
		Buyer buyer = new Buyer(UUID.randomUUID());
		Steps steps = new Steps();
		for (int i = 0; i < ORDERS_PER_BUYER; i++) {
			Order order = new Order(buyer, UUID.randomUUID(), someProducts());
			steps.then(() -> place(order));
			if (i % 2 == 0) {
				steps.then(() -> pay(order));
			}
			if (i % 3 == 2) {
				String street = (i + 1) + " Failover Lane";
				steps.then(() -> moveHouse(buyer, street));
			}
		}
		return steps;
	}

	private List<UUID> someProducts() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		int first = random.nextInt(this.products.size());
		int second = (first + 1 + random.nextInt(this.products.size() - 1)) % this.products.size();
		return random.nextBoolean() ? List.of(this.products.get(first))
				: List.of(this.products.get(first), this.products.get(second));
	}

	private static Call place(Order order) {
		String items = order.products()
			.stream()
			.map((product) -> """
					{"productId": "%s", "name": "Kettle", "quantity": 1, "unitPrice": "24.90"}""".formatted(product))
			.collect(Collectors.joining(", "));
		String json = """
				{"orderId": "%s", "items": [%s],
				 "shippingAddress": {"street": "1 Main St", "city": "Berlin", "postalCode": "10115", "country": "DE"}}
				""".formatted(order.id(), items);
		return new Call(order.buyer().caller(), "POST", "/orders", json, (body) -> {
			order.buyer().orders().add(order);
			return new Write("placement of " + order.id(), (checks) -> {
				Row source = checks.expect(WHOLE, SOURCE, order.id());
				copies(checks, order, source);
			});
		});
	}

	private Call pay(Order order) {
		String json = "{\"status\": \"PAID\", \"operationId\": \"" + UUID.randomUUID() + "\"}";
		return new Call(this.staff, "POST", "/orders/" + order.id() + "/status", json,
				(body) -> new Write("payment of " + order.id(), (checks) -> {
					Row source = checks.expect(WHOLE.and((row) -> "PAID".equals(row.getString("status"))), SOURCE,
							order.id());
					copies(checks, order, source);
				}));
	}

	private static Call moveHouse(Buyer buyer, String street) {
		String json = """
				{"street": "%s", "city": "Hamburg", "postalCode": "20095", "country": "DE"}
				""".formatted(street);
		return new Call(buyer.caller(), "PUT", "/users/" + buyer.id() + "/shipping-address", json, (body) -> {
			long version = ((Number) JsonPath.read(body, "$.version")).longValue();
			Set<UUID> updated = JsonPath.<List<String>>read(body, "$.orders[?(@.outcome == 'UPDATED')].orderId")
				.stream()
				.map(UUID::fromString)
				.collect(Collectors.toSet());
			return new Write("address change of " + buyer.id() + " to version " + version, (checks) -> {
				checks.expect((row) -> row.getLong("address_version") >= version,
						"SELECT address_version FROM ecommerce_orders.users_by_id WHERE user_id = ?", buyer.id());
				for (Order order : buyer.orders()) {
					if (updated.contains(order.id())) {
						Row source = checks.expect(WHOLE.and((row) -> row.getLong("address_version") >= version),
								SOURCE, order.id());
						copies(checks, order, source);
					}
				}
			});
		});
	}

	/** Every copy of an order agrees with its source as read. */
	private static void copies(RowChecks checks, Order order, Row source) {
		if (source == null || !WHOLE.test(source)) {
			// Without its source the copies' keys (the order's time) are unknown.
			return;
		}
		Instant time = source.getInstant("order_time");
		String status = source.getString("status");
		UdtValue address = source.getUdtValue("shipping_address");
		LocalDate day = LocalDate.ofInstant(time, ZoneOffset.UTC);
		String month = YearMonth.from(time.atOffset(ZoneOffset.UTC)).toString();
		UUID userId = order.buyer().id();
		checks.expect(
				(row) -> status.equals(row.getString("status"))
						&& Objects.equals(address, row.getUdtValue("shipping_address")),
				"SELECT status, shipping_address FROM ecommerce_orders.orders_by_user "
						+ "WHERE user_id = ? AND order_time = ? AND order_id = ?",
				userId, time, order.id());
		if (QUEUED.contains(status)) {
			checks.expect((row) -> Objects.equals(address, row.getUdtValue("shipping_address")),
					"SELECT shipping_address FROM ecommerce_orders.orders_by_status "
							+ "WHERE status = ? AND day = ? AND order_time = ? AND order_id = ?",
					status, day, time, order.id());
		}
		for (UUID product : order.products()) {
			checks.expect((row) -> status.equals(row.getString("status")),
					"SELECT status FROM ecommerce_orders.orders_by_product "
							+ "WHERE product_id = ? AND month = ? AND order_time = ? AND order_id = ?",
					product, month, time, order.id());
			checks.expect("SELECT month FROM ecommerce_orders.product_order_months WHERE product_id = ? AND month = ?",
					product, month);
		}
		if (OPEN.contains(status)) {
			checks.expect(
					"SELECT order_id FROM ecommerce_orders.open_orders_by_user WHERE user_id = ? AND order_id = ?",
					userId, order.id());
		}
	}

	/** A buyer, and the orders of theirs acknowledged so far. */
	private record Buyer(UUID id, List<Order> orders) {

		Buyer(UUID id) {
			this(id, new CopyOnWriteArrayList<>());
		}

		Caller caller() {
			return Workload.user(this.id);
		}

	}

	/** An order: its id, chosen by the client, and its products. */
	private record Order(Buyer buyer, UUID id, List<UUID> products) {

	}

}
