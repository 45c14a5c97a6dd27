package dev.querydriven.servicesupport.web;

import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A tiny API exercising every kind of bad input.
 */
@SpringBootApplication
class ProblemDetailsTestApplication {

	record Item(@NotBlank String name, @NotNull @Positive Integer quantity) {
	}

	record Order(@NotNull @Valid Item item) {
	}

	@RestController
	@org.springframework.validation.annotation.Validated
	static class ValidatedController {

		@GetMapping("/validated")
		Mono<String> list(@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
			return Mono.just("ok");
		}

	}

	@RestController
	static class TestController {

		@PostMapping("/orders")
		Mono<Order> create(@Valid @RequestBody Order order) {
			return Mono.just(order);
		}

		@GetMapping("/orders/{orderId}")
		Mono<String> find(@PathVariable UUID orderId) {
			return Mono.error(new NotFoundException("No order " + orderId));
		}

		@GetMapping("/orders")
		Mono<String> list(@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
			return Mono.just("ok");
		}

		@GetMapping("/orders/search")
		Mono<String> search(@RequestParam String customer) {
			return Mono.just(customer);
		}

		@PostMapping("/orders/{orderId}/conflict")
		Mono<String> conflict(@PathVariable UUID orderId) {
			return Mono.error(new ConflictException("Order " + orderId + " was shipped already"));
		}

	}

}
