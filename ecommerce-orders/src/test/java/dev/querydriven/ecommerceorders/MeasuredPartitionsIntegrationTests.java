package dev.querydriven.ecommerceorders;

import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.seed.DemoDataSeeder;
import dev.querydriven.ecommerceorders.seed.SeedProperties;
import dev.querydriven.ecommerceorders.user.UserService;
import dev.querydriven.modelcheck.MeasuredTable;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.harness.ModelCheckHarness;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitions of the model, measured on the test node after loading demo data, against
 * the model check's estimates ({@code shared/model-check}; the checklist itself runs in
 * {@link EcommerceOrdersConformanceTests}). The full report, measured figures included,
 * is written to {@code target/model-check/}.
 */
@EcommerceOrdersIntegrationTest
class MeasuredPartitionsIntegrationTests {

	/**
	 * A small volume of the dev seeder's data (a sixth of a dev run): enough rows in
	 * every table for the node's partition figures to mean something, few enough to keep
	 * this test within seconds. Its own id namespace keeps it apart from the seeder's
	 * test on the same node.
	 */
	private static final SeedProperties VOLUME = new SeedProperties(true, 40, 500, 42,
			"model-check-" + UUID.randomUUID());

	@Autowired
	private OrderService orders;

	@Autowired
	private UserService users;

	@Autowired
	private CqlSession session;

	@Autowired
	private TimeSource time;

	/**
	 * Every table's flushed partitions were measured against the estimate, and only a
	 * table declaring deletes measures larger than its live rows.
	 */
	@Test
	void everyTableMeasuresWithinItsEstimate() {
		new DemoDataSeeder(this.orders, this.users, VOLUME, this.time).seed()
			.as(StepVerifier::create)
			.assertNext((seeded) -> assertThat(seeded.orders()).isEqualTo(VOLUME.orders()))
			.verifyComplete();

		ModelReport report = ModelCheckHarness.of(new EcommerceOrdersQueryCatalog(), this.session)
			.measuredOn(SharedCassandra.backend().jmxAddress())
			.measure();

		// The service's tables, and those the shared modules create in its keyspace (with
		// a migration history each): the write intents (every seeded change records one)
		// and the keyed placements' claims (measured once a test of this run placed with
		// a key).
		List<String> own = List.of("orders_by_id", "orders_by_user", "orders_by_status", "status_watermarks",
				"orders_by_product", "product_order_months", "users_by_id", "open_orders_by_user");
		assertThat(report.measured()).extracting(MeasuredTable::table)
			.filteredOn((table) -> !table.endsWith("_schema_migration") && !table.endsWith("_schema_migration_leader"))
			.containsAll(own)
			.contains("write_intents")
			.isSubsetOf(
					Stream.concat(own.stream(), Stream.of("write_intents", "write_intent_sweeps", "idempotency_keys"))
						.toList());
		// The seeder replays six weeks of orders in seconds, so every row deleted so far
		// is still a tombstone, counted in the node's partition sizes but not among the
		// rows: only a table declaring deletes may measure larger than its live rows.
		assertThat(report.measuredFindings())
			.allSatisfy((finding) -> assertThat(finding.table()).isIn(tablesDeclaringDeletes()));
	}

	private static List<String> tablesDeclaringDeletes() {
		return new EcommerceOrdersQueryCatalog().accessPatterns()
			.stream()
			.filter((pattern) -> pattern.facts().deletesPerSecondPerPartition() > 0)
			.map(AccessPattern::table)
			.toList();
	}

}
