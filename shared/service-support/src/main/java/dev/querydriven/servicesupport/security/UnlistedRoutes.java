package dev.querydriven.servicesupport.security;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.ReactiveAuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.server.authorization.AuthorizationContext;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * The decision for a request that no access rule names. A route the service serves but
 * whose rule nobody wrote is closed to everyone: a new endpoint stays shut until its rule
 * is written down. Anything else (an unknown path, a method the path does not serve) goes
 * on to the 404 or 405 it deserves, for anyone: which routes exist is no secret, the
 * OpenAPI document lists them.
 */
final class UnlistedRoutes implements ReactiveAuthorizationManager<AuthorizationContext> {

	private final ObjectProvider<RequestMappingHandlerMapping> mappings;

	UnlistedRoutes(ObjectProvider<RequestMappingHandlerMapping> mappings) {
		this.mappings = mappings;
	}

	@Override
	public Mono<AuthorizationResult> authorize(Mono<Authentication> authentication, AuthorizationContext context) {
		return Flux.fromStream(this.mappings::orderedStream)
			.concatMap((mapping) -> mapping.getHandler(context.getExchange()).onErrorResume((ex) -> Mono.empty()))
			.hasElements()
			.map((served) -> new AuthorizationDecision(!served));
	}

}
