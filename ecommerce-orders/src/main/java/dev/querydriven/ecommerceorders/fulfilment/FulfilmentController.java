package dev.querydriven.ecommerceorders.fulfilment;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.Page;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The fulfilment queue: open orders in a status, oldest first. Staff only (the service's
 * {@code AccessConfiguration}): it shows every open order with its address.
 *
 * <p>
 * The constraints on parameters ({@code limit}) are checked by Spring's built-in method
 * validation, which reports them as a 400 naming the parameter.
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
			@RequestParam(required = false) @Size(max = CursorCodec.MAX_LENGTH) String cursor,
			@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
		if (status == null) {
			// Checked here rather than by required = true, so that the problem names the
			// parameter like every other bad input does.
			return Mono.error(new InvalidRequestException("status", "is required: PENDING, PAID or SHIPPED"));
		}
		return this.fulfilment.queue(status, cursor, limit).map((page) -> page.map(this.mapper::toResponse));
	}

}
