package dev.querydriven.servicesupport.security;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import reactor.core.publisher.Flux;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.actuate.web.reactive.EndpointRequest;
import org.springframework.boot.security.autoconfigure.actuate.web.reactive.ReactiveManagementWebSecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.reactive.ReactiveOAuth2ResourceServerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.oauth2.server.resource.authentication.ReactiveJwtAuthenticationConverter;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;

/**
 * Makes every service a stateless OAuth 2.0 resource server: a request acts as the
 * subject of its JWT bearer token, checked against the issuer the service is configured
 * with ({@code spring.security.oauth2.resourceserver.jwt.issuer-uri}, {@code jwk-set-uri}
 * or {@code public-key-location}), for the service's audience
 * ({@code spring.security.oauth2.resourceserver.jwt.audiences}, by default the
 * {@code spring.application.name}). Roles come from the token's {@code roles} claim,
 * scopes from its {@code scope}. No session, no CSRF token (nothing is carried by a
 * cookie), no login page.
 *
 * <p>
 * Two filter chains: the management endpoints (on the management port), where the health
 * check is anonymous and everything else needs {@code admin}; and the API, whose routes
 * follow the service's {@link AccessRules}; a route they do not name is refused
 * ({@link UnlistedRoutes}). A service without a way to check tokens does not start.
 */
@AutoConfiguration(before = { ReactiveWebSecurityAutoConfiguration.class,
		ReactiveOAuth2ResourceServerAutoConfiguration.class, ReactiveManagementWebSecurityAutoConfiguration.class })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableWebFluxSecurity
public final class ResourceServerAutoConfiguration {

	static final String ROLES_CLAIM = "roles";

	private static final String[] API_DOCUMENT = { "/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html",
			"/swagger-ui/**", "/webjars/**" };

	@Bean
	@Order(2)
	SecurityWebFilterChain apiSecurity(ServerHttpSecurity http, ObjectProvider<ReactiveJwtDecoder> decoder,
			ObjectProvider<AccessRules> rules, ObjectProvider<RequestMappingHandlerMapping> controllers) {
		UnlistedRoutes unlisted = new UnlistedRoutes(controllers);
		http.authorizeExchange((exchanges) -> {
			rules.orderedStream().forEach((table) -> table.applyTo(exchanges));
			exchanges.pathMatchers(HttpMethod.GET, API_DOCUMENT).permitAll().anyExchange().access(unlisted);
		});
		return stateless(http, decoder).build();
	}

	private static ServerHttpSecurity stateless(ServerHttpSecurity http, ObjectProvider<ReactiveJwtDecoder> decoders) {
		ReactiveJwtDecoder decoder = decoders.getIfAvailable(() -> {
			throw new IllegalStateException("No way to check bearer tokens: set one of "
					+ "spring.security.oauth2.resourceserver.jwt.issuer-uri, jwk-set-uri or public-key-location");
		});
		BearerProblems problems = new BearerProblems();
		return http.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
			.formLogin(ServerHttpSecurity.FormLoginSpec::disable)
			.logout(ServerHttpSecurity.LogoutSpec::disable)
			.anonymous(ServerHttpSecurity.AnonymousSpec::disable)
			.requestCache((cache) -> cache.requestCache(NoOpServerRequestCache.getInstance()))
			.securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
			.exceptionHandling((handling) -> handling.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			.oauth2ResourceServer((server) -> server.authenticationEntryPoint(problems)
				.accessDeniedHandler(problems)
				.jwt((jwt) -> jwt.jwtDecoder(decoder).jwtAuthenticationConverter(authenticationConverter())));
	}

	/**
	 * Authorities from the token: {@code SCOPE_x} for each scope, {@code ROLE_x} for each
	 * entry of its {@code roles} claim.
	 */
	static ReactiveJwtAuthenticationConverter authenticationConverter() {
		JwtGrantedAuthoritiesConverter scopes = new JwtGrantedAuthoritiesConverter();
		Converter<Jwt, Collection<GrantedAuthority>> authorities = (jwt) -> {
			List<GrantedAuthority> granted = new ArrayList<>(scopes.convert(jwt));
			Object roles = jwt.getClaims().get(ROLES_CLAIM);
			if (roles instanceof Collection<?> list) {
				list.forEach((role) -> granted.add(new SimpleGrantedAuthority(Caller.ROLE_PREFIX + role)));
			}
			else if (roles instanceof String text) {
				for (String role : text.split("[\\s,]+")) {
					if (!role.isEmpty()) {
						granted.add(new SimpleGrantedAuthority(Caller.ROLE_PREFIX + role));
					}
				}
			}
			return granted;
		};
		ReactiveJwtAuthenticationConverter converter = new ReactiveJwtAuthenticationConverter();
		converter.setJwtGrantedAuthoritiesConverter((jwt) -> Flux.fromIterable(authorities.convert(jwt)));
		return converter;
	}

	/**
	 * A token is for this service only if its {@code aud} names it: a token issued for
	 * another service of the same issuer is refused. Spring Boot checks the configured
	 * {@code audiences} itself; this is the default when none is configured.
	 * @param environment the environment, for the application's name
	 * @return the validator, which Spring Boot adds to the decoder's
	 */
	@Bean
	@ConditionalOnExpression("'${spring.security.oauth2.resourceserver.jwt.audiences:}' == ''"
			+ " and '${spring.security.oauth2.resourceserver.jwt.audiences[0]:}' == ''")
	OAuth2TokenValidator<Jwt> applicationAudienceValidator(Environment environment) {
		String audience = environment.getProperty("spring.application.name");
		if (audience == null || audience.isBlank()) {
			throw new IllegalStateException("Tokens must name this service in their audience: set "
					+ "spring.application.name, or spring.security.oauth2.resourceserver.jwt.audiences");
		}
		return new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
				(audiences) -> audiences != null && audiences.contains(audience));
	}

