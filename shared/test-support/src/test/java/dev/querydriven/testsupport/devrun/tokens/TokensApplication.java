package dev.querydriven.testsupport.devrun.tokens;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;
import dev.querydriven.servicesupport.security.Caller;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A service with one route that shows who called it.
 */
@SpringBootApplication
class TokensApplication {

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder().rule(HttpMethod.GET, "/me", Access.SIGNED_IN).build();
	}

	@RestController
	static class MeController {

		@GetMapping("/me")
		Mono<Caller> me(Caller caller) {
			return Mono.just(caller);
		}

	}

}
