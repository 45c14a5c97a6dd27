package dev.querydriven.ecommerceorders.user;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Loading;
import dev.querydriven.benchmarks.api.Scale;
import dev.querydriven.benchmarks.api.ServiceBenchmark;
import dev.querydriven.benchmarks.api.Workload;
import dev.querydriven.benchmarks.api.WorkloadInfo;
import dev.querydriven.ecommerceorders.EcommerceOrdersApplication;
import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderItemRequest;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.PlaceOrderRequest;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.ecommerceorders.order.ShippingAddressRequest;
import reactor.core.publisher.Mono;

import org.springframework.context.ApplicationContext;

/**
 * ecommerce-orders: the hottest read is a user's order history (Q1, the guide's first
 * query), the hottest write placing an order (a lightweight transaction on the source of
 * truth, then its copies). The data: users with 25 orders each over the last two months,
 * from a catalogue of fifty products, so that every first page of history is a full one
 * (20 orders and a signed cursor, in every layer); orders are placed by buyers of their
 * own, so that the history read never grows while it is measured.
 */
public class EcommerceOrdersBenchmark implements ServiceBenchmark {

	private static final String USERS = "users";

	private static final String BUYERS = "buyers";

	/** A first page of order history. */
	private static final int PAGE = 20;

	private static final int PRODUCTS = 50;

	@Override
	public String name() {
		return "ecommerce-orders";
	}

	@Override
	public String keyspace() {
		return "ecommerce_orders";
	}

	@Override
	public Class<?> application() {
		return EcommerceOrdersApplication.class;
	}

	@Override
	public Map<String, String> properties() {
		// The once-a-minute watermark job would run its statements into a captured
		// request; it is background work of negligible cost.
		return Map.of("querydriven.ecommerce-orders.fulfilment.advancer.enabled", "false");
	}

	@Override
	public List<Workload<?>> workloads() {
		return List.of(new OrderHistoryRead(), new OrderPlacement());
	}

	@Override
	public DataSet load(ApplicationContext context, Scale scale, Progress progress) {
		OrderService orders = context.getBean(OrderService.class);
		int userCount = scale.of(400, 4);
		// More than a page each, whatever the scale: a read of fewer rows would be less
		// work than the query's, and an unequal comparison between layers.
		int ordersPerUser = PAGE + 5;
		List<UUID> ids = new ArrayList<>();
		for (int i = 0; i < userCount; i++) {
			ids.add(UUID.randomUUID());
		}
		List<String> buyers = new ArrayList<>();
		for (int i = 0; i < userCount; i++) {
			buyers.add(UUID.randomUUID().toString());
		}
		Instant now = Instant.now();
		int total = userCount * ordersPerUser;
		Loading.run("orders", total,
				(i) -> orders.place(domain(new Placement(ids.get(i % userCount), order(UUID.randomUUID(), i))),
						now.minus(Duration.ofMinutes((long) (total - i) * 60 * 24 * 60 / total))),
				progress);
		return new DataSet(Map.of(USERS, ids.stream().map(UUID::toString).toList(), BUYERS, buyers));
	}

	/**
	 * The order as the service takes it: what the controller's mapper makes of the
	 * request body and the caller.
	 */
	static NewOrder domain(Placement placement) {
		PlaceOrderRequest request = placement.request();
		ShippingAddressRequest address = request.shippingAddress();
		return new NewOrder(request.orderId(), placement.userId(),
				request.items()
					.stream()
					.map((item) -> new OrderItem(item.productId(), item.name(), item.quantity(), item.unitPrice()))
					.toList(),
				new ShippingAddress(address.street(), address.city(), address.postalCode(), address.country()));
	}

	static PlaceOrderRequest order(UUID orderId, long sequence) {
		List<OrderItemRequest> items = new ArrayList<>();
		for (int line = 0; line <= sequence % 3; line++) {
			int product = (int) ((sequence * 7 + line * 13) % PRODUCTS);
			items.add(new OrderItemRequest(product(product), "Product " + product, 1 + (int) (sequence % 2),
					new BigDecimal(9 + product + ".99")));
		}
		return new PlaceOrderRequest(orderId, items,
				new ShippingAddressRequest((sequence % 97) + " Main Street", "Berlin", "10115", "DE"));
	}

	private static UUID product(int number) {
		return UUID.nameUUIDFromBytes(("benchmark-product-" + number).getBytes());
	}

	/** Q1: the first page (20 orders) of a user's order history, newest first. */
	static final class OrderHistoryRead implements Workload<UUID> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.read("ecommerce-orders/order-history", "a user's orders, first 20 (Q1)");
		}

		@Override
		public UUID input(long sequence, DataSet data) {
			return data.uuid(USERS, sequence);
		}

		@Override
		public HttpCall http(UUID userId) {
			return HttpCall.get("/users/" + userId + "/orders?limit=" + PAGE).as(userId);
		}

		@Override
		public Function<UUID, Mono<Integer>> service(ApplicationContext context) {
			UserService users = context.getBean(UserService.class);
			return (userId) -> users.orders(userId, null, PAGE).map((page) -> page.items().size());
		}

	}

	/**
	 * An order and who places it: the request's body, and the user whose token it is sent
	 * with.
	 *
	 * @param userId the buyer
	 * @param request the body
	 */
	record Placement(UUID userId, PlaceOrderRequest request) {

	}

	/** Placing an order with a client-chosen order id (what makes a retry safe). */
	static final class OrderPlacement implements Workload<Placement> {

		@Override
		public WorkloadInfo info() {
			return WorkloadInfo.write("ecommerce-orders/place-order", "place an order (LWT, then its copies)");
		}

		@Override
		public Placement input(long sequence, DataSet data) {
			return new Placement(data.uuid(BUYERS, sequence), order(UUID.randomUUID(), sequence));
		}

		@Override
		public HttpCall http(Placement placement) {
			PlaceOrderRequest order = placement.request();
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("orderId", order.orderId());
			body.put("items", order.items());
			body.put("shippingAddress", order.shippingAddress());
			return HttpCall.json("/orders", body).as(placement.userId());
		}

		@Override
		public Set<UUID> freshIds(Placement placement) {
			return Set.of(placement.request().orderId());
		}

		@Override
		public Function<Placement, Mono<Integer>> service(ApplicationContext context) {
			OrderService orders = context.getBean(OrderService.class);
			return (order) -> orders.place(domain(order)).thenReturn(1);
		}

	}

}
