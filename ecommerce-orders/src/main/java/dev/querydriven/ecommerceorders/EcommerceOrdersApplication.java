package dev.querydriven.ecommerceorders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The reference guide's order system: per-query order tables kept consistent, with
 * lightweight-transaction status changes.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class EcommerceOrdersApplication {

	public static void main(String[] args) {
		SpringApplication.run(EcommerceOrdersApplication.class, args);
	}

}
