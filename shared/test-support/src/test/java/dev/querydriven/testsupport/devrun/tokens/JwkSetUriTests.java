package dev.querydriven.testsupport.devrun.tokens;

import dev.querydriven.testsupport.devrun.DevTokens;
import dev.querydriven.testsupport.devrun.DevTokensConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With a real issuer configured, the service makes no key and hands out no tokens.
 */
@WebFluxTest(controllers = TokensApplication.MeController.class, properties = { "spring.application.name=tokens",
		"spring.security.oauth2.resourceserver.jwt.jwk-set-uri=https://issuer.example/.well-known/jwks.json" })
class JwkSetUriTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private ApplicationContext context;

	/** POST /dev/tokens does not exist, and no dev issuer was made. */
	@Test
	void noDevTokensWithAJwkSetUri() {
		this.client.post()
			.uri(DevTokensConfiguration.PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("{\"sub\": \"someone\"}")
			.exchange()
			.expectStatus()
			.isNotFound();
		assertThat(this.context.getBeanNamesForType(DevTokens.class)).isEmpty();
	}

}
