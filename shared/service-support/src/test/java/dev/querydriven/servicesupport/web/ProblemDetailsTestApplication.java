package dev.querydriven.servicesupport.web;

import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import dev.querydriven.servicesupport.text.IdentifierText;
import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import reactor.core.publisher.Mono;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * A tiny API exercising every kind of bad input, and every kind of failure behind it.
 */
@SpringBootApplication
class ProblemDetailsTestApplication {

	/**
	 * Every route of this API is public: these tests are about bad input, not about who
	 * sends it.
	 * @return the rules
	 */
	@Bean
	AccessRules openAccess() {
		AccessRules.Builder rules = AccessRules.builder();
		for (String path : List.of("/validated", "/orders", "/orders/{orderId}", "/orders/search", "/failures/{kind}",
				"/users/by-email/{email}", "/users/by-email/{email}/missing", "/pages")) {
			rules.rule(HttpMethod.GET, path, Access.PUBLIC);
		}
		for (String path : List.of("/orders", "/notes", "/orders/{orderId}/move", "/orders/{orderId}/conflict",
				"/timeouts/create", "/timeouts/plain", "/timeouts/idempotent", "/timeouts/refused")) {
			rules.rule(HttpMethod.POST, path, Access.PUBLIC);
		}
		return rules.build();
	}

	/**
	 * No token is good here.
	 * @return a decoder that refuses every token
	 */
	@Bean
	ReactiveJwtDecoder refusingDecoder() {
		return (token) -> Mono.error(new BadJwtException("No token is valid in these tests"));
	}

	record Item(@NotBlank String name, @NotNull @Positive Integer quantity) {
	}

	record Order(@NotNull @Valid Item item) {
	}

	enum Stage {

		PACKED, SHIPPED

	}

	record Note(@NotBlank String title, @MultilineText String text, @IdentifierText String author, List<String> tags) {
	}

	@RestController
	@org.springframework.validation.annotation.Validated
	static class ValidatedController {

		@GetMapping("/validated")
		Mono<String> list(@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
			return Mono.just("ok " + limit.value());
		}

	}

	@RestController
	static class TestController {

		@PostMapping("/orders")
		Mono<Order> create(@Valid @RequestBody Order order) {
			return Mono.just(order);
		}

		@PostMapping("/notes")
		Mono<Note> note(@Valid @RequestBody Note note) {
			return Mono.just(note);
		}

		@GetMapping("/orders/{orderId}")
		Mono<String> find(@PathVariable UUID orderId) {
			return Mono.error(new NotFoundException("No order " + orderId));
		}

		@GetMapping("/orders")
		Mono<String> list(@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
			return Mono.just("ok " + limit.value());
		}

		@GetMapping("/orders/search")
		Mono<String> search(@RequestParam String customer) {
			return Mono.just(customer);
		}

		@PostMapping("/orders/{orderId}/move")
		Mono<String> move(@PathVariable UUID orderId, @RequestParam(required = false) Stage to) {
			return Mono.just((to != null) ? to.name() : "next");
		}

		@PostMapping("/orders/{orderId}/conflict")
		Mono<String> conflict(@PathVariable UUID orderId) {
			return Mono.error(new ConflictException("Order " + orderId + " was shipped already"));
		}

		@GetMapping("/failures/{kind}")
		Mono<String> fail(@PathVariable String kind) {
			return Mono.error(switch (kind) {
				case "throttled" -> new RequestThrottlingException("The session is throttled");
				case "overloaded" -> new OverloadedException(null);
				case "timeout" -> new DriverTimeoutException("Query timed out after PT2S");
				case "spring-timeout" -> new QueryTimeoutException("Timed out", new DriverTimeoutException("PT2S"));
				case "guardrail" -> new InvalidQueryException(null,
						"Guardrail allow_filtering violated: Querying with ALLOW FILTERING is not allowed");
				case "spring-invalid" -> new InvalidDataAccessApiUsageException("Invalid query on secret_table",
						new InvalidQueryException(null, "Undefined column name secret_column"));
				default -> new IllegalStateException("Secret internal state " + kind);
			});
		}

	}

	/**
	 * A route whose path holds personal data, as social-feed's lookup by email does, and
	 * a paged list.
	 */
	@RestController
	static class PersonalDataController {

		private final CursorCodec cursors;

		PersonalDataController(CursorCodec cursors) {
			this.cursors = cursors;
		}

		@GetMapping("/users/by-email/{email}")
		Mono<String> failing(@PathVariable String email) {
			return Mono.error(new IllegalStateException("Lookup failed"));
		}

		@GetMapping("/users/by-email/{email}/missing")
		Mono<String> missing(@PathVariable String email) {
			return Mono.error(new NotFoundException("No user with this email"));
		}

		@GetMapping("/pages")
		Mono<List<String>> page(@RequestParam String cursor) {
			return Mono.fromCallable(() -> this.cursors.decodeValues("pages", cursor));
		}

	}

	/**
	 * Writes whose database times out: what a 503 tells the client to do depends on each.
	 */
	@RestController
	static class TimingOutWrites {

		@PostMapping("/timeouts/create")
		Mono<String> create(@RequestHeader(name = RetryAdvice.IDEMPOTENCY_KEY, required = false) String key) {
			return Mono.error(new DriverTimeoutException("Query timed out after PT2S"));
		}

		@PostMapping("/timeouts/plain")
		Mono<String> plain() {
			return Mono.error(new DriverTimeoutException("Query timed out after PT2S"));
		}

		@Idempotent
		@PostMapping("/timeouts/idempotent")
		Mono<String> idempotent() {
			return Mono.error(new DriverTimeoutException("Query timed out after PT2S"));
		}

		@PostMapping("/timeouts/refused")
		Mono<String> refused() {
			return Mono.error(new Refused());
		}

	}

	/** A change refused before it wrote anything. */
	static final class Refused extends RuntimeException implements NothingWritten {

		private static final long serialVersionUID = 1L;

		Refused() {
			super("More than 1000 changes are in flight; nothing was written");
		}

	}

	/** A filter that fails on demand, before any controller is chosen. */
	@Component
	static class FailingFilter implements WebFilter {

		@Override
		public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
			if (exchange.getRequest().getHeaders().containsHeader("X-Fail-In-Filter")) {
				return Mono.error(new IllegalStateException("Secret filter state"));
			}
			return chain.filter(exchange);
		}

	}

}
