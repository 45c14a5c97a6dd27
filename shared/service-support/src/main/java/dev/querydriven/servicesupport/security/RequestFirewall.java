package dev.querydriven.servicesupport.security;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import reactor.core.publisher.Mono;

import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.firewall.StrictServerWebExchangeFirewall;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * What Spring Security's firewall lets through to the routes, and how it refuses the
 * rest. Its defaults refuse a path holding an encoded slash, a semicolon or an encoded
 * NUL with an empty 400, before the application could name the parameter at fault. In
 * WebFlux these need no firewall: the access rules and the controllers match the same
 * parsed path (an encoded slash stays inside its segment, a semicolon starts path
 * parameters that neither matches on), so they cannot disagree on which route, or which
 * user, a request names; the route's own validation then answers the 400 naming its
 * parameter.
 *
 * <p>
 * What the firewall still refuses (a path that decodes to a {@code ..} segment, a
 * backslash, an empty segment) is a 400 problem like every other error, naming the path
 * variable that holds it when the request's route has one (found with the access rules,
 * which name every route), else {@code path}.
 */
final class RequestFirewall {

	/** What no single path segment of a route holds once decoded. */
	private static final Pattern NOT_ONE_SEGMENT = Pattern.compile("[/\\\\%\\r\\n\\u2028\\u2029]|^\\.\\.?$");

	private RequestFirewall() {
	}

	static ServerWebExchangeFirewall firewall() {
		StrictServerWebExchangeFirewall firewall = new StrictServerWebExchangeFirewall();
		firewall.setAllowUrlEncodedSlash(true);
		firewall.setAllowSemicolon(true);
		firewall.setAllowNull(true);
		return firewall;
	}

	static ServerExchangeRejectedHandler rejectedAsProblem(List<AccessRules> tables) {
		List<AccessRules.Rule> rules = tables.stream().flatMap((table) -> table.rules().stream()).toList();
		return (exchange, rejected) -> Mono.error(refusal(exchange.getRequest(), rules));
	}

	private static InvalidRequestException refusal(ServerHttpRequest request, List<AccessRules.Rule> rules) {
		PathContainer path = request.getPath().pathWithinApplication();
		for (AccessRules.Rule rule : rules) {
			if (!rule.method().equals(request.getMethod())) {
				continue;
			}
			PathPattern.PathMatchInfo match = PathPatternParser.defaultInstance.parse(rule.pathPattern())
				.matchAndExtract(path);
			if (match == null) {
				continue;
			}
			for (Map.Entry<String, String> variable : match.getUriVariables().entrySet()) {
				if (NOT_ONE_SEGMENT.matcher(variable.getValue()).find()) {
					return new InvalidRequestException(variable.getKey(),
							"must not hold a path: no '/', '\\', '%' or line break, and not '.' or '..'");
				}
			}
		}
		return new InvalidRequestException("path",
				"must be a normalized path: no empty segment, no segment that decodes to '..', no backslash");
	}

}
