package dev.querydriven.ecommerceorders.product;

import java.util.UUID;

import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
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
 * The constraints on parameters ({@code limit}) are checked by Spring's built-in method
 * validation, which reports them as a 400 naming the parameter.
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
	Mono<Page<ProductOrderResponse>> orders(@PathVariable UUID productId,
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
		return this.products.orders(productId, cursor, limit).map((page) -> page.map(this.mapper::toResponse));
	}

}
