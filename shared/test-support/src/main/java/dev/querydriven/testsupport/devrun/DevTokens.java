package dev.querydriven.testsupport.devrun;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.interfaces.RSAPublicKey;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import dev.querydriven.embeddedcassandra.PrivateFiles;

import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;

/**
 * The dev run's own token issuer: an RSA key and the tokens it signs, so that a service
 * on its embedded node can be called as any user without an identity provider. The key is
 * generated once and kept, readable by its owner only, beside the node's credentials
 * (tests keep it in memory); the service trusts it only while no real issuer is
 * configured ({@link DevTokensConfiguration}). Tests, the process tests and the
 * benchmarks sign their callers' tokens with it too.
 */
public final class DevTokens {

	/** The {@code iss} of every dev token, which the dev decoder requires. */
	public static final String ISSUER = "https://querydriven.dev/dev-tokens";

	/** A token's lifetime unless asked otherwise. */
	public static final Duration DEFAULT_LIFETIME = Duration.ofHours(1);

	private final RSAKey key;

	private final NimbusJwtEncoder encoder;

	private final String audience;

	private DevTokens(RSAKey key, String audience) {
		this.key = key;
		this.audience = audience;
		this.encoder = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(key)));
	}

	/**
	 * An issuer whose key lives as long as this object.
	 * @param audience the {@code aud} of its tokens unless asked otherwise: the service's
	 * name
	 * @return the issuer
	 */
	public static DevTokens inMemory(String audience) {
		return new DevTokens(generate(), audience);
	}

	/**
	 * An issuer whose key is kept in a file, generated the first time.
	 * @param file the key's file (a JWK, private half included)
	 * @param audience the {@code aud} of its tokens unless asked otherwise
	 * @return the issuer
	 */
	public static DevTokens keptIn(Path file, String audience) {
		try {
			if (Files.isRegularFile(file)) {
				return new DevTokens(RSAKey.parse(Files.readString(file)), audience);
			}
			return new DevTokens(writeOrRead(file, generate()), audience);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (ParseException ex) {
			throw new IllegalStateException("Not a key: " + file + "; delete it to get a new one", ex);
		}
	}

	/**
	 * The audience of its tokens unless asked otherwise.
	 * @return the service's name
	 */
	public String audience() {
		return this.audience;
	}

	/**
	 * A token for a user of this service.
	 * @param user the user, the token's subject
	 * @param roles its roles ({@code staff}, {@code admin})
	 * @return the signed token
	 */
	public String forUser(UUID user, String... roles) {
		return mint(new TokenRequest(user.toString(), List.of(roles), null, null, null));
	}

	/**
	 * A token as asked.
	 * @param request its subject, roles, scope, audience and lifetime
	 * @return the signed token
	 */
	public String mint(TokenRequest request) {
		return mint(request, Instant.now());
	}

	/**
	 * A token as asked, issued at a given moment (an expired one, for tests).
	 * @param request its subject, roles, scope, audience and lifetime
	 * @param issuedAt when it was issued
	 * @return the signed token
	 */
	public String mint(TokenRequest request, Instant issuedAt) {
		return mint(request, issuedAt, ISSUER);
	}

	/**
	 * A token signed with this issuer's key but naming another issuer, which the services
	 * must refuse.
	 * @param issuer the {@code iss} it claims
	 * @param request its subject, roles, scope, audience and lifetime
	 * @return the signed token
	 */
	public String mintClaimingIssuer(String issuer, TokenRequest request) {
		return mint(request, Instant.now(), issuer);
	}

	private String mint(TokenRequest request, Instant issuedAt, String issuer) {
		Duration lifetime = (request.expiresIn() != null) ? Duration.ofSeconds(request.expiresIn()) : DEFAULT_LIFETIME;
		JwtClaimsSet.Builder claims = JwtClaimsSet.builder()
			.issuer(issuer)
			.subject(request.sub())
			.audience((request.aud() != null && !request.aud().isEmpty()) ? request.aud() : List.of(this.audience))
			.issuedAt(issuedAt)
			.notBefore(issuedAt)
			.expiresAt(issuedAt.plus(lifetime))
			.id(UUID.randomUUID().toString());
		if (request.roles() != null && !request.roles().isEmpty()) {
			claims.claim("roles", new ArrayList<>(request.roles()));
		}
		if (request.scope() != null && !request.scope().isBlank()) {
			claims.claim("scope", request.scope());
		}
		JwsHeader header = JwsHeader.with(SignatureAlgorithm.RS256).keyId(this.key.getKeyID()).build();
		return this.encoder.encode(JwtEncoderParameters.from(header, claims.build())).getTokenValue();
	}

	/**
	 * A decoder that trusts this issuer's tokens only.
	 * @param validators what else a token must satisfy (its audience)
	 * @return the decoder
	 */
	public ReactiveJwtDecoder decoder(List<OAuth2TokenValidator<Jwt>> validators) {
		NimbusReactiveJwtDecoder decoder = NimbusReactiveJwtDecoder.withPublicKey(publicKey())
			.signatureAlgorithm(SignatureAlgorithm.RS256)
			.build();
		List<OAuth2TokenValidator<Jwt>> all = new ArrayList<>(validators);
		all.add(new JwtIssuerValidator(ISSUER));
		decoder.setJwtValidator(JwtValidators.createDefaultWithValidators(all));
		return decoder;
	}

	/**
	 * The public half, in the PEM form that
	 * {@code spring.security.oauth2.resourceserver.jwt.public-key-location} reads.
	 * @return the PEM text
	 */
	public String publicKeyPem() {
		String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
			.encodeToString(publicKey().getEncoded());
		return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
	}

	/**
	 * The public key.
	 * @return the key tokens are checked with
	 */
	public RSAPublicKey publicKey() {
		try {
			return this.key.toRSAPublicKey();
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static RSAKey generate() {
		try {
			return new RSAKeyGenerator(2048).keyID(UUID.randomUUID().toString()).generate();
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Writes a new key where another process may be writing one at the same moment: the
	 * first one in place wins, and everyone reads that one.
	 */
	private static RSAKey writeOrRead(Path file, RSAKey key) throws IOException, ParseException {
		Path directory = file.toAbsolutePath().getParent();
		PrivateFiles.createDirectories(directory);
		Path temporary;
		try {
			temporary = Files.createTempFile(directory, file.getFileName().toString(), ".tmp",
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		}
		catch (UnsupportedOperationException ex) {
			// Not a POSIX file system (Windows): the user's profile directory protects
			// it.
			temporary = Files.createTempFile(directory, file.getFileName().toString(), ".tmp");
		}
		try {
			Files.writeString(temporary, key.toJSONString());
			// A link, unlike a rename, fails when the name is taken.
			Files.createLink(file, temporary);
			return key;
		}
		catch (FileAlreadyExistsException ex) {
			return RSAKey.parse(Files.readString(file));
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

	/**
	 * What {@code POST /dev/tokens} takes.
	 *
	 * @param sub the subject: a user's id, or a sensor's for a device token
	 * @param roles its roles
	 * @param scope its scopes, separated by spaces
	 * @param aud its audiences; the service's name when none
	 * @param expiresIn its lifetime in seconds; an hour when none
	 */
	public record TokenRequest(String sub, List<String> roles, String scope, List<String> aud,
			@JsonProperty("expires_in") Long expiresIn) {

	}

}
