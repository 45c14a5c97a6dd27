package dev.querydriven.benchmarks.peer;

import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bearer tokens checked as the services check them: 401 without a valid token for this
 * service, the owner rule on the subject.
 */
class BearerTokensTests {

	private static final UUID USER = UUID.fromString("6a1f8a3e-2b4c-4d5e-8f90-a1b2c3d4e5f6");

	private static RSAKey key;

	private static WebTestClient client;

	@BeforeAll
	static void signedInRoute() throws JOSEException {
		key = new RSAKeyGenerator(2048).generate();
		BearerTokens tokens = new BearerTokens((RSAPublicKey) key.toPublicKey(), "ecommerce-orders");
		client = WebTestClient
			.bindToRouterFunction(
					RouterFunctions.route(RequestPredicates.GET("/users/{userId}"),
							(request) -> tokens.signedIn(request,
									(jwt) -> BearerTokens.owns(jwt, request.pathVariable("userId"))
											? ServerResponse.ok().bodyValue(jwt.getSubject()) : Problem.forbidden())))
			.build();
	}

	/** The owner, with a token for this service, is let through. */
	@Test
	void theOwnersTokenPasses() throws JOSEException {
		client.get()
			.uri("/users/" + USER)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + token(USER.toString(), "ecommerce-orders", key))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.isEqualTo(USER.toString());
	}

	/** No token: the bare challenge. */
	@Test
	void noTokenIsA401WithTheBareChallenge() {
		client.get()
			.uri("/users/" + USER)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
	}

	/** Another service's token, another issuer's, or garbage: invalid_token. */
	@Test
	void anInvalidTokenIsA401NamingInvalidToken() throws JOSEException {
		for (String token : new String[] { token(USER.toString(), "iot-sensors", key),
				token(USER.toString(), "ecommerce-orders", new RSAKeyGenerator(2048).generate()), "not-a-jwt" }) {
			client.get()
				.uri("/users/" + USER)
				.header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
				.exchange()
				.expectStatus()
				.isUnauthorized()
				.expectHeader()
				.value(HttpHeaders.WWW_AUTHENTICATE,
						(challenge) -> assertThat(challenge).startsWith("Bearer error=\"invalid_token\""));
		}
	}

	/** A valid token of another user: 403. */
	@Test
	void anotherUsersTokenIsA403() throws JOSEException {
		client.get()
			.uri("/users/" + USER)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + token(UUID.randomUUID().toString(), "ecommerce-orders", key))
			.exchange()
			.expectStatus()
			.isForbidden();
	}

	/** A subject that is no UUID acts as the name-based UUID of "sub:" + subject. */
	@Test
	void aSubjectThatIsNoUuidMapsToItsNameBasedUuid() throws JOSEException {
		UUID mapped = UUID.nameUUIDFromBytes("sub:alice@example.com".getBytes(java.nio.charset.StandardCharsets.UTF_8));
		client.get()
			.uri("/users/" + mapped)
			.header(HttpHeaders.AUTHORIZATION, "Bearer " + token("alice@example.com", "ecommerce-orders", key))
			.exchange()
			.expectStatus()
			.isOk();
	}

	private static String token(String subject, String audience, RSAKey signingKey) throws JOSEException {
		Instant now = Instant.now();
		SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).build(),
				new JWTClaimsSet.Builder().subject(subject)
					.audience(audience)
					.issueTime(Date.from(now))
					.expirationTime(Date.from(now.plusSeconds(600)))
					.build());
		jwt.sign(new RSASSASigner(signingKey));
		return jwt.serialize();
	}

}
