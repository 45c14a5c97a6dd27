package dev.querydriven.ecommerceorders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The reference guide's order system: per-query order tables kept consistent, with
 * lightweight-transaction status changes.
 */
@SpringBootApplication
public class EcommerceOrdersApplication {

	public static void main(String[] args) {
		SpringApplication.run(EcommerceOrdersApplication.class, args);
	}

}
