package dev.querydriven.testsupport.devrun;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.security.Access;
import dev.querydriven.servicesupport.security.AccessRules;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.testsupport.devrun.DevTokens.TokenRequest;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.reactive.ReactiveOAuth2ResourceServerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Tokens for the dev run and the tests: while no issuer, JWK set or public key is
 * configured, the service trusts the tokens of its own {@link DevTokens} and hands them
 * out at {@code POST /dev/tokens} to callers on this machine:
 *
 * <pre>
 * curl -s localhost:8081/dev/tokens -H 'Content-Type: application/json' -d '{"sub": "&lt;user id&gt;"}'
 * </pre>
 *
 * answers {@code {"access_token": "...", "token_type": "Bearer", "expires_in": 3600}};
 * the body may add {@code roles}, {@code scope}, {@code aud} and {@code expires_in}. With
 * an issuer configured this configuration is off: no key is made and the route does not
 * exist. It lives on the test class path, so a production jar never carries it.
 */
@AutoConfiguration(before = ReactiveOAuth2ResourceServerAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnExpression("'${spring.security.oauth2.resourceserver.jwt.issuer-uri:}' == ''"
		+ " and '${spring.security.oauth2.resourceserver.jwt.jwk-set-uri:}' == ''"
		+ " and '${spring.security.oauth2.resourceserver.jwt.public-key-location:}' == ''")
public final class DevTokensConfiguration {

	/** Where the dev run hands out tokens. */
	public static final String PATH = "/dev/tokens";

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,50}");

	private static final long MAX_LIFETIME_SECONDS = 86_400;

	@Bean
	DevTokens devTokens(Environment environment, ObjectProvider<EmbeddedCassandraConnectionDetails> node) {
		String audience = environment.getRequiredProperty("spring.application.name");
		EmbeddedCassandraConnectionDetails embedded = node.getIfAvailable();
		// Beside the node's credentials, so that tokens outlive a restart of the dev run
		// as the data does; tests, on a node of their own, need no such thing.
		return (embedded != null) ? DevTokens.keptIn(embedded.directory().resolve("dev-tokens.jwk.json"), audience)
				: DevTokens.inMemory(audience);
	}

	@Bean
	ReactiveJwtDecoder devTokenDecoder(DevTokens tokens, ObjectProvider<OAuth2TokenValidator<Jwt>> validators) {
		return tokens.decoder(validators.orderedStream().toList());
	}

	@Bean
	AccessRules devTokenAccess() {
		return AccessRules.builder().rule(HttpMethod.POST, PATH, Access.PUBLIC).build();
	}

	@Bean
	RouterFunction<ServerResponse> devTokenRoute(DevTokens tokens) {
		return RouterFunctions.route()
			.POST(PATH, (request) -> fromThisMachine(request).flatMap((local) -> request.bodyToMono(TokenRequest.class))
				.switchIfEmpty(Mono.error(() -> new InvalidRequestException("sub", "must not be null")))
				.map(DevTokensConfiguration::validated)
				.flatMap((valid) -> ServerResponse.ok()
					.bodyValue(Map.of("access_token", tokens.mint(valid), "token_type", "Bearer", "expires_in",
							(valid.expiresIn() != null) ? valid.expiresIn() : DevTokens.DEFAULT_LIFETIME.toSeconds()))))
			.build();
	}

	private static Mono<Boolean> fromThisMachine(ServerRequest request) {
		boolean local = request.remoteAddress()
			.map(InetSocketAddress::getAddress)
			.map((address) -> address.isLoopbackAddress())
			.orElse(false);
		return local ? Mono.just(true) : Mono.error(new NotFoundException("No such resource"));
	}

	private static TokenRequest validated(TokenRequest request) {
		if (request.sub() == null || request.sub().isBlank()) {
			throw InvalidRequestException.bodyMember("sub", "must not be blank");
		}
		if (request.sub().length() > 255 || request.sub().chars().anyMatch(Character::isISOControl)) {
			throw InvalidRequestException.bodyMember("sub", "must be at most 255 characters, none a control character");
		}
		names("roles", request.roles());
		names("aud", request.aud());
		if (request.scope() != null && (request.scope().length() > 500 || !request.scope().isBlank()
				&& !List.of(request.scope().trim().split(" +")).stream().allMatch((s) -> NAME.matcher(s).matches()))) {
			throw InvalidRequestException.bodyMember("scope", "must be scopes separated by spaces");
		}
		if (request.expiresIn() != null && (request.expiresIn() < 1 || request.expiresIn() > MAX_LIFETIME_SECONDS)) {
			throw InvalidRequestException.bodyMember("expires_in", "must be between 1 and " + MAX_LIFETIME_SECONDS);
		}
		return request;
	}

	private static void names(String field, List<String> values) {
		if (values == null) {
			return;
		}
		if (values.size() > 10
				|| values.stream().anyMatch((value) -> value == null || !NAME.matcher(value).matches())) {
			throw InvalidRequestException.bodyMember(field,
					"must be at most 10 names of letters, digits, '_', '.', ':' or '-'");
		}
	}

}
