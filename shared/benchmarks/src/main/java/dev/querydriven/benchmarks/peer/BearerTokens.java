package dev.querydriven.benchmarks.peer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Checks callers' bearer tokens as the services do, without Spring Security's filter
 * chain: the same decoder ({@link NimbusReactiveJwtDecoder} with the callers' RSA public
 * key, which the services get from {@code public-key-location}), the same validators
 * (Spring Security's defaults, which check the token's times, and the audience: a token
 * must name the service), the same 401 answers with their {@code WWW-Authenticate}
 * challenges, and the same idea of who the caller is.
 */
final class BearerTokens {

	/** Spring Security's own pattern for a bearer header (RFC 6750's token68). */
	private static final Pattern BEARER = Pattern.compile("^Bearer (?<token>[a-zA-Z0-9-._~+/]+=*)$",
			Pattern.CASE_INSENSITIVE);

	private static final Pattern UUID_TEXT = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private final NimbusReactiveJwtDecoder decoder;

	/**
	 * @param publicKey the key the callers' tokens are signed with
	 * @param audience the service's name, which a token's {@code aud} must hold
	 */
	BearerTokens(RSAPublicKey publicKey, String audience) {
		OAuth2TokenValidator<Jwt> forThisService = new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
				(audiences) -> audiences != null && audiences.contains(audience));
		this.decoder = NimbusReactiveJwtDecoder.withPublicKey(publicKey).build();
		this.decoder.setJwtValidator(JwtValidators.createDefaultWithValidators(List.of(forThisService)));
	}

	/**
	 * Reads an RSA public key from a PEM file ({@code -----BEGIN PUBLIC KEY-----}, an
	 * X.509 {@code SubjectPublicKeyInfo}).
	 * @param pem the file
	 * @return the key
	 */
	static RSAPublicKey readPublicKey(Path pem) {
		try {
			String base64 = Files.readString(pem, StandardCharsets.US_ASCII)
				.replace("-----BEGIN PUBLIC KEY-----", "")
				.replace("-----END PUBLIC KEY-----", "")
				.replaceAll("\\s", "");
			X509EncodedKeySpec spec = new X509EncodedKeySpec(Base64.getDecoder().decode(base64));
			return (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(spec);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException | IllegalArgumentException ex) {
			throw new IllegalArgumentException("Not an RSA public key in PEM form: " + pem, ex);
		}
	}

	/**
	 * Runs a handler for a caller with a valid token; anyone else gets a 401.
	 * @param request the request
	 * @param handler what to do for the caller
	 * @return the handler's response, or a 401
	 */
	Mono<ServerResponse> signedIn(ServerRequest request, Function<Jwt, Mono<ServerResponse>> handler) {
		String authorization = request.headers().firstHeader(HttpHeaders.AUTHORIZATION);
		if (authorization == null || !authorization.regionMatches(true, 0, "Bearer", 0, 6)) {
			// No token at all (or another scheme): the bare challenge.
			return Problem.unauthorized("A bearer token is required", "Bearer");
		}
		Matcher bearer = BEARER.matcher(authorization);
		if (!bearer.matches()) {
			return invalidToken("Bearer token is malformed");
		}
		String token = bearer.group("token");
		// The decoder throws a token it cannot parse at once, before any Mono exists:
		// deferred, that becomes an error signal like a bad signature or an expired token
		// (the handlers' own errors are the driver's, never a BadJwtException).
		return Mono.defer(() -> this.decoder.decode(token))
			.flatMap(handler)
			.onErrorResume(BadJwtException.class, (ex) -> invalidToken(ex.getMessage()));
	}

	/**
	 * Whether a token's subject is the user a path names, as the services' owner rule
	 * decides it: a subject that is a UUID is that user, any other subject maps to the
	 * name-based UUID of {@code "sub:" + subject}. A path value that is no UUID names
	 * nobody's data and passes here; the route's own check answers it with a 400.
	 * @param jwt the caller's token
	 * @param pathValue the path variable naming the user
	 * @return whether the caller may act for that user
	 */
	static boolean owns(Jwt jwt, String pathValue) {
		if (!UUID_TEXT.matcher(pathValue).matches()) {
			return true;
		}
		String subject = jwt.getSubject();
		if (subject == null) {
			return false;
		}
		UUID caller = UUID_TEXT.matcher(subject).matches() ? UUID.fromString(subject)
				: UUID.nameUUIDFromBytes(("sub:" + subject).getBytes(StandardCharsets.UTF_8));
		return caller.equals(UUID.fromString(pathValue));
	}

	private static Mono<ServerResponse> invalidToken(String description) {
		String quoted = (description != null) ? description.replace("\"", "'") : "The bearer token is not valid";
		return Problem.unauthorized("The bearer token is not valid",
				"Bearer error=\"invalid_token\", error_description=\"" + quoted + "\"");
	}

}
