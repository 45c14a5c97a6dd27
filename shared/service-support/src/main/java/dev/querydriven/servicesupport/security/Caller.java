package dev.querydriven.servicesupport.security;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;

/**
 * The user a request acts for: the subject of its bearer token. A controller takes it as
 * a parameter; nothing a client writes in a path or a body can change it.
 *
 * @param id the user's id: the subject itself when it is a UUID, else a UUID derived from
 * it (see {@link #idOf(String)})
 * @param subject the token's {@code sub}
 * @param name the name to show for the user: the token's {@code name}, else its
 * {@code preferred_username}, else the subject
 * @param roles the token's {@code roles} ({@code staff}, {@code admin})
 * @param scopes the token's scopes
 */
public record Caller(UUID id, String subject, String name, Set<String> roles, Set<String> scopes) {

	/**
	 * The role of the people who work the orders: the fulfilment queue, status changes.
	 */
	public static final String STAFF = "staff";

	/** The role of the operators: the management endpoints, anyone's private data. */
	public static final String ADMIN = "admin";

	static final String ROLE_PREFIX = "ROLE_";

	static final Pattern UUID_TEXT = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	static final String SCOPE_PREFIX = "SCOPE_";

	/**
	 * The caller of an authenticated request.
	 * @param authentication a JWT authentication (a real token, or Spring Security Test's
	 * {@code mockJwt()})
	 * @return the caller
	 */
	public static Caller of(Authentication authentication) {
		if (!(authentication instanceof JwtAuthenticationToken token)) {
			throw new IllegalArgumentException("Not a bearer token: " + authentication.getClass().getName());
		}
		Jwt jwt = token.getToken();
		String subject = jwt.getSubject();
		String name = firstText(jwt.getClaimAsString("name"), jwt.getClaimAsString("preferred_username"), subject);
		return new Caller(idOf(subject), subject, name, withPrefix(authentication, ROLE_PREFIX),
				withPrefix(authentication, SCOPE_PREFIX));
	}

	/**
	 * The user id of a token's subject. A subject that is a UUID (as the dev tokens and
	 * many issuers write it) is the id itself; any other subject (an email, an
	 * {@code auth0|...} string) maps to the name-based UUID of {@code "sub:" + subject},
	 * so the same subject always acts as the same user.
	 * @param subject the token's subject
	 * @return the user id
	 */
	public static UUID idOf(String subject) {
		if (UUID_TEXT.matcher(subject).matches()) {
			return UUID.fromString(subject);
		}
		return UUID.nameUUIDFromBytes(("sub:" + subject).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * Whether this caller holds a role.
	 * @param role the role
	 * @return whether the token names it
	 */
	public boolean hasRole(String role) {
		return this.roles.contains(role);
	}

	/**
	 * Whether this caller is the user.
	 * @param userId a user id
	 * @return whether the token's subject is that user
	 */
	public boolean is(UUID userId) {
		return this.id.equals(userId);
	}

	/**
	 * Refuses (403) a caller who is neither the owner of what a request touches nor holds
	 * one of the roles: the check for rows whose owner is known only once they are read.
	 * @param owner the owner of the row
	 * @param roles the roles that may act on anyone's row
	 */
	public void requireOwnerOr(UUID owner, String... roles) {
		if (is(owner)) {
			return;
		}
		for (String role : roles) {
			if (hasRole(role)) {
				return;
			}
		}
		throw new AccessDeniedException("Only its owner may do this");
	}

	private static Set<String> withPrefix(Authentication authentication, String prefix) {
		return authentication.getAuthorities()
			.stream()
			.map(GrantedAuthority::getAuthority)
			.filter((authority) -> authority.startsWith(prefix))
			.map((authority) -> authority.substring(prefix.length()))
			.collect(Collectors.toUnmodifiableSet());
	}

	private static String firstText(String... candidates) {
		for (String candidate : candidates) {
			if (candidate != null && !candidate.isBlank()) {
				return candidate;
			}
		}
		return "";
	}

}
