package dev.querydriven.ecommerceorders.product;

import java.util.UUID;

import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The orders containing a product. Staff only (the service's
 * {@code AccessConfiguration}): the list names every buyer of the product.
 *
 * <p>
 * A page's size ({@code limit}) is a {@code PageLimit}, whose bounds are checked as the
 * parameter is read: a 400 naming it, and no Bean Validation on every call.
 */
@RestController
class ProductOrderController {

	private final ProductOrderService products;

	private final ProductOrderMapper mapper;

	ProductOrderController(ProductOrderService products, ProductOrderMapper mapper) {
		this.products = products;
		this.mapper = mapper;
	}

	@GetMapping("/products/{productId}/orders")
	@Operation(summary = "Orders containing a product, newest first (Q5, months from Q6)")
	Mono<Page<ProductOrderResponse>> orders(@PathVariable UUID productId, @RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		return this.products.orders(productId, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

}
