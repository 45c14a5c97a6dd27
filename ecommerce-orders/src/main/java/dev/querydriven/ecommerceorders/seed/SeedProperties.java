package dev.querydriven.ecommerceorders.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The demo data of dev runs ({@code querydriven.seed.*}).
 *
 * @param enabled whether to seed at startup (off in tests)
 * @param users how many users
 * @param orders how many orders
 * @param days over how many days before now the orders were placed
 */
@ConfigurationProperties("querydriven.seed")
public record SeedProperties(@DefaultValue("false") boolean enabled, @DefaultValue("200") int users,
		@DefaultValue("3000") int orders, @DefaultValue("42") int days) {

}
