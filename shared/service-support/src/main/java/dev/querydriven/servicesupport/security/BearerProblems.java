package dev.querydriven.servicesupport.security;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.BearerTokenError;
import org.springframework.security.oauth2.server.resource.BearerTokenErrorCodes;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.server.ServerWebExchange;

/**
 * 401 and 403 as every other error of these services: {@code application/problem+json},
 * written by the shared problem handler, with the {@code WWW-Authenticate: Bearer}
 * challenge of RFC 6750 and its error code ({@code invalid_token} for a token that does
 * not check out, {@code insufficient_scope} for one that may not do this). Spring
 * Security's own bearer handlers answer with an empty body.
 */
final class BearerProblems implements ServerAuthenticationEntryPoint, ServerAccessDeniedHandler {

	@Override
	public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException ex) {
		Map<String, String> challenge = new LinkedHashMap<>();
		String detail = "A bearer token is required";
		if (ex instanceof OAuth2AuthenticationException oauth && oauth.getError() instanceof BearerTokenError error) {
			challenge.put("error", error.getErrorCode());
			if (error.getDescription() != null) {
				challenge.put("error_description", error.getDescription());
			}
			detail = "The bearer token is not valid";
		}
		return Mono.error(problem(HttpStatus.UNAUTHORIZED, detail, challenge));
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
		Map<String, String> challenge = new LinkedHashMap<>();
		challenge.put("error", BearerTokenErrorCodes.INSUFFICIENT_SCOPE);
		challenge.put("error_description", "The token's subject may not do this");
		return Mono.error(problem(HttpStatus.FORBIDDEN, "The token's subject may not do this", challenge));
	}

	private static ErrorResponseException problem(HttpStatus status, String detail, Map<String, String> challenge) {
		ErrorResponseException problem = new ErrorResponseException(status,
				ProblemDetail.forStatusAndDetail(status, detail), null);
		String parameters = challenge.entrySet()
			.stream()
			.map((parameter) -> parameter.getKey() + "=\"" + parameter.getValue().replace("\"", "'") + "\"")
			.collect(Collectors.joining(", "));
		problem.getHeaders()
			.set(HttpHeaders.WWW_AUTHENTICATE, parameters.isEmpty() ? "Bearer" : "Bearer " + parameters);
		return problem;
	}

}
