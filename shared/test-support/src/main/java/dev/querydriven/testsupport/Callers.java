package dev.querydriven.testsupport;

import java.util.Arrays;
import java.util.UUID;

import dev.querydriven.testsupport.devrun.DevTokens;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers;
import org.springframework.security.test.web.reactive.server.SecurityMockServerConfigurers.JwtMutator;
import org.springframework.test.web.reactive.server.WebTestClientConfigurer;

/**
 * Who a test's request acts as. In a full-context test ({@link ServiceIntegrationTest}) a
 * real token signed by the test's {@link DevTokens} and checked by the service's decoder:
 *
 * <pre class="code">
 * this.client.mutateWith(this.callers.as(alice)).post().uri("/users/{id}/posts", alice)...
 * </pre>
 *
 * In a controller slice, Spring Security Test's {@code mockJwt()}, which skips the
 * decoder: {@code this.client.mutateWith(Callers.mockCaller(alice))}.
 */
public final class Callers {

	private final DevTokens tokens;

	/**
	 * @param tokens the issuer the service under test trusts
	 */
	public Callers(DevTokens tokens) {
		this.tokens = tokens;
	}

	/**
	 * Requests with a token for a user.
	 * @param user the user, the token's subject
	 * @param roles the user's roles ({@code staff}, {@code admin})
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public WebTestClientConfigurer as(UUID user, String... roles) {
		return bearer(this.tokens.forUser(user, roles));
	}

	/**
	 * Requests with a given token.
	 * @param token the token
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static WebTestClientConfigurer bearer(String token) {
		return (builder, httpHandlerBuilder, connector) -> builder.defaultHeader(HttpHeaders.AUTHORIZATION,
				"Bearer " + token);
	}

	/**
	 * The issuer, for tokens other than a user's (a device's, an expired one).
	 * @return the issuer
	 */
	public DevTokens tokens() {
		return this.tokens;
	}

	/**
	 * A user as a controller slice sees one: a JWT whose subject is the user, with the
	 * roles as authorities.
	 * @param user the user
	 * @param roles the user's roles
	 * @return the configurer for {@code WebTestClient.mutateWith}
	 */
	public static JwtMutator mockCaller(UUID user, String... roles) {
		return SecurityMockServerConfigurers.mockJwt()
			.jwt((jwt) -> jwt.subject(user.toString()))
			.authorities(Arrays.stream(roles)
				.<GrantedAuthority>map((role) -> new SimpleGrantedAuthority("ROLE_" + role))
				.toList());
	}

}
