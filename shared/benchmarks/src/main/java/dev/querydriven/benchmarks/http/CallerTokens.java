package dev.querydriven.benchmarks.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.testsupport.devrun.DevTokens;
import dev.querydriven.testsupport.devrun.DevTokens.TokenRequest;

/**
 * The tokens of the callers a service's jar serves in the benchmarks and the process
 * tests: one key per service, generated once in the machine's temporary directory
 * (owner-only), whose public half the service trusts
 * ({@code spring.security.oauth2.resourceserver.jwt.public-key-location}, as in
 * production) and whose private half signs the callers' tokens. Every JVM of a run (the
 * suite's, the layer JVMs, the service JVMs, Gatling's) finds the same key by the
 * service's name. A token is signed once per caller and reused, so that the load
 * generator measures requests, not RSA signatures.
 */
public final class CallerTokens {

	private static final Path DIRECTORY = Path.of(System.getProperty("java.io.tmpdir"), "querydriven-caller-keys");

	private static final Map<String, CallerTokens> byService = new ConcurrentHashMap<>();

	private final DevTokens tokens;

	private final Path publicKey;

	private final Map<HttpCall.Caller, String> signed = new ConcurrentHashMap<>();

	private CallerTokens(DevTokens tokens, Path publicKey) {
		this.tokens = tokens;
		this.publicKey = publicKey;
	}

	/**
	 * The tokens of a service's callers.
	 * @param service the service's name, which its tokens' audience names
	 * @return the tokens
	 */
	public static CallerTokens of(String service) {
		return byService.computeIfAbsent(service, CallerTokens::load);
	}

	private static CallerTokens load(String service) {
		DevTokens tokens = DevTokens.keptIn(DIRECTORY.resolve(service + ".jwk.json"), service);
		Path pem = DIRECTORY.resolve(service + ".pem");
		try {
			String text = tokens.publicKeyPem();
			if (!Files.isRegularFile(pem) || !Files.readString(pem).equals(text)) {
				Path temporary = Files.createTempFile(DIRECTORY, service, ".pem.tmp");
				Files.writeString(temporary, text);
				Files.move(temporary, pem, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new CallerTokens(tokens, pem);
	}

	/**
	 * What makes the service trust these tokens.
	 * @return the property naming the public key
	 */
	public Map<String, String> serviceProperties() {
		return Map.of("spring.security.oauth2.resourceserver.jwt.public-key-location",
				"file:" + this.publicKey.toAbsolutePath());
	}

	/**
	 * The public key the callers' tokens are checked with.
	 * @return a PEM file
	 */
	public Path publicKey() {
		return this.publicKey;
	}

	/**
	 * The {@code Authorization} header of a caller.
	 * @param caller the token's claims
	 * @return {@code Bearer <token>}
	 */
	public String authorization(HttpCall.Caller caller) {
		return "Bearer " + this.signed.computeIfAbsent(caller, (claims) -> this.tokens
			.mint(new TokenRequest(claims.subject(), claims.roles(), claims.scope(), null, 86_400L)));
	}

}
