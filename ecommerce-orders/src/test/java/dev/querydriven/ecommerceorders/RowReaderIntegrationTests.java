package dev.querydriven.ecommerceorders;

import java.time.Clock;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.testsupport.RowReaderCheck;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConverter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A row read by hand is the row Spring Data reads: each hand-written row reader against
 * the generic mapping, on live rows (the entities against the live schema are in
 * {@link EcommerceOrdersConformanceTests}).
 */
@EcommerceOrdersIntegrationTest
class RowReaderIntegrationTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraConverter converter;

	@Autowired
	private OrderService orders;

	@Autowired
	private Clock clock;

	/**
	 * Every hand-written row reader of a hot read reads what Spring Data's own mapping
	 * reads from the same live rows (an order in its user's history, with its address).
	 */
	@Test
	void everyRowReaderReadsWhatSpringDataReads() {
		this.orders.place(TestOrders.order(UUID.randomUUID()), this.clock.instant()).block();
		assertThat(RowReaderCheck.mismatches(this.converter, this.session)).isEmpty();
	}

}