	/**
	 * The firewall that screens every request before the filter chains.
	 * @return the firewall, which lets through what the routes validate themselves
	 * @see RequestFirewall
	 */
	/**
	 * No observation of each phase of Spring Security's filter chain on every request,
	 * inside the request's own ({@code http.server.requests}).
	 * @return settings that observe nothing of Spring Security's
	 */
	@Bean
	@ConditionalOnMissingBean
	SecurityObservationSettings securityObservationSettings() {
		return SecurityObservationSettings.noObservations();
	}

	@Bean
	ServerWebExchangeFirewall requestFirewall() {
		return RequestFirewall.firewall();
	}

	/**
	 * A request the firewall refuses is a 400 problem naming what is wrong with it.
	 * @param tables the access tables, which name every route and its variables
	 * @return the handler
	 */
	@Bean
	ServerExchangeRejectedHandler requestRejectedAsProblem(ObjectProvider<AccessRules> tables) {
		return RequestFirewall.rejectedAsProblem(tables.orderedStream().toList());
	}

	@Bean
	WebFluxConfigurer callerArgument() {
		return new WebFluxConfigurer() {

			@Override
			public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
				configurer.addCustomResolver(new CallerArgumentResolver());
			}

		};
	}

	/**
	 * The management endpoints of a service that has them: the health check for anyone
	 * (its status only), everything else for admins.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
	static class ManagementConfiguration {

		@Bean
		@Order(1)
		SecurityWebFilterChain managementSecurity(ServerHttpSecurity http, ObjectProvider<ReactiveJwtDecoder> decoder) {
			http.securityMatcher(EndpointRequest.toAnyEndpoint())
				.authorizeExchange((exchanges) -> exchanges.matchers(EndpointRequest.to("health"))
					.permitAll()
					.anyExchange()
					.hasRole(Caller.ADMIN));
			return stateless(http, decoder).build();
		}

	}

	/**
	 * The bearer scheme, and on every operation its {@code security} and the rule
	 * ({@code x-access}) from the access table; the caller parameter stays out of the
	 * document, since no client sends it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(OpenApiCustomizer.class)
	static class OpenApiConfiguration {

		static final String SCHEME = "bearer";

		static {
			SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
		}

		@Bean
		OpenApiCustomizer accessOpenApiCustomizer(ObjectProvider<AccessRules> tables) {
			List<AccessRules> rules = tables.orderedStream().toList();
			return (openApi) -> {
				if (openApi.getComponents() == null) {
					openApi.setComponents(new Components());
				}
				openApi.getComponents()
					.addSecuritySchemes(SCHEME,
							new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT"));
				if (openApi.getPaths() == null) {
					return;
				}
				openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
					HttpMethod httpMethod = HttpMethod.valueOf(method.name());
					rules.stream()
						.map((table) -> table.ruleFor(httpMethod, path))
						.flatMap(Optional::stream)
						.findFirst()
						.ifPresent((access) -> {
							operation.addExtension("x-access", access.rule());
							operation.setSecurity(Access.PUBLIC.equals(access) ? List.of()
									: List.of(new SecurityRequirement().addList(SCHEME)));
						});
				}));
			};
		}

	}

}
