package dev.querydriven.ecommerceorders.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The demo data of dev runs ({@code querydriven.ecommerce-orders.seed.*}).
 *
 * @param enabled whether to seed at startup (off in tests)
 * @param users how many users
 * @param orders how many orders
 * @param days over how many days before now the orders were placed
 * @param namespace the name every demo id is derived from: another namespace is another,
 * independent set of demo data (a test seeding its own volume uses a random one, so it
 * never meets the demo data of another test on the same node)
 */
@ConfigurationProperties("querydriven.ecommerce-orders.seed")
public record SeedProperties(@DefaultValue("false") boolean enabled, @DefaultValue("200") int users,
		@DefaultValue("3000") int orders, @DefaultValue("42") int days,
		@DefaultValue("querydriven-demo") String namespace) {

}
