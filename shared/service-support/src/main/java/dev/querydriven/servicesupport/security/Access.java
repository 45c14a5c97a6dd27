package dev.querydriven.servicesupport.security;

import java.util.UUID;
import java.util.function.BiPredicate;

import reactor.core.publisher.Mono;

import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.ReactiveAuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.web.server.authorization.AuthorizationContext;

/**
 * Who may call a route: the rule as the OpenAPI document shows it ({@code x-access}) and
 * the check that enforces it before the controller runs.
 *
 * <p>
 * An owner is the caller whose user id is the route's user (or sensor) path variable.
 * Where the owner is known only once a row is read (a post's author, an order's buyer),
 * the route needs a signed-in caller here and the service compares the row's owner with
 * {@link Caller#requireOwnerOr}; {@link #checkedOnTheRow} documents such a rule.
 *
 * @param rule the rule in words: {@code public}, {@code signed-in}, {@code owner},
 * {@code owner or staff}, {@code staff}, {@code admin}, {@code scope:...}
 * @param manager the check
 */
public record Access(String rule, ReactiveAuthorizationManager<AuthorizationContext> manager) {

	/** Anyone, with or without a token. */
	public static final Access PUBLIC = new Access("public", (authentication, context) -> granted(true));

	/** Any caller with a valid token. */
	public static final Access SIGNED_IN = new Access("signed-in", check((caller, context) -> true));

	/** Callers with the {@code staff} role. */
	public static final Access STAFF = role(Caller.STAFF);

	/** Callers with the {@code admin} role. */
	public static final Access ADMIN = role(Caller.ADMIN);

	/**
	 * The user named by a path variable, and nobody else.
	 * @param pathVariable the variable holding the user id
	 * @return the rule
	 */
	public static Access owner(String pathVariable) {
		return new Access("owner", check((caller, context) -> owns(caller, context, pathVariable)));
	}

	/**
	 * The user named by a path variable, or a caller with one of the roles.
	 * @param pathVariable the variable holding the user id
	 * @param role the role that may act for anyone
	 * @return the rule
	 */
	public static Access ownerOr(String pathVariable, String role) {
		return new Access("owner or " + role,
				check((caller, context) -> owns(caller, context, pathVariable) || caller.hasRole(role)));
	}

	/**
	 * Callers whose token grants a scope.
	 * @param scope the scope
	 * @return the rule
	 */
	public static Access scope(String scope) {
		return new Access("scope:" + scope, check((caller, context) -> caller.scopes().contains(scope)));
	}

	/**
	 * The subject named by a path variable, with a scope: a device acting for itself.
	 * @param pathVariable the variable holding the subject's id
	 * @param scope the scope its token needs
	 * @return the rule
	 */
	public static Access ownerWithScope(String pathVariable, String scope) {
		return new Access("owner with scope:" + scope,
				check((caller, context) -> owns(caller, context, pathVariable) && caller.scopes().contains(scope)));
	}

	/**
	 * A rule the service checks once it has read the row it concerns: a signed-in caller
	 * here, the rule in the document.
	 * @param rule the rule, e.g. {@code owner} or {@code owner or staff}
	 * @return the rule
	 */
	public static Access checkedOnTheRow(String rule) {
		return new Access(rule, SIGNED_IN.manager);
	}

	private static Access role(String role) {
		return new Access(role, check((caller, context) -> caller.hasRole(role)));
	}

	private static boolean owns(Caller caller, AuthorizationContext context, String pathVariable) {
		Object value = context.getVariables().get(pathVariable);
		if (value == null) {
			// The message names the route's variables, never the path: it is
			// logged, and a path can hold personal data.
			throw new IllegalStateException("No path variable '" + pathVariable + "' among "
					+ context.getVariables().keySet() + "; the route's rule names the wrong one");
		}
		// A value that is no user id names nobody's data: it goes on to the controller,
		// whose answer is the 400 naming the parameter, and nothing is read or written.
		String text = value.toString();
		return !Caller.UUID_TEXT.matcher(text).matches() || caller.is(UUID.fromString(text));
	}

	private static ReactiveAuthorizationManager<AuthorizationContext> check(
			BiPredicate<Caller, AuthorizationContext> rule) {
		return (authentication, context) -> authentication
			.filter((candidate) -> candidate.isAuthenticated() && candidate instanceof JwtAuthenticationToken)
			.<AuthorizationResult>map(
					(candidate) -> new AuthorizationDecision(rule.test(Caller.of(candidate), context)))
			.defaultIfEmpty(new AuthorizationDecision(false));
	}

	private static Mono<AuthorizationResult> granted(boolean granted) {
		return Mono.just(new AuthorizationDecision(granted));
	}

	@Override
	public String toString() {
		return this.rule;
	}

}
