package dev.querydriven.servicesupport.security;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * A tiny API with one route per kind of rule, trusting one issuer's key.
 */
@SpringBootApplication
class SecurityTestApplication {

	static final String ISSUER = "https://issuer.test";

	static final Tokens TOKENS = new Tokens(Tokens.generate());

	@Bean
	AccessRules accessRules() {
		return AccessRules.builder()
			.rule(HttpMethod.GET, "/public", Access.PUBLIC)
			.rule(HttpMethod.GET, "/me", Access.SIGNED_IN)
			.rule(HttpMethod.GET, "/users/{userId}/things", Access.owner("userId"))
			.rule(HttpMethod.GET, "/users/{userId}/notes", Access.ownerOr("userId", Caller.STAFF))
			.rule(HttpMethod.GET, "/queue", Access.STAFF)
			.rule(HttpMethod.GET, "/devices/{deviceId}/data", Access.ownerWithScope("deviceId", "data:write"))
			.rule(HttpMethod.GET, "/rows/{owner}", Access.checkedOnTheRow("owner"))
			.build();
	}

	@Bean
	ReactiveJwtDecoder decoder(ObjectProvider<OAuth2TokenValidator<Jwt>> validators) {
		NimbusReactiveJwtDecoder decoder = NimbusReactiveJwtDecoder.withPublicKey(TOKENS.publicKey()).build();
		List<OAuth2TokenValidator<Jwt>> all = new ArrayList<>(validators.orderedStream().toList());
		all.add(new JwtIssuerValidator(ISSUER));
		decoder.setJwtValidator(JwtValidators.createDefaultWithValidators(all));
		return decoder;
	}

	@RestController
	static class ThingsController {

		@GetMapping("/public")
		Mono<String> open() {
			return Mono.just("open");
		}

		@GetMapping("/me")
		Mono<Caller> me(Caller caller) {
			return Mono.just(caller);
		}

		@GetMapping("/users/{userId}/things")
		Mono<String> things(@PathVariable UUID userId) {
			return Mono.just("things of " + userId);
		}

		@GetMapping("/users/{userId}/notes")
		Mono<String> notes(@PathVariable UUID userId) {
			return Mono.just("notes of " + userId);
		}

		@GetMapping("/queue")
		Mono<String> queue() {
			return Mono.just("queue");
		}

		@GetMapping("/devices/{deviceId}/data")
		Mono<String> data(@PathVariable UUID deviceId) {
			return Mono.just("data of " + deviceId);
		}

		@GetMapping("/rows/{owner}")
		Mono<String> row(@PathVariable UUID owner, Caller caller) {
			return Mono.fromCallable(() -> {
				caller.requireOwnerOr(owner, Caller.ADMIN);
				return "row of " + owner;
			});
		}

		@GetMapping("/unlisted")
		Mono<String> unlisted() {
			return Mono.just("nobody wrote my rule");
		}

	}

	/** Signs tokens with a key of its own. */
	record Tokens(RSAKey key) {

		static RSAKey generate() {
			try {
				return new RSAKeyGenerator(2048).keyID(UUID.randomUUID().toString()).generate();
			}
			catch (JOSEException ex) {
				throw new IllegalStateException(ex);
			}
		}

		java.security.interfaces.RSAPublicKey publicKey() {
			try {
				return this.key.toRSAPublicKey();
			}
			catch (JOSEException ex) {
				throw new IllegalStateException(ex);
			}
		}

		String sign(String issuer, Instant issuedAt, Map<String, Object> claims) {
			JwtClaimsSet.Builder set = JwtClaimsSet.builder()
				.issuer(issuer)
				.issuedAt(issuedAt)
				.expiresAt(issuedAt.plusSeconds(600));
			claims.forEach(set::claim);
			return new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(this.key)))
				.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).build(), set.build()))
				.getTokenValue();
		}

	}

}
