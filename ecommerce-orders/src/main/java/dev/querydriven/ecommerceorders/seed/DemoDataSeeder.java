package dev.querydriven.ecommerceorders.seed;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import dev.querydriven.ecommerceorders.order.NewOrder;
import dev.querydriven.ecommerceorders.order.OrderItem;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.ecommerceorders.user.UserService;
import dev.querydriven.modeling.dualwrite.TransientFailures;
import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Demo data for dev runs: users with shipping addresses, a catalogue of products, and a
 * few thousand orders placed over the last six weeks, in every status (old orders are
 * delivered or cancelled, recent ones still pending, paid or shipped). Everything goes
 * through the services, so the data passes the same lightweight transactions and dual
 * writes as real traffic.
 *
 * <p>
 * Idempotent: ids and content are derived from fixed names (in the configured
 * {@linkplain SeedProperties#namespace() namespace}) and a fixed random seed, so a second
 * run replays the same placements (answered as replays) and the same status changes
 * (recognised by their operation ids); it stops at once when the last order of the plan
 * is already in its final status. Runs in the background and logs its progress.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.ecommerce-orders.seed.enabled")
public class DemoDataSeeder implements ApplicationRunner {

	private static final Logger logger = LoggerFactory.getLogger(DemoDataSeeder.class);

	/**
	 * A write that timed out on a busy dev machine (several services and their nodes
	 * starting at once) starts the seed over: every write of it is idempotent, so a
	 * second pass only completes the first. Anything but a transient failure ends it.
	 */
	private static final Retry START_OVER = TransientFailures.onlyTransient(Retry.backoff(5, Duration.ofSeconds(2))
		.doBeforeRetry((retry) -> logger.warn("Demo data seeding met {}; starting it over", retry.failure().toString()))
		.onRetryExhaustedThrow((spec, signal) -> signal.failure()));

	private static final int CONCURRENCY = 8;

	private static final String[] PRODUCTS = { "Espresso beans 1 kg", "Pour-over kettle", "Ceramic dripper",
			"Paper filters (100)", "Burr grinder", "Milk jug", "Tamper", "Cupping spoon", "Cold brew bottle",
			"Travel mug", "Scale 0.1 g", "Chemex 6 cup", "AeroPress", "Moka pot", "Green tea 250 g", "Chai spices",
			"Oat drink 1 l", "Cleaning tablets", "Descaler", "Knock box" };

	private static final String[] PRICES = { "18.90", "39.00", "24.50", "4.95", "129.00", "14.90", "29.00", "6.50",
			"19.90", "22.00", "34.90", "44.90", "37.50", "27.90", "12.40", "8.90", "2.49", "9.99", "7.49", "19.00" };

	private static final String[] CITIES = { "Berlin", "Hamburg", "Munich", "Cologne", "Leipzig", "Dresden" };

	private static final String[] STREETS = { "Hauptstrasse", "Bahnhofstrasse", "Gartenweg", "Lindenallee",
			"Schulstrasse", "Am Markt" };

	private final OrderService orders;

	private final UserService users;

	private final SeedProperties properties;

	private final TimeSource time;

	public DemoDataSeeder(OrderService orders, UserService users, SeedProperties properties, TimeSource time) {
		this.orders = orders;
		this.users = users;
		this.properties = properties;
		this.time = time;
	}

	@Override
	public void run(ApplicationArguments args) {
		// In the background: the service answers while the demo data arrives.
		seed().retryWhen(START_OVER)
			.subscribe(
					(report) -> logger
						.info("Demo data: {}. Demo data ready: try GET /users/{}/orders as {} (its owner, "
								+ "with a token from POST /dev/tokens)", report, userId(0), userId(0)),
					(ex) -> logger.warn("Demo data seeding failed (it resumes on the next start)", ex));
	}

	/**
	 * Seeds the demo data, or does nothing if it is there.
	 * @return what was done
	 */
	public Mono<SeedReport> seed() {
		return Mono.defer(() -> {
			Instant now = this.time.instant().truncatedTo(ChronoUnit.MINUTES);
			Plan plan = plan(now);
			PlannedOrder last = plan.orders().get(plan.orders().size() - 1);
			return this.orders.find(last.orderId())
				.map((order) -> order.status() == last.finalStatus())
				.onErrorReturn(false)
				.flatMap((seeded) -> seeded ? Mono.just(SeedReport.alreadySeeded(plan.orders().size())) : run(plan));
		});
	}

	private Mono<SeedReport> run(Plan plan) {
		long started = System.nanoTime();
		int total = plan.orders().size();
		int step = Math.max(1, total / 10);
		AtomicInteger done = new AtomicInteger();
		logger.info("Seeding demo data: {} users, {} orders over {} days", plan.users().size(), total,
				this.properties.days());
		return Flux.fromIterable(plan.users())
			.flatMap((user) -> this.users.changeShippingAddress(user.userId(), user.address()), CONCURRENCY)
			.then(Flux.fromIterable(plan.orders()).flatMap(this::seed, CONCURRENCY).doOnNext((status) -> {
				int count = done.incrementAndGet();
				if (count % step == 0 || count == total) {
					logger.info("Seeded {}/{} orders ({} s)", count, total,
							Duration.ofNanos(System.nanoTime() - started).toSeconds());
				}
			}).collectList())
			.map((statuses) -> {
				Map<OrderStatus, Integer> counts = new EnumMap<>(OrderStatus.class);
				statuses.forEach((status) -> counts.merge(status, 1, Integer::sum));
				return new SeedReport(plan.users().size(), statuses.size(), counts,
						Duration.ofNanos(System.nanoTime() - started), false);
			});
	}

	private Mono<OrderStatus> seed(PlannedOrder planned) {
		return this.orders.place(planned.request(), planned.orderTime())
			.thenMany(Flux.fromIterable(planned.path())
				.concatMap((status) -> this.orders.changeStatus(planned.orderId(), status,
						id(planned.orderId() + "-" + status))))
			.then(Mono.just(planned.finalStatus()));
	}

	/**
	 * The same plan on every run: the random draws happen up front, in a fixed order.
	 */
	private Plan plan(Instant now) {
		Random random = new Random(20260501L);
		List<PlannedUser> plannedUsers = new ArrayList<>();
		for (int i = 0; i < this.properties.users(); i++) {
			plannedUsers.add(new PlannedUser(userId(i),
					new ShippingAddress(STREETS[random.nextInt(STREETS.length)] + " " + (1 + random.nextInt(120)),
							CITIES[random.nextInt(CITIES.length)], String.format("%05d", 10000 + random.nextInt(89999)),
							"DE")));
		}
		List<PlannedOrder> plannedOrders = new ArrayList<>();
		Duration span = Duration.ofDays(this.properties.days());
		Instant start = now.minus(span);
		for (int i = 0; i < this.properties.orders(); i++) {
			PlannedUser user = plannedUsers.get(random.nextInt(plannedUsers.size()));
			long offsetMillis = (long) ((i + random.nextDouble()) * span.toMillis() / this.properties.orders());
			Instant orderTime = start.plusMillis(offsetMillis);
			Set<Integer> products = new LinkedHashSet<>();
			int lines = 1 + random.nextInt(4);
			while (products.size() < lines) {
				products.add(random.nextInt(PRODUCTS.length));
			}
			List<OrderItem> items = products.stream()
				.map((p) -> new OrderItem(id("product-" + p), PRODUCTS[p], 1 + random.nextInt(3),
						new BigDecimal(PRICES[p])))
				.toList();
			UUID orderId = orderId(i);
			List<OrderStatus> path = path(Duration.between(orderTime, now), random.nextDouble());
			plannedOrders.add(new PlannedOrder(orderId, orderTime,
					new NewOrder(orderId, user.userId(), items, user.address()), path));
		}
		return new Plan(plannedUsers, plannedOrders);
	}

	/**
	 * The status changes of an order of that age: old orders are done with, recent ones
	 * still in progress.
	 */
	private static List<OrderStatus> path(Duration age, double draw) {
		if (age.compareTo(Duration.ofDays(7)) > 0) {
			return (draw < 0.85) ? List.of(OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.DELIVERED)
					: (draw < 0.92) ? List.of(OrderStatus.CANCELLED) : List.of(OrderStatus.PAID, OrderStatus.CANCELLED);
		}
		if (age.compareTo(Duration.ofDays(2)) > 0) {
			return (draw < 0.5) ? List.of(OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.DELIVERED)
					: (draw < 0.8) ? List.of(OrderStatus.PAID, OrderStatus.SHIPPED)
							: (draw < 0.9) ? List.of(OrderStatus.PAID) : List.of(OrderStatus.CANCELLED);
		}
		return (draw < 0.35) ? List.of() : (draw < 0.7) ? List.of(OrderStatus.PAID)
				: (draw < 0.9) ? List.of(OrderStatus.PAID, OrderStatus.SHIPPED) : List.of(OrderStatus.CANCELLED);
	}

	UUID userId(int index) {
		return id("user-" + index);
	}

	UUID orderId(int index) {
		return id("order-" + index);
	}

	private UUID id(String name) {
		return UUID.nameUUIDFromBytes((this.properties.namespace() + "-" + name).getBytes(StandardCharsets.UTF_8));
	}

	private record Plan(List<PlannedUser> users, List<PlannedOrder> orders) {

	}

	private record PlannedUser(UUID userId, ShippingAddress address) {

	}

	private record PlannedOrder(UUID orderId, Instant orderTime, NewOrder request, List<OrderStatus> path) {

		OrderStatus finalStatus() {
			return this.path.isEmpty() ? OrderStatus.PENDING : this.path.get(this.path.size() - 1);
		}

	}

	/**
	 * What a seeding run did.
	 *
	 * @param users users given an address
	 * @param orders orders placed (or replayed)
	 * @param byStatus orders per final status
	 * @param took how long it took
	 * @param alreadySeeded whether the data was there and nothing was done
	 */
	public record SeedReport(int users, int orders, Map<OrderStatus, Integer> byStatus, Duration took,
			boolean alreadySeeded) {

		static SeedReport alreadySeeded(int orders) {
			return new SeedReport(0, orders, Map.of(), Duration.ZERO, true);
		}

		@Override
		public String toString() {
			return this.alreadySeeded ? "already there (" + this.orders + " orders), nothing to do" : this.users
					+ " users, " + this.orders + " orders " + this.byStatus + " in " + this.took.toSeconds() + " s";
		}

	}

}
