package dev.querydriven.servicesupport.security;

import reactor.core.publisher.Mono;

import org.springframework.core.MethodParameter;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * Gives a controller the {@link Caller} of its request, from the token the security
 * filter checked.
 */
final class CallerArgumentResolver implements HandlerMethodArgumentResolver {

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return Caller.class.equals(parameter.getParameterType());
	}

	@Override
	public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext bindingContext,
			ServerWebExchange exchange) {
		return ReactiveSecurityContextHolder.getContext()
			.map(SecurityContext::getAuthentication)
			.filter((authentication) -> authentication.isAuthenticated())
			.<Object>map(Caller::of)
			// The service's mistake, not the client's: a public route acting for a
			// caller.
			.switchIfEmpty(Mono.error(() -> new IllegalStateException(
					"The route takes a caller, yet its access rule lets anonymous requests in")));
	}

}
