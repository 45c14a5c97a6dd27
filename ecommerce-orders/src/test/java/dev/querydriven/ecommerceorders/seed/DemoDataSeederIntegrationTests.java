package dev.querydriven.ecommerceorders.seed;

import java.time.Clock;
import java.util.UUID;
import java.util.stream.IntStream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.ecommerceorders.EcommerceOrdersIntegrationTest;
import dev.querydriven.ecommerceorders.OrderTables;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.ecommerceorders.user.UserService;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo seeder on a real node, at a small scale: orders in every status, every copy
 * consistent, and a second run that changes nothing.
 */
@EcommerceOrdersIntegrationTest
class DemoDataSeederIntegrationTests {

	@Autowired
	private OrderService orders;

	@Autowired
	private UserService users;

	@Autowired
	private CqlSession session;

	/**
	 * The seeder places orders over several days in every status through the services,
	 * each copy agreeing with the source of truth; run again, it finds its data and does
	 * nothing.
	 */
	@Test
	void seedsEveryStatusConsistentlyAndOnlyOnce() {
		DemoDataSeeder seeder = new DemoDataSeeder(this.orders, this.users,
				new SeedProperties(true, 8, 120, 12, "seeder-test-" + UUID.randomUUID()), Clock.systemUTC());
		seeder.seed().as(StepVerifier::create).assertNext((report) -> {
			assertThat(report.alreadySeeded()).isFalse();
			assertThat(report.users()).isEqualTo(8);
			assertThat(report.orders()).isEqualTo(120);
			assertThat(report.byStatus()).containsOnlyKeys(OrderStatus.values());
		}).verifyComplete();

		OrderTables tables = new OrderTables(this.session);
		for (int i = 0; i < 120; i++) {
			tables.assertCopiesAgree(seeder.orderId(i));
		}
		long placed = countOrdersOfSeededUsers(seeder, tables);
		assertThat(placed).isEqualTo(120);

		seeder.seed()
			.as(StepVerifier::create)
			.assertNext((report) -> assertThat(report.alreadySeeded()).isTrue())
			.verifyComplete();
		assertThat(countOrdersOfSeededUsers(seeder, tables)).isEqualTo(placed);
	}

	private static long countOrdersOfSeededUsers(DemoDataSeeder seeder, OrderTables tables) {
		return IntStream.range(0, 8)
			.mapToObj(seeder::userId)
			.mapToLong((userId) -> tables.all("SELECT order_id FROM orders_by_user WHERE user_id = ?", userId).size())
			.sum();
	}

}
