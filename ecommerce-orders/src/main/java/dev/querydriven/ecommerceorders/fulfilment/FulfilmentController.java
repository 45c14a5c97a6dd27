package dev.querydriven.ecommerceorders.fulfilment;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The fulfilment queue: open orders in a status, oldest first. Staff only (the service's
 * {@code AccessConfiguration}): it shows every open order with its address.
 *
 * <p>
 * A page's size ({@code limit}) is a {@code PageLimit}, whose bounds are checked as the
 * parameter is read: a 400 naming it, and no Bean Validation on every call.
 */
@RestController
class FulfilmentController {

	private final FulfilmentService fulfilment;

	private final FulfilmentMapper mapper;

	FulfilmentController(FulfilmentService fulfilment, FulfilmentMapper mapper) {
		this.fulfilment = fulfilment;
		this.mapper = mapper;
	}

	@GetMapping("/orders")
	@Operation(summary = "Open orders in a status (PENDING, PAID or SHIPPED), oldest first (Q3, from the Q4 watermark)")
	Mono<Page<QueuedOrderResponse>> queue(@RequestParam(required = false) OrderStatus status,
			@RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		if (status == null) {
			// Checked here rather than by required = true, so that the problem names the
			// parameter like every other bad input does.
			return Mono.error(new InvalidRequestException("status", "is required: PENDING, PAID or SHIPPED"));
		}
		return this.fulfilment.queue(status, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

}
